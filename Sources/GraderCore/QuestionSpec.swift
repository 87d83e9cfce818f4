/// A question as a user or rubric gives it, before the rules check it against the project.
public struct QuestionSpec: Sendable, Equatable {
    /// Page number, from 1.
    public var page: Int
    /// Where its top-left corner goes.
    public var position: PagePosition
    /// Maximum points.
    public var maxPoints: Points
    /// Optional label.
    public var label: String?

    /// Creates a spec.
    public init(page: Int, position: PagePosition, maxPoints: Points, label: String?) {
        self.page = page
        self.position = position
        self.maxPoints = maxPoints
        self.label = label
    }
}
