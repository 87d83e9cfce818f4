/// A score another grader gave, which a change would replace: refused unless the change says
/// it overwrites.
public struct ForeignScore: Sendable, Equatable {
    /// The student's and the question's names, as shown.
    public let student: String, question: String
    /// The score standing.
    public let score: Score
    /// Who gave it.
    public let grader: String

    /// A score `grader` gave `student` on `question`.
    public init(student: String, question: String, score: Score, grader: String) {
        self.student = student
        self.question = question
        self.score = score
        self.grader = grader
    }
}
