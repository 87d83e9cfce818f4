@_spi(Rules) import GraderCore
import GraderStore

/// The rubric rules applied inside a change that is already running: which items an answer
/// has (groups checked) and the score they make, re-computed wherever an item changes. A score
/// a grader typed is never changed by them.
enum RubricChanges {
    /// Makes exactly the items `numbers` of `question` applied to `student` (groups checked) and
    /// scores them, inside a change that is already running (a table import).
    @discardableResult
    static func setApplied(_ numbers: Set<Int>, student: StudentKey, question: QuestionID, _ writer: ProjectWriter) throws -> Score {
        let name = try writer.question(question).name
        let items = try writer.rubricItems(question)
        let wanted = try numbers.sorted().map { try item($0, in: items, question: name) }
        return try setApplied(try RubricRules.applying(wanted, to: [], question: name), of: items, student: student, question: question,
                              adjustment: nil, writer).score
    }

    /// Makes `applied` the items `student` has on `question` (the stamps of the others go) and
    /// records the score they make; returns it, and whether stamps went.
    static func setApplied(_ applied: [RubricItem], of items: [RubricItem], student: StudentKey, question: QuestionID,
                           adjustment: Points?, _ writer: ProjectWriter) throws -> (score: Score, removedStamps: Bool) {
        for item in items { try writer.setApplied(applied.contains(item), item: item.id, student: student) }
        let stamps = try writer.stamps(student: student).map { (id: $0.id, stamp: $0.stamp) }
        let orphaned = StampRules.orphaned(stamps, items: items, applied: applied)
        for id in orphaned { try writer.deleteAnnotation(id) }
        let score = try score(question, student: student, adjustment: try adjustment ?? writer.adjustment(question: question, student: student), writer)
        return (score, !orphaned.isEmpty)
    }

    /// `setApplied`, on an answer that `wasGraded`: when its last item comes off it keeps what no
    /// item gives, as a plain score, instead of going back to "?". Returns the score, whether it
    /// is the rubric's (not kept as a plain score), and whether stamps went.
    static func setApplied(_ applied: [RubricItem], of items: [RubricItem], student: StudentKey, question: QuestionID, adjustment: Points?,
                           keepingGraded wasGraded: Bool, _ writer: ProjectWriter) throws -> (score: Score, byRubric: Bool, removedStamps: Bool) {
        let (score, removedStamps) = try setApplied(applied, of: items, student: student, question: question, adjustment: adjustment, writer)
        guard score == .ungraded, wasGraded else { return (score, true, removedStamps) }
        let asked = try writer.question(question).question
        let kept = Score.points(RubricRules.scoreWithoutItems(max: asked.maxPoints, scoring: asked.scoring, adjustment: adjustment ?? .zero))
        try writer.setScore(kept, question: question, student: student)
        return (kept, false, removedStamps)
    }

    /// Items put on or taken off an answer another grader scored (`before`, read before the
    /// change) change their grading, whatever the total: refused unless `overwrite`, which the step records.
    static func takeOver(_ before: ScoreRecord?, names: (student: String, question: String), by grader: Grader, overwrite: Bool,
                         _ writer: ProjectWriter) throws {
        guard let before, before.isAnotherGradersThan(grader) else { return }
        let theirs = ForeignScore(student: names.student, question: names.question, score: .points(before.points), grader: before.grader)
        try writer.take([theirs], overwrite: overwrite, as: "replacing")
    }

    /// Re-scores `students` on `question` from their items, where their score comes from the rubric.
    static func rescore(_ question: QuestionID, students: [StudentKey], _ writer: ProjectWriter) throws {
        let fromRubric = Set(try writer.rubricScoredStudents(question: question))
        let rubric = try QuestionRubric(question, writer)
        for student in students where fromRubric.contains(student) {
            _ = try rubric.score(student, adjustment: try writer.adjustment(question: question, student: student), writer)
        }
    }

    /// Computes and records `student`'s rubric score on `question`.
    private static func score(_ question: QuestionID, student: StudentKey, adjustment: Points, _ writer: ProjectWriter) throws -> Score {
        try QuestionRubric(question, writer).score(student, adjustment: adjustment, writer)
    }

    /// A question's maximum, scoring and items, read once for scoring many students.
    private struct QuestionRubric {
        let question: NumberedQuestion
        let items: [RubricItem]

        init(_ id: QuestionID, _ writer: ProjectWriter) throws {
            question = try writer.question(id)
            items = try writer.rubricItems(id)
        }

        func score(_ student: StudentKey, adjustment: Points, _ writer: ProjectWriter) throws -> Score {
            let applied = try writer.appliedItemIDs(question: question.question.id, student: student)
            let score = RubricRules.score(max: question.question.maxPoints, scoring: question.question.scoring,
                                          applied: items.filter { applied.contains($0.id) }, adjustment: adjustment)
            try writer.setRubricScore(score, adjustment: adjustment, question: question.question.id, student: student)
            return score
        }
    }

    /// Item `number` of `question`, or the rule error naming how many it has.
    static func item(_ number: Int, of question: QuestionID, _ writer: ProjectWriter) throws -> RubricItem {
        try item(number, in: try writer.rubricItems(question), question: try writer.question(question).name)
    }

    /// Item `number` among `items` of the question called `question`.
    static func item(_ number: Int, in items: [RubricItem], question: String) throws(GradingError) -> RubricItem {
        guard let item = items.first(where: { $0.number == number }) else {
            throw .unknownRubricItem(question: question, number: number, count: items.count)
        }
        return item
    }
}
