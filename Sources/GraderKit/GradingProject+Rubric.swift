import GraderCore
import GraderStore

/// The dynamic rubric: per question, reusable items with points; a score computed from the items
/// applied follows every edit of an item, in one undoable step.
extension GradingProject {
    /// The items of `question`, numbered in list order.
    public func rubricItems(question: QuestionID) throws -> [RubricItem] { try store.rubricItems(question: question) }

    /// How many students each item of `question` is applied to.
    public func rubricUsage(question: QuestionID) throws -> [RubricItemID: Int] { try store.rubricUsage(question: question) }

    /// Adds an item at the end of `question`'s list.
    public func addRubricItem(question: QuestionID, text: String, explanation: String? = nil, points: Points,
                              group: String? = nil) throws -> RubricItem {
        try store.addRubricItem(question: question, text: text, explanation: explanation, points: points, group: group)
    }

    /// Changes item `number` of `question`; every student whose score comes from it is re-scored.
    public func editRubricItem(question: QuestionID, number: Int, text: String? = nil, explanation: String? = nil,
                               points: Points? = nil) throws -> RubricItem {
        try store.editRubricItem(question: question, number: number, text: text, explanation: explanation, points: points)
    }

    /// Removes item `number` of `question`; the students who had it are re-scored.
    public func removeRubricItem(question: QuestionID, number: Int) throws { try store.removeRubricItem(question: question, number: number) }

    /// Moves item `number` of `question` to `position` in its list (the items are renumbered; nobody's score changes).
    public func moveRubricItem(question: QuestionID, number: Int, to position: Int) throws {
        try store.moveRubricItem(question: question, number: number, to: position)
    }

    /// Scores `question` from the maximum down (deductions) or from zero up (credits).
    public func setScoring(_ scoring: RubricScoring, question: QuestionID) throws { try store.setScoring(scoring, question: question) }

    /// Applies and removes items (by number) on `student`'s `question`, with an optional
    /// adjustment; the score then comes from the rubric. Returns it. With `expected`, refused
    /// when someone changed the score meanwhile; without, when it would change another grader's
    /// score, unless `overwrite`.
    @discardableResult
    public func applyRubricItems(student: StudentKey, question: QuestionID, add: [Int], remove: [Int] = [],
                                 adjustment: Points? = nil, expected: Score? = nil, overwrite: Bool = false) throws -> Score {
        try store.applyRubricItems(student: student, question: question, add: add, remove: remove, adjustment: adjustment,
                                   expected: expected, overwrite: overwrite)
    }
}
