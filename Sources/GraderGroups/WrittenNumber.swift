import GraderCore

/// The number a student wrote in a question's answer boxes, one digit a box, as the digit reader
/// saw it: the likeliest reading and how likely it is.
public struct WrittenNumber: Sendable, Equatable {
    /// The digits, left to right ("" when every box is empty); nil when the boxes do not hold one
    /// number (a gap between digits).
    public let value: String?
    /// The probability of this reading: the product of each box's probability of what it was read as.
    public let probability: Double

    /// The reading of `boxes` (left to right).
    public init(_ boxes: [DigitDistribution]) {
        var digits: [Character?] = [], probability = 1.0
        for box in boxes {
            let digit = box.best
            digits.append(digit)
            probability *= digit.flatMap { $0.wholeNumberValue }.map { box.digits[$0] } ?? box.empty
        }
        let written = digits.indices.filter { digits[$0] != nil }
        self.probability = probability
        if let first = written.first, let last = written.last {
            value = written.count == last - first + 1 ? String(written.compactMap { digits[$0] }) : nil
        } else {
            value = ""
        }
    }
}
