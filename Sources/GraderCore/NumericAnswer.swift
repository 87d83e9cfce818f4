import Foundation

/// A number written in a numeric field's digit columns (one digit bubbled per column), scored as
/// one question: right when it equals the key's number ("042" = "42").
@_spi(Rules) public enum NumericAnswer {
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
    public static func score(_ rows: [BubbleRowReading], key: AnswerKey.Entry?, block: BubbleBlock) -> Score? {
        guard let key, rows.count == block.rows, let read = value(rows) else { return nil }
        let right: Bool
        switch key.accepted {
        case .any: right = !read.isEmpty
        case .oneOf(let numbers): right = !read.isEmpty && numbers.contains { normalised($0.joined()) == normalised(read) }
        }
        return .points(right ? key.points ?? block.pointsPerQuestion : .zero)
    }

    /// A numeric field's accepted answers as its key is written: "042", "42|43", or "*".
    public static func keyText(_ accepted: AcceptedAnswers) -> String {
        switch accepted {
        case .any: "*"
        case .oneOf(let numbers): numbers.map { $0.joined() }.joined(separator: "|")
        }
    }

    /// A numeric field's key from text: the number ("042"), or in a key file one line
    /// "QUESTION NUMBER [POINTS]" ("46 042 2"); several accepted numbers as "42|43".
    public static func key(_ text: String, file: String?, block: BubbleBlock) throws(GradingError) -> AnswerKey {
        let lines = text.split(separator: "\n").map { $0.prefix { $0 != "#" }.trimmingCharacters(in: .whitespacesAndNewlines) }.filter { !$0.isEmpty }
        let fields = lines.first?.split(whereSeparator: \.isWhitespace).map(String.init) ?? []
        let fail = { (detail: String) -> GradingError in
            file.map { .badKeyFile(file: $0, line: nil, detail: detail) } ?? .badKey(detail)
        }
        guard lines.count == 1, (1...3).contains(fields.count) else {
            throw fail("numeric field '\(block.id)' takes one line: its number, or 'question number [points]' (e.g. '\(block.questionLabel(row: 0) ?? block.id) 042 2')")
        }
        let numberText = fields.count == 1 ? fields[0] : fields[1]
        var numbers: [[String]] = []
        for number in numberText.split(separator: "|") { numbers.append(try parseKey(String(number), block: block)) }
        var points: Points?
        if fields.count == 3 {
            guard let value = Points(fields[2]), value > .zero else { throw fail("points '\(fields[2])' must be a number above 0 in steps of 0.25") }
            points = value
        }
        return AnswerKey(rows: [AnswerKey.Entry(accepted: .oneOf(numbers), points: points)])
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
