/// A question as a user or rubric gives it, before the rules check it against the project.
public struct QuestionSpec: Sendable, Equatable {
    /// A rubric item as a rubric file gives it.
    public struct Item: Sendable, Equatable {
        /// The short text.
        public var text: String
        /// Points, negative for a deduction.
        public var points: Points
        /// A group in which at most one item may be applied, if any.
        public var group: String?
        /// A longer explanation, if any.
        public var explanation: String?

        /// Creates an item spec.
        public init(text: String, points: Points, group: String? = nil, explanation: String? = nil) {
            self.text = text
            self.points = points
            self.group = group
            self.explanation = explanation
        }
    }

    /// Page number, from 1.
    public var page: Int
    /// Where its top-left corner goes.
    public var position: PagePosition
    /// The box's width and height in points.
    public var size: BoxSize
    /// Maximum points.
    public var maxPoints: Points
    /// Optional label.
    public var label: String?
    /// How its rubric items make a score.
    public var scoring: RubricScoring
    /// Its rubric items, in list order.
    public var items: [Item]

    /// Creates a spec.
    public init(page: Int, position: PagePosition, size: BoxSize = .standard, maxPoints: Points, label: String?,
                scoring: RubricScoring = .deductions, items: [Item] = []) {
        self.page = page
        self.position = position
        self.size = size
        self.maxPoints = maxPoints
        self.label = label
        self.scoring = scoring
        self.items = items
    }
}
