/// Turns a machine reading into a score against the answer key. Only confident readings score:
/// an uncertain row, or several marks where one was expected, is left for a person ("?") and
/// listed for review — never guessed.
@_spi(Rules) public enum BubbleScoring {
    /// The score of one row, or nil when a person must decide (or there is no key for the row).
    /// A right answer (one the key accepts) earns the row's own points, else the block's.
    public static func score(_ reading: BubbleReading, key: AnswerKey.Entry?, block: BubbleBlock) -> Score? {
        guard let key, block.kind != .studentID, block.kind != .numeric else { return nil }
        switch reading {
        case .answered(let marked):
            return .points(key.accepted.accepts(marked) ? key.points ?? block.pointsPerQuestion : .zero)
        case .blank:
            return .points(.zero)
        case .multiple, .uncertain:
            return nil
        }
    }

    /// True when a person should look at the row.
    public static func needsReview(_ reading: BubbleReading) -> Bool {
        switch reading {
        case .multiple, .uncertain: true
        case .answered, .blank: false
        }
    }

    /// A row's reading as text for tables and messages: "B", "A+C", "blank", "multiple: A+D",
    /// "uncertain: light mark on B".
    public static func describe(_ reading: BubbleReading) -> String {
        switch reading {
        case .answered(let marked): marked.joined(separator: "+")
        case .blank: "blank"
        case .multiple(let marked): "multiple: " + marked.joined(separator: "+")
        case .uncertain(let reason): "uncertain: " + reason
        }
    }

    /// Parses an answer key typed as one entry per row, separated by commas or spaces ("A,C,B"
    /// or "ACBD" for single-answer blocks; "AC,B" for multiple-answer rows).
    public static func parseKey(_ text: String, block: BubbleBlock) throws(GradingError) -> [[String]] {
        let separated = text.contains(",") || text.contains(" ")
        let entries: [String] = separated
            ? text.split(whereSeparator: { $0 == "," || $0 == " " }).map(String.init)
            : text.map(String.init)
        guard entries.count == block.rows else {
            throw .badKey("the key has \(entries.count) answers but block '\(block.id)' has \(block.rows) questions")
        }
        return try entries.enumerated().map { row, entry throws(GradingError) in
            let answer = block.kind == .multipleAnswer ? entry.map(String.init) : [entry]
            for choice in answer where !block.choices.contains(choice) {
                throw .badKey("answer \(row + 1) is '\(entry)', but the choices are \(block.choices.joined(separator: ", "))")
            }
            return answer
        }
    }
}
