import Foundation
import GRDB
import GraderCore

/// A grader's hold on the answer they have open, so "next ungraded" hands everyone a different
/// one. Where a grader is, not grading: written in its own short transaction, never undoable.
public struct AnswerClaim: Sendable, Equatable {
    /// Who holds it.
    public let grader: String
    /// The answer held.
    public let question: QuestionID, student: StudentKey
}

extension ProjectStore {
    /// How long a claim holds without activity: 10 minutes is longer than anyone looks at one
    /// answer, and short enough that a grader who closed their laptop frees their answer before
    /// the others reach the end of the class.
    public static let claimLapse: TimeInterval = 600

    /// Every claim still held (none has lapsed), at `now`.
    public func claims(at now: Date = Date()) throws -> [AnswerClaim] {
        try read { db in
            guard try db.tableExists("claim") else { return [] }  // a read-only project of an older schema
            return try Row.fetchAll(db, sql: "SELECT grader, question_id, student_id FROM claim WHERE at > ?",
                                    arguments: [now.timeIntervalSince1970 - Self.claimLapse]).map { row in
                AnswerClaim(grader: row["grader"], question: QuestionID(row["question_id"]), student: StudentKey(row["student_id"]))
            }
        }
    }

    /// Makes the answer this grader's claim (replacing the one they held), unless another grader
    /// holds it and `onPurpose` is false, and — in the same transaction — `position` (when given)
    /// their place in their order. Returns the other graders holding it; when they are not empty
    /// and `onPurpose` is false, nothing was written.
    public func claim(student: StudentKey, question: QuestionID, onPurpose: Bool, position: Int? = nil, at now: Date = Date()) throws -> [String] {
        try run(.unchanged) { db in
            let others = try String.fetchAll(db, sql: """
                SELECT grader FROM claim WHERE question_id = ? AND student_id = ? AND grader <> ? AND at > ? ORDER BY grader
                """, arguments: [question.rawValue, student.rawValue, grader.name, now.timeIntervalSince1970 - Self.claimLapse])
            guard others.isEmpty || onPurpose else { return others }
            try db.execute(sql: """
                INSERT INTO claim (grader, question_id, student_id, at) VALUES (?, ?, ?, ?)
                ON CONFLICT (grader) DO UPDATE SET question_id = excluded.question_id, student_id = excluded.student_id, at = excluded.at
                """, arguments: [grader.name, question.rawValue, student.rawValue, now.timeIntervalSince1970])
            if let position { try Self.save(try Self.place(of: grader, in: db).order, position: position, for: grader, in: db) }
            return others
        }
    }

    /// Gives up this grader's claim (they stopped grading).
    public func releaseClaim() throws {
        try run(.unchanged) { db in try db.execute(sql: "DELETE FROM claim WHERE grader = ?", arguments: [grader.name]) }
    }

    /// Changes when a claim is taken, moved or given up (part of the change stamp).
    static func claimStamp(_ db: Database) throws -> String {
        guard try db.tableExists("claim") else { return "" }
        return try String.fetchOne(db, sql: "SELECT count(*) || '-' || ifnull(max(at), 0) FROM claim") ?? ""
    }
}
