/// Changes to a question's box made as one step: a move, a new width and/or height, a new maximum
/// (each optional; what is left out stays).
public struct QuestionEdit: Sendable, Equatable {
    /// Where the box goes.
    public var move: QuestionMove?
    /// The new width and height in points.
    public var width: Double?, height: Double?
    /// The new maximum.
    public var max: Points?
    /// The new name as typed; blank gives the question back its p<page>q<n> name.
    public var label: String?

    /// An edit of the parts given.
    public init(move: QuestionMove? = nil, width: Double? = nil, height: Double? = nil, max: Points? = nil, label: String? = nil) {
        self.move = move
        self.width = width
        self.height = height
        self.max = max
        self.label = label
    }
}
