/// What the digit reader saw in one handwritten box: a probability for each digit 0…9 and for
/// "the box is empty", summing to 1.
public struct DigitDistribution: Hashable, Sendable, Codable {
    /// P(0) … P(9).
    public let digits: [Double]
    /// P(the box is empty).
    public let empty: Double

    /// Wraps eleven probabilities (digits 0…9, then empty), renormalised to sum to 1; nil unless
    /// there are eleven finite, non-negative values with a positive sum.
    public init?(_ probabilities: [Double]) {
        guard probabilities.count == 11, probabilities.allSatisfy({ $0.isFinite && $0 >= 0 }) else { return nil }
        let sum = probabilities.reduce(0, +)
        guard sum > 0 else { return nil }
        digits = probabilities.prefix(10).map { $0 / sum }
        empty = probabilities[10] / sum
    }

    /// A box with nothing written in it.
    public static let blank = DigitDistribution([Double](repeating: 0, count: 10) + [1])!

    /// The most likely digit ("0"…"9"), or nil when "empty" is the most likely reading.
    public var best: Character? {
        let (digit, p) = digits.enumerated().max { $0.element < $1.element }!
        return p >= empty ? Character(String(digit)) : nil
    }
}
