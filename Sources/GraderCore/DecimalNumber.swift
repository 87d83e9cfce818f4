import Foundation

/// The one parser for numbers a user types — positions, shifts, sizes, points, scores,
/// resolutions — shared by every front end: a plain decimal ("430", "-20", "2.5", "+0.5"), never
/// hexadecimal, an exponent, "inf" or "nan", and never beyond `limit`, so every number that gets
/// past it fits every later arithmetic and integer conversion.
public enum DecimalNumber {
    /// The largest magnitude accepted: a million points is 350 m of paper, far past any page.
    public static let limit = 1_000_000.0

    /// `text` (spaces around it ignored) as a number; nil when it is not a plain decimal within
    /// ±`limit`.
    public static func parse<Text: StringProtocol>(_ text: Text, limit: Double = limit) -> Double? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        var unsigned = Substring(trimmed)
        if let sign = unsigned.first, sign == "+" || sign == "-" { unsigned = unsigned.dropFirst() }
        let parts = unsigned.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        let isDigits = { (part: Substring) in part.allSatisfy { $0.isASCII && $0.isWholeNumber } }
        guard parts.allSatisfy(isDigits), parts.contains(where: { !$0.isEmpty }),
              let magnitude = Double(unsigned), magnitude.isFinite, magnitude <= limit
        else { return nil }
        return trimmed.hasPrefix("-") ? -magnitude : magnitude
    }

    /// Points as people type them: a plain decimal with a decimal point or, as half the world
    /// writes it, a decimal comma ("7,5"); a leading minus or plus allowed.
    public static func points(_ text: String) -> Double? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let commas = trimmed.filter { $0 == "," }.count
        return parse(commas == 1 && !trimmed.contains(".") ? trimmed.replacingOccurrences(of: ",", with: ".") : trimmed)
    }

    /// `text` split at commas into exactly `count` numbers ("430,60"); nil when the count differs
    /// or any part is not a plain decimal within ±`limit`.
    public static func list(_ text: String, count: Int, limit: Double = limit) -> [Double]? {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count == count else { return nil }
        let values = parts.compactMap { parse($0, limit: limit) }
        return values.count == count ? values : nil
    }
}
