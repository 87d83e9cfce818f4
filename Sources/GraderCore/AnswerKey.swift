import Foundation

/// What one question of an answer key accepts.
public enum AcceptedAnswers: Hashable, Sendable {
    /// Every answer counts (a dropped question); a blank row still earns 0. Written "*".
    case any
    /// Any one of these sets of labels, in choice order (one label each on a single-answer
    /// block). Written "A|C" (either), "A+C" (A and C together), "A+C|B+D".
    case oneOf([[String]])

    /// The stored form: "*", or the alternatives joined by "|", their labels by "+".
    public var text: String {
        switch self {
        case .any: "*"
        case .oneOf(let alternatives): alternatives.map { $0.joined(separator: "+") }.joined(separator: "|")
        }
    }

    /// Reads the stored form (`text`); the key was checked when it was set.
    public init(stored: String) {
        self = stored == "*" ? .any
            : .oneOf(stored.split(separator: "|").map { $0.split(separator: "+").map(String.init) })
    }

    /// True when a confident reading of `marked` labels is right.
    public func accepts(_ marked: [String]) -> Bool {
        switch self {
        case .any: !marked.isEmpty
        case .oneOf(let alternatives): alternatives.contains { Set($0) == Set(marked) }
        }
    }

    /// The labels that appear in some accepted answer (none for "*", where no choice is keyed).
    public var keyedChoices: Set<String> {
        switch self {
        case .any: []
        case .oneOf(let alternatives): Set(alternatives.joined())
        }
    }

    /// True when more than one answer is accepted ("A|C", not "*").
    public var hasAlternatives: Bool {
        if case .oneOf(let alternatives) = self { return alternatives.count > 1 }
        return false
    }
}

/// The answer key of one bubble block: per row (question) what is accepted and, optionally, the
/// points the question is worth instead of the block's `pointsPerQuestion`.
///
/// Read from a key file, one line per question in any order, `#` starting a comment:
///
///     # question  answer   points (optional)
///     1   B
///     2   A|C        # either A or C is right
///     3   AC   2     # multiple-answer block: A and C together; worth 2 points
///     4   *          # every answer counts; a blank row still earns 0
///
/// or from the older one-line form, one answer per question in order ("ABDCE", "A,C,B", "AC,B").
public struct AnswerKey: Hashable, Sendable {
    /// One question of the key.
    public struct Entry: Hashable, Sendable {
        /// The answers that earn the points.
        public var accepted: AcceptedAnswers
        /// The question's own points; nil: the block's points per question.
        public var points: Points?

        /// Creates an entry.
        public init(accepted: AcceptedAnswers, points: Points? = nil) {
            self.accepted = accepted
            self.points = points
        }
    }

    /// One entry per row of the block, in row order.
    public var rows: [Entry]

    /// Creates a key from its rows.
    public init(rows: [Entry]) { self.rows = rows }

    /// Questions with their own points.
    public var ownPointsCount: Int { rows.filter { $0.points != nil }.count }
    /// Questions that accept several answers ("A|C").
    public var alternativesCount: Int { rows.filter { $0.accepted.hasAlternatives }.count }
    /// Questions where every answer counts ("*").
    public var anyCount: Int { rows.filter { $0.accepted == .any }.count }

