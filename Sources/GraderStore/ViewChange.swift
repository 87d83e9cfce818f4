import GraderCore

/// What a change does to what the grading views show, declared by the change itself: a server
/// patches its views with it instead of reading the whole project afresh (tens of milliseconds
/// at 1,000 students × 50 questions, on every score a team enters).
public enum ViewChange: Sendable, Equatable {
    /// `student`'s score on `question` is now `points` (nil: ungraded), typed or from the rubric.
    case score(question: QuestionID, student: StudentKey, points: Points?, byRubric: Bool)
    /// The rubric items `student` has on `question` are now `items`.
    case applied(question: QuestionID, student: StudentKey, items: [RubricItem])
}

/// The view changes one transaction declared: nil when it declared none (views then read the
/// project afresh), empty when it changes nothing they show (a claim, a grader's place).
final class ViewChangeNote {
    var changes: [ViewChange]?

    init(_ changes: [ViewChange]? = nil) { self.changes = changes }

    /// A note for a change that touches nothing the views show.
    static var unchanged: ViewChangeNote { ViewChangeNote([]) }
}
