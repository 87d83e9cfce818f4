import GRDB
import GraderCore

/// A given score with who gave it and when.
public struct ScoreRecord: Sendable, Equatable {
    /// The points.
    public let points: Points
    /// What entered it: "grader" (typed) or "omr" (machine-read).
    public let source: String
    /// Who gave it ("" for scores given before graders were recorded).
    public let grader: String
    /// When (UTC, ISO 8601; "" when not recorded).
    public let at: String

    /// True when `grader` did not give it and someone did by hand (machine readings are no one's judgement).
    public func isAnotherGradersThan(_ grader: Grader) -> Bool { source != "omr" && !grader.name.isEmpty && !self.grader.isEmpty && self.grader != grader.name }

    init(_ row: Row) {
        points = Points(quarters: row["quarters"])
        source = row["source"]
        grader = row["grader"]
        at = row["graded_at"]
    }

    /// One student's score on one question; nil when ungraded.
    static func fetch(_ db: Database, question: QuestionID, student: StudentKey) throws -> ScoreRecord? {
        try Row.fetchOne(db, sql: "SELECT quarters, source, grader, graded_at FROM score WHERE question_id = ? AND student_id = ?",
                         arguments: [question.rawValue, student.rawValue]).map(ScoreRecord.init)
    }
}

extension ProjectStore {
    /// Every given score with its grader and time: question → student → record.
    public func scoreRecords() throws(StoreError) -> [QuestionID: [StudentKey: ScoreRecord]] {
        try read { db in
            var records: [QuestionID: [StudentKey: ScoreRecord]] = [:]
            for row in try Row.fetchAll(db, sql: "SELECT question_id, student_id, quarters, source, grader, graded_at FROM score") {
                records[QuestionID(row["question_id"]), default: [:]][StudentKey(row["student_id"])] = ScoreRecord(row)
            }
            return records
        }
    }
}

extension ProjectStore {
    /// One student's score on one question with who gave it; nil when ungraded.
    public func scoreRecord(question: QuestionID, student: StudentKey) throws -> ScoreRecord? {
        try read { db in try ScoreRecord.fetch(db, question: question, student: student) }
    }
}
