import Foundation

/// A number written in a numeric field's digit columns (one digit bubbled per column), scored as
/// one question: right when it equals the key's number ("042" = "42").
public enum NumericAnswer {
    /// The number the rows read: the digits of the marked columns, read left to right. Empty
    /// columns may lead or trail (a short number in a wide field), not sit between digits. Nil when
    /// a person must look (an uncertain or doubly marked column, a gap); "" when nothing is marked.
    public static func value(_ rows: [BubbleRowReading]) -> String? {
        var digits: [String?] = []
        for row in rows.sorted(by: { $0.row < $1.row }) {
            switch row.reading {
            case .answered(let labels) where labels.count == 1: digits.append(labels[0])
            case .blank: digits.append(nil)
            default: return nil
            }
        }
        let marked = digits.indices.filter { digits[$0] != nil }
        guard let first = marked.first, let last = marked.last else { return "" }
        guard marked.count == last - first + 1 else { return nil }
        return marked.map { digits[$0]! }.joined()
    }

    /// The score of a numeric field's rows against the key's digits; nil when a person must decide
    /// or there is no key.
    public static func score(_ rows: [BubbleRowReading], key: [String]?, block: BubbleBlock) -> Score? {
        guard let key, rows.count == block.rows, let read = value(rows) else { return nil }
        return .points(!read.isEmpty && normalised(read) == normalised(key.joined()) ? block.pointsPerQuestion : .zero)
    }

    /// Parses a numeric field's key: the number's digits ("042" or "42"), at most one per column.
    public static func parseKey(_ text: String, block: BubbleBlock) throws(GradingError) -> [String] {
        let digits = text.trimmingCharacters(in: .whitespaces)
        guard !digits.isEmpty, digits.allSatisfy({ block.choices.contains(String($0)) }), digits.count <= block.rows else {
            throw .badKey("the key of numeric field '\(block.id)' must be a number of at most \(block.rows) digits, not '\(text)'")
        }
        return digits.map(String.init)
    }

    private static func normalised(_ digits: String) -> String {
        let trimmed = digits.drop { $0 == "0" }
        return trimmed.isEmpty ? "0" : String(trimmed)
    }
}