    /// Parses a key for `block`. Without `file` the text is the one-line form (typed on the
    /// command line); from a file named `file` it is the per-question form, or the one-line form
    /// when the file holds a single line that does not start with a question number. Errors name
    /// the file, line and value.
    public static func parse(_ text: String, file: String?, block: BubbleBlock) throws(GradingError) -> AnswerKey {
        // A student-ID grid is read to name the student, never graded: a key for it means a mistyped block.
        if block.kind == .studentID { throw .keyOnIDBlock(block.id) }
        if block.kind == .numeric { return try NumericAnswer.key(text, file: file, block: block) }
        guard let file else { return oneLine(try BubbleScoring.parseKey(text, block: block)) }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().compactMap { index, line -> (number: Int, fields: [String])? in
            let content = line.prefix { $0 != "#" }.trimmingCharacters(in: .whitespacesAndNewlines)
            return content.isEmpty ? nil : (number: index + 1, fields: content.split(whereSeparator: \.isWhitespace).map(String.init))
        }
        if lines.count == 1, Int(lines[0].fields[0]) == nil || lines[0].fields.count == 1 {
            return oneLine(try BubbleScoring.parseKey(lines[0].fields.joined(separator: " "), block: block))
        }
        let fail = { (line: Int?, detail: String) in GradingError.badKeyFile(file: file, line: line, detail: detail) }
        guard block.kind != .studentID else { throw fail(nil, "block \(block.id) is a student-ID grid, which has no answer key") }
        let first = block.firstQuestionNumber, last = block.firstQuestionNumber + block.rows - 1
        let questions = first == last ? "question \(first)" : "questions \(first)–\(last)"
        guard !lines.isEmpty else {
            throw fail(nil, "no answers (block \(block.id) has \(questions)); write one line per question, e.g. '\(first) B'")
        }
        var entries: [Int: (entry: Entry, line: Int)] = [:]
        for (number, fields) in lines {
            guard let question = Int(fields[0]) else {
                throw fail(number, "'\(fields[0])' is not a question number; write 'question answer [points]', e.g. '\(first) B' or '\(first) B 2'")
            }
            guard (first...last).contains(question) else {
                throw fail(number, "question \(question) is not in block \(block.id) (it has \(questions))")
            }
            guard fields.count >= 2 else {
                throw fail(number, "question \(question) has no answer; write 'question answer [points]', e.g. '\(question) B'")
            }
            guard fields.count <= 3 else {
                throw fail(number, "too many values after question \(question) ('\(fields.dropFirst().joined(separator: " "))'); "
                    + "write 'question answer [points]', e.g. '\(question) B 2'")
            }
            if let earlier = entries[question] { throw fail(number, "question \(question) given twice (first on line \(earlier.line))") }
            let accepted: AcceptedAnswers
            do throws(AnswerProblem) { accepted = try answers(fields[1], block: block) } catch {
                throw fail(number, "question \(question) answer '\(fields[1])': \(error.detail)")
            }
            var points: Points?
            if fields.count == 3 {
                guard let value = Points(fields[2]), value > .zero else {
                    throw fail(number, "question \(question) points '\(fields[2])' must be a number above 0 in steps of 0.25 "
                        + "(e.g. 2 or 1.5); to drop the question, give * as its answer")
                }
                points = value
            }
            entries[question] = (Entry(accepted: accepted, points: points), number)
        }
        let missing = (first...last).filter { entries[$0] == nil }
        guard missing.isEmpty else {
            let list = missing.map(String.init).joined(separator: ", ")
            throw fail(nil, (missing.count == 1 ? "question \(list) is" : "questions \(list) are") + " missing (block \(block.id) has \(questions))")
        }
        return AnswerKey(rows: (first...last).map { entries[$0]!.entry })
    }

    private static func oneLine(_ rows: [[String]]) -> AnswerKey {
        AnswerKey(rows: rows.map { Entry(accepted: .oneOf([$0])) })
    }

    private struct AnswerProblem: Error { let detail: String }

    /// One answer field: "*", or alternatives separated by "|"; on a multiple-answer block each
    /// alternative lists its labels ("AC" or "A+C").
    private static func answers(_ text: String, block: BubbleBlock) throws(AnswerProblem) -> AcceptedAnswers {
        let choices = block.choices.joined(separator: ", ")
        if text == "*" { return .any }
        let parts = text.split(separator: "|", omittingEmptySubsequences: false).map(String.init)
        if parts.count > 1, parts.contains("*") { throw AnswerProblem(detail: "* stands alone (every answer counts)") }
        if parts.contains("") { throw AnswerProblem(detail: "an alternative is empty; separate accepted answers with |, e.g. A|C") }
        var alternatives: [[String]] = []
        for part in parts {
            let labels: [String]
            if block.choices.contains(part) {
                labels = [part]
            } else {
                labels = part.contains("+") ? part.split(separator: "+", omittingEmptySubsequences: false).map(String.init)
                    : part.map(String.init)
                if let unknown = labels.first(where: { !block.choices.contains($0) }) {
                    throw AnswerProblem(detail: unknown.isEmpty ? "an empty choice between + signs" : "\(unknown) is not a choice (\(choices))")
                }
                if block.kind == .singleAnswer {
                    throw AnswerProblem(detail: "block \(block.id) takes one answer per question; write \(labels.joined(separator: "|")) to accept any of them")
                }
                if let twice = labels.first(where: { label in labels.filter { $0 == label }.count > 1 }) {
                    throw AnswerProblem(detail: "\(twice) is given twice")
                }
            }
            let ordered = block.choices.filter(labels.contains)
            if !alternatives.contains(ordered) { alternatives.append(ordered) }
        }
        return .oneOf(alternatives)
    }
}
