import Foundation
@_spi(Rules) import GraderCore

/// The class at a glance: every student (in the grader's order) × every question, with the
/// score or "?", who gave it and who has it open.
public struct ClassOverview: Sendable, Equatable, Encodable {
    /// A column.
    public struct Column: Sendable, Equatable, Encodable {
        /// The question's id, name, page and maximum.
        public let id: Int64, name: String, page: Int, max: String
    }

    /// A row.
    public struct Row: Sendable, Equatable, Encodable {
        /// The student's key and shown name (a pseudonym while grading is anonymous).
        public let student: Int64, name: String
        /// One score per column ("?" while ungraded) and who gave it ("" when nobody has).
        public let scores: [String], graders: [String]
        /// Per column, the other graders who have that answer open now, "Ben, Cy" ("" when none).
        public let holders: [String]
        /// "17.5 / 24".
        public let total: String
    }

    /// The questions in reading order.
    public let questions: [Column]
    /// The students.
    public let students: [Row]
}

extension GradingProject {
    /// Every score of the class, students in this grader's order.
    public func classOverview() throws -> ClassOverview {
        let model = try views.snapshot(store), book = model.book
        let records = try views.scoreRecords(store, at: model), names = model.names, held = try answersHeldByOthers()
        let order = try place().order
        let students = GradingSequence(studentCount: book.students.count, pagesPerStudent: book.pagesPerStudent, order: order).studentOrder
        let maximum = GradeTable.maximum(book)
        return ClassOverview(
            questions: book.questions.map { .init(id: $0.question.id.rawValue, name: $0.name, page: $0.question.page, max: $0.question.maxPoints.description) },
            students: students.map { id in
                let key = book.students[id.index].key
                return ClassOverview.Row(
                    student: key.rawValue, name: names[key] ?? "",
                    scores: book.questions.map { book.score($0.question.id, id).description },
                    graders: book.questions.map { records[$0.question.id]?[key]?.grader ?? "" },
                    holders: book.questions.map { held[$0.question.id]?[key]?.joined(separator: ", ") ?? "" },
                    total: "\(GradeTable.earned(book, id)) / \(maximum)")
            })
    }

    /// `page` of `student` as a grading view draws it over the scan.
    public func pageLayer(student: StudentKey, page: Int) throws -> PageLayer {
        let model = try views.snapshot(store), book = model.book
        let id = try book.directory.resolveStudent(key: student)
        return PageLayer(book, student: id, page: try GradingRules.page(page, pages: book.pagesPerStudent), images: model.imageStamp)
    }

    /// The same project, with changes recorded as made by `grader` (a server acts for many graders).
    public func acting(as grader: Grader) -> GradingProject { acting(as: grader, role: role) }

    /// The same project, with changes recorded as `grader`'s and allowed as `role` allows.
    public func acting(as grader: Grader, role: GraderRole) -> GradingProject {
        GradingProject(folder: folder, store: store.acting(as: grader), views: views, role: role)
    }

    /// Changes whenever anyone records, undoes or redoes a change, or the grading setting changes.
    public func changeStamp() throws -> String { try store.changeStamp() }

    /// Changes whenever anyone — this process or another — commits anything to the project (a
    /// score, a claim, a setting): one cheap look at SQLite's data version, no table read.
    public func changeVersion() throws -> String { try store.changes.version().description }

    /// Calls `listener` right after each change this process commits, until `stopWatching` is
    /// called with the returned id (other processes' changes show in `changeVersion`).
    public func watchChanges(_ listener: @escaping @Sendable () -> Void) -> UUID { store.changes.listen(listener) }

    /// Stops calling the listener `id`.
    public func stopWatching(_ id: UUID) { store.changes.stop(id) }
}
