/// A group of one question's answers a grader confirmed, to be graded with one decision: a
/// student's answer is in at most one group of a question, and leaves it when graded on its own.
public struct AnswerGroup: Sendable, Equatable, Hashable {
    /// Its id in the project.
    public let id: Int64
    /// The question answered.
    public let question: QuestionID
    /// Why its answers were put together, as suggested ("blank", "number 42", "alike").
    public let kind: String
    /// The students whose answers are in it, in list order.
    public let members: [StudentKey]
    /// Who confirmed it.
    public let confirmedBy: String

    /// Creates a group.
    public init(id: Int64, question: QuestionID, kind: String, members: [StudentKey], confirmedBy: String) {
        (self.id, self.question, self.kind, self.members, self.confirmedBy) = (id, question, kind, members, confirmedBy)
    }
}
