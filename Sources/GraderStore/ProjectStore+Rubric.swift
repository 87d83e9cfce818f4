import GRDB
import GraderCore

/// Rubric items as stored: read for a grading view and the course overview.
extension ProjectStore {
    /// The items of `question`, numbered in list order.
    public func rubricItems(question: QuestionID) throws -> [RubricItem] {
        try read { db in try GradeBookReader.rubricItems(db, question: question)[question] ?? [] }
    }

    /// How many students each item of `question` is applied to.
    public func rubricUsage(question: QuestionID) throws -> [RubricItemID: Int] {
        try read { db in
            Dictionary(uniqueKeysWithValues: try Row.fetchAll(db, sql: """
                SELECT rubric_item.id AS item, COUNT(applied_item.id) AS uses FROM rubric_item
                LEFT JOIN applied_item ON applied_item.item_id = rubric_item.id
                WHERE rubric_item.question_id = ? GROUP BY rubric_item.id
                """, arguments: [question.rawValue]).map { (RubricItemID($0["item"]), $0["uses"] as Int) })
        }
    }
}
