@_spi(Rules) import GraderCore
import GraderStore

/// Rubric stamps: an item of a question placed where it applies on a student's page. Placing one
/// applies the item (the score follows), removing it takes the item off (a graded answer stays
/// graded); each is one undoable step.
/// A stamp moves like any annotation (`moveAnnotation`): the score stays.
extension GradingProject {
    /// Stamps `item` (an item of `question`, the answer being graded) at `position` on `student`'s
    /// `page`, applying it; returns the stamp and the score it makes. Refused for another question's
    /// item, for an item already stamped on the answer, and on an answer another grader scored
    /// unless `overwrite`.
    @discardableResult
    public func placeStamp(item: RubricItemID, question: QuestionID, student: StudentKey, page: Int, at position: PagePosition,
                           overwrite: Bool = false) throws -> (id: AnnotationID, score: Score) {
        try permit(overwrite ? .override : .applyRubric)
        let directory = try store.directory()
        _ = try GradingRules.page(page, pages: directory.pagesPerStudent)
        return try store.change(describedBy: { writer in
            "stamp item \(try writer.rubricItem(item).number) of \(try writer.question(question).name) on \(try writer.studentName(student)) page \(page)"
        }) { writer in
            let placed = try stamp(writer, item: item, question: question, student: student, page: page, at: position, overwrite: overwrite)
            try writer.leaveAnswerGroups(question: question, student: student)
            return placed
        }
    }

    /// Stamps `item` on one answer inside a change, as `placeStamp` does.
    func stamp(_ writer: ProjectWriter, item: RubricItemID, question: QuestionID, student: StudentKey, page: Int, at position: PagePosition,
               overwrite: Bool) throws -> (id: AnnotationID, score: Score) {
        let numbered = try writer.question(question), studentName = try writer.studentName(student)
        let current = try writer.directory()
        let point = try GradingRules.position(position, page: page, size: current.pageSize(try current.resolveStudent(key: student), page: page))
        let stamped = try writer.rubricItem(item)
        let items = try writer.rubricItems(question), has = try writer.appliedItemIDs(question: question, student: student)
        let placed = Dictionary(try writer.stamps(student: student).map { ($0.stamp.item, $0.page) }, uniquingKeysWith: { first, _ in first })
        let applied = try StampRules.stamping(stamped, itemQuestion: try writer.question(stamped.question).name, on: numbered,
                                              applied: items.filter { has.contains($0.id) }, stamped: placed)
        let before = try writer.scoreRecord(question: question, student: student)
        let id = try writer.insertAnnotation(.stamp(RubricStamp(item: item, position: point)), student: student, page: page)
        let score = try RubricChanges.setApplied(applied, of: items, student: student, question: question, adjustment: nil, writer).score
        try RubricChanges.takeOver(before, names: (studentName, numbered.name), by: grader, overwrite: overwrite, writer)
        return (id, score)
    }

    /// Takes the item of the stamp being removed (`stamp`, on `student`'s pages) off the answer,
    /// inside the change that removes it; an item removed meanwhile has nothing left to take off.
    func unstamp(_ stamp: RubricStamp, student: StudentKey, overwrite: Bool, _ writer: ProjectWriter) throws {
        guard let item = try? writer.rubricItem(stamp.item) else { return }
        let items = try writer.rubricItems(item.question), has = try writer.appliedItemIDs(question: item.question, student: student)
        let before = try writer.scoreRecord(question: item.question, student: student)
        _ = try RubricChanges.setApplied(StampRules.unstamping(item.id, applied: items.filter { has.contains($0.id) }), of: items,
                                         student: student, question: item.question, adjustment: nil, keepingGraded: before != nil, writer)
        try RubricChanges.takeOver(before, names: (try writer.studentName(student), try writer.question(item.question).name), by: grader,
                                   overwrite: overwrite, writer)
    }
}
