/// How one version prints one bubble block: for each printed row, the exam question it asks and
/// the exam's choice behind each printed bubble. Readings are turned into the exam's order
/// through it, so the exam's answer key, scores and statistics apply to every version.
///
/// Read from a file, one line per printed question, `#` starting a comment:
///
///     # printed question   exam question   exam choice of each printed bubble (optional)
///     1   3   CABDE        # the version's question 1 is the exam's 3; its A is the exam's C …
///     2   1                # the same choices in the same order
///     3   2   B,A,C,D,E
///
/// Question numbers are the block's (from its first question number); every printed question is
/// listed once, and each exam question is asked once.
public struct VersionKey: Hashable, Sendable {
    /// One printed row.
    public struct Row: Hashable, Sendable {
        /// The exam's row (0-based) this printed row asks.
        public let examRow: Int
        /// The exam's choice label of each printed bubble, in printed order.
        public let choices: [String]

        /// Creates a row.
        public init(examRow: Int, choices: [String]) {
            self.examRow = examRow
            self.choices = choices
        }
    }

    /// Indexed by printed row.
    public let rows: [Row]

    /// Creates a key from its rows.
    public init(rows: [Row]) { self.rows = rows }

    /// The same questions and choices in the same order.
    public static func identity(_ block: BubbleBlock) -> VersionKey {
        VersionKey(rows: (0..<block.rows).map { Row(examRow: $0, choices: block.choices) })
    }

    /// The kinds whose rows are questions with choices, which a version may reorder.
    public static func applies(to kind: BubbleBlockKind) -> Bool {
        kind == .singleAnswer || kind == .multipleAnswer
    }

    /// Parses the key file `file` (its text) of one version for `block`; errors name the file,
    /// line and value.
    public static func parse(_ text: String, file: String, block: BubbleBlock) throws(GradingError) -> VersionKey {
        let fail = { (line: Int?, detail: String) in GradingError.badKeyFile(file: file, line: line, detail: detail) }
        guard applies(to: block.kind) else {
            throw fail(nil, "block \(block.id) is not a block of questions with choices; only single- and multiple-answer blocks have a key per version")
        }
        let first = block.firstQuestionNumber, last = first + block.rows - 1
        let example = "write 'printed-question exam-question [choices]', e.g. '\(first) \(last) \(block.choices.reversed().joined())'"
        var printed: [Int: (row: Row, line: Int)] = [:], asked: [Int: Int] = [:]
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let fields = line.prefix { $0 != "#" }.split(whereSeparator: \.isWhitespace).map(String.init)
            guard !fields.isEmpty else { continue }
            let number = index + 1
            guard fields.count <= 3, let question = Int(fields[0]), fields.count >= 2, let exam = Int(fields[1]) else {
                throw fail(number, "'\(fields.joined(separator: " "))' is not a question mapping; \(example)")
            }
            for value in [question, exam] where !(first...last).contains(value) {
                throw fail(number, "question \(value) is not in block \(block.id) (it has questions \(first)–\(last))")
            }
            if let earlier = printed[question] { throw fail(number, "printed question \(question) given twice (first on line \(earlier.line))") }
            if let earlier = asked[exam] { throw fail(number, "exam question \(exam) is asked twice (first by printed question \(earlier))") }
            let choices = fields.count == 3 ? try Self.choices(fields[2], block: block, line: number, fail: fail) : block.choices
            printed[question] = (Row(examRow: exam - first, choices: choices), number)
            asked[exam] = question
        }
        let missing = (first...last).filter { printed[$0] == nil }
        guard missing.isEmpty else {
            throw fail(nil, "printed question\(missing.count == 1 ? "" : "s") \(missing.map(String.init).joined(separator: ", ")) missing "
                + "(block \(block.id) has questions \(first)–\(last)); every printed question needs a line")
        }
        return VersionKey(rows: (first...last).map { printed[$0]!.row })
    }

    /// The printed choices as exam labels: "CABDE" or "C,A,B,D,E", each exam choice once.
    private static func choices(_ text: String, block: BubbleBlock, line: Int,
                                fail: (Int?, String) -> GradingError) throws(GradingError) -> [String] {
        let labels = text.contains(",") ? text.split(separator: ",", omittingEmptySubsequences: false).map(String.init) : text.map(String.init)
        guard labels.count == block.choices.count, Set(labels) == Set(block.choices) else {
            throw fail(line, "'\(text)' must name each of the \(block.choices.count) choices \(block.choices.joined()) once, "
                + "in the order the version prints them")
        }
        return labels
    }

    /// The key as its file form, one line per printed question.
    public func text(block: BubbleBlock) -> String {
        rows.enumerated().map { row, entry in
            "\(block.firstQuestionNumber + row) \(block.firstQuestionNumber + entry.examRow) \(entry.choices.joined(separator: ","))"
        }.joined(separator: "\n") + "\n"
    }

    /// The printed rows' readings in the exam's order: exam rows, exam labels (in the exam's
    /// choice order) and each fill under the exam's choice.
    public func examReadings(_ printed: [BubbleRowReading], block: BubbleBlock) -> [BubbleRowReading] {
        printed.compactMap { reading in
            guard rows.indices.contains(reading.row) else { return nil }
            let row = rows[reading.row]
            func exam(_ labels: [String]) -> [String] {
                let mapped = Set(labels.compactMap { label in block.choices.firstIndex(of: label).flatMap { row.choices.indices.contains($0) ? row.choices[$0] : nil } })
                return block.choices.filter(mapped.contains)
            }
            let translated: BubbleReading = switch reading.reading {
            case .answered(let labels): .answered(exam(labels))
            case .multiple(let labels): .multiple(exam(labels))
            case .blank, .uncertain: reading.reading
            }
            let fills = block.choices.map { label in
                row.choices.firstIndex(of: label).flatMap { reading.fills.indices.contains($0) ? reading.fills[$0] : nil } ?? 0
            }
            return BubbleRowReading(row: row.examRow, questionNumber: block.questionNumber(row: row.examRow), reading: translated, fills: fills)
        }
    }
}
