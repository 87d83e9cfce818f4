/// Identifies a rubric item within a project.
public struct RubricItemID: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The stored row id.
    public let rawValue: Int64
    /// Wraps a stored id.
    public init(_ rawValue: Int64) { self.rawValue = rawValue }
    public static func < (lhs: RubricItemID, rhs: RubricItemID) -> Bool { lhs.rawValue < rhs.rawValue }
    public var description: String { "rubric item #\(rawValue)" }
}

/// How a question's rubric items make its score: down from the maximum (deductions, the
/// default) or up from zero (credits).
public enum RubricScoring: String, Sendable, Hashable, CaseIterable {
    /// Maximum plus the items' (usually negative) points.
    case deductions
    /// Zero plus the items' points.
    case credits
}

/// Reusable feedback on one question: a short text with points, applied to students with one
/// key. Editing it changes it for every student who has it.
public struct RubricItem: Hashable, Sendable {
    /// Its id.
    public let id: RubricItemID
    /// The question it belongs to.
    public let question: QuestionID
    /// Its number on the question, from 1, in list order.
    public let number: Int
    /// The short text ("Sign error").
    public var text: String
    /// A longer explanation, if any.
    public var explanation: String?
    /// Points, negative for a deduction.
    public var points: Points
    /// A group in which at most one item may be applied, if any.
    public var group: String?

    /// Creates an item.
    public init(id: RubricItemID, question: QuestionID, number: Int, text: String, explanation: String? = nil,
                points: Points, group: String? = nil) {
        self.id = id
        self.question = question
        self.number = number
        self.text = text
        self.explanation = explanation
        self.points = points
        self.group = group
    }

    /// "−1 Sign error", "+2 Correct set-up": how the item reads on a graded page.
    public var label: String { "\(signedPoints) \(text)" }

    /// "−1", "+2": the item's points with their sign.
    public var signedPoints: String { (points.quarters < 0 ? "−" : "+") + Points(quarters: abs(points.quarters)).description }
}

/// The rules of rubric scoring.
@_spi(Rules) public enum RubricRules {
    /// The score `applied` items and `adjustment` give on a question worth `max` scored by
    /// `scoring`, kept within 0…max; ungraded when nothing is applied and there is no adjustment.
    public static func score(max: Points, scoring: RubricScoring, applied: [RubricItem], adjustment: Points) -> Score {
        guard !applied.isEmpty || adjustment != .zero else { return .ungraded }
        let base = scoring == .deductions ? max : .zero
        let total = applied.reduce(base + adjustment) { $0 + $1.points }
        return .points(Swift.min(Swift.max(total, .zero), max))
    }

    /// The score a graded answer keeps when a grader takes its last item off: what no item gives
    /// (the maximum by deductions, zero by credits, with the adjustment), kept within 0…max.
    /// Taking an item off never turns a graded answer back to ungraded: "?" does that.
    public static func scoreWithoutItems(max: Points, scoring: RubricScoring, adjustment: Points) -> Points {
        let base = scoring == .deductions ? max : .zero
        return Swift.min(Swift.max(base + adjustment, .zero), max)
    }

    /// The items applied after adding `added` to `current`; refused when two would share a group.
    public static func applying(_ added: [RubricItem], to current: [RubricItem], question: String) throws(GradingError) -> [RubricItem] {
        var result = current
        for item in added where !result.contains(where: { $0.id == item.id }) {
            if let group = item.group, let other = result.first(where: { $0.group == group }) {
                throw .rubricGroupTaken(question: question, group: group, applied: other.number, refused: item.number)
            }
            result.append(item)
        }
        return result
    }

    /// Items typed in a grading session: "i1 i3" applies items 1 and 3, "-i2" removes item 2;
    /// nil when the text is not such a list.
    public static func typedItems(_ text: String) -> (add: [Int], remove: [Int])? {
        var add: [Int] = [], remove: [Int] = []
        for word in text.split(whereSeparator: { $0 == " " || $0 == "," }) {
            let removing = word.hasPrefix("-")
            let body = removing ? word.dropFirst() : word[...]
            guard body.first == "i" || body.first == "I", let number = Int(body.dropFirst()), number > 0 else { return nil }
            if removing { remove.append(number) } else { add.append(number) }
        }
        return add.isEmpty && remove.isEmpty ? nil : (add, remove)
    }

    /// A valid item text: not empty, at most 200 characters.
    public static func text(_ text: String) throws(GradingError) -> String {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty, trimmed.count <= 200 else { throw .badRubricText(text) }
        return trimmed
    }

    /// An item's explanation as kept: trimmed, nil when nothing is left.
    public static func explanation(_ text: String?) -> String? { nonEmpty(text?.trimmingCharacters(in: .whitespacesAndNewlines)) }

    /// An item's group as kept: trimmed of spaces, nil when nothing is left.
    public static func group(_ text: String?) -> String? { nonEmpty(text?.trimmingCharacters(in: .whitespaces)) }

    private static func nonEmpty(_ text: String?) -> String? { text?.isEmpty == false ? text : nil }
}
