import GRDB
import GraderCore

/// Rubric stamps (annotations that show a rubric item), read and removed inside one change's transaction.
extension ProjectWriter {
    /// The stamps on `student`'s pages (every student's when nil), oldest first, each with its id and page.
    public func stamps(student: StudentKey? = nil) throws -> [(id: AnnotationID, page: Int, stamp: RubricStamp)] {
        // A stamp's JSON starts with its case name (keys sorted, one key): the other kinds are never decoded.
        let rows = try Row.fetchAll(db, sql: """
            SELECT id, page, content FROM annotation WHERE content LIKE '{"stamp":%' \(student == nil ? "" : "AND student_id = ?") ORDER BY id
            """, arguments: StatementArguments(student.map { [$0.rawValue] } ?? []))
        return try rows.compactMap { row in
            guard case .stamp(let stamp) = try AnnotationColumn.decode(row) else { return nil }
            return (AnnotationID(row["id"]), row["page"], stamp)
        }
    }

    /// The rubric item with `id`, or the rule error that says there is none.
    public func rubricItem(_ id: RubricItemID) throws -> RubricItem {
        guard let question = try Int64.fetchOne(db, sql: "SELECT question_id FROM rubric_item WHERE id = ?", arguments: [id.rawValue]),
              let item = try rubricItems(QuestionID(question)).first(where: { $0.id == id })
        else { throw GradingError.unknownRubricItemID(id) }
        return item
    }

    /// Removes the stamps of `items` from every page: an item that goes takes its stamps with it.
    func deleteStamps(of items: Set<RubricItemID>) throws {
        for stamp in try stamps() where items.contains(stamp.stamp.item) { try deleteAnnotation(stamp.id) }
    }
}
