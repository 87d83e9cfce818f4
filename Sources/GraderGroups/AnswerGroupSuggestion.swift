/// A group of one question's answers that look alike enough to be graded with one decision —
/// a suggestion: a grader confirms it (or fixes it) before anything is graded by it.
public struct AnswerGroupSuggestion: Sendable, Equatable {
    /// Why the answers are together.
    public enum Kind: Sendable, Equatable, Hashable {
        /// No ink added over the print.
        case blank
        /// The same number read in the answer boxes.
        case number(String)
        /// Ink that looks alike.
        case alike
    }

    /// Why the answers are together.
    public let kind: Kind
    /// The answers (indices into the class's answers, ascending).
    public let members: [Int]
    /// How sure the suggestion is of each member (in `members` order), 0…1.
    public let memberConfidences: [Double]

    /// From this confidence on, a group is shown as confident: none in the generated class above it
    /// held an answer that did not belong.
    public static let confident = 0.5

    /// Creates a suggestion.
    public init(kind: Kind, members: [Int], memberConfidences: [Double]) {
        self.kind = kind
        self.members = members
        self.memberConfidences = memberConfidences
    }

    /// How sure the suggestion is of its least sure member.
    public var confidence: Double { memberConfidences.min() ?? 1 }

    /// True when the group is shown as confident.
    public var isConfident: Bool { confidence >= Self.confident }
}
