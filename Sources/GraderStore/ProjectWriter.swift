import Foundation
import GRDB
import GraderCore

/// The rows of a project, read and written inside one change's transaction.
public struct ProjectWriter {
    let db: Database

    /// The whole grade book as it stands in this transaction.
    public func gradeBook() throws -> GradeBook { try GradeBookReader.read(db) }

    /// Adds a student at the end of the list; returns their key.
    @discardableResult
    public func insertStudent(_ student: Student, scanFile: String, sha256: String, pageSizes: [PageSize]) throws -> StudentKey {
        let order = try Int.fetchOne(db, sql: "SELECT COALESCE(MAX(list_order), 0) + 1 FROM student")!
        try db.execute(sql: """
            INSERT INTO student (name, name_key, roster_id, email, scan_file, scan_sha256, page_sizes, list_order)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?)
            """, arguments: [student.name, student.nameKey, student.rosterID, student.email, scanFile, sha256,
                             PageSizesColumn.encode(pageSizes), order])
        return StudentKey(db.lastInsertedRowID)
    }

    /// Removes a student with their scores and annotations.
    public func deleteStudent(_ key: StudentKey) throws {
        try db.execute(sql: "DELETE FROM student WHERE id = ?", arguments: [key.rawValue])
    }

    /// Adds a question; returns its id.
    @discardableResult
    public func insertQuestion(page: Int, position: RelativePoint, maxPoints: Points, label: String?) throws -> QuestionID {
        try db.execute(sql: "INSERT INTO question (page, x, y, max_quarters, label) VALUES (?, ?, ?, ?, ?)",
                       arguments: [page, position.x, position.y, maxPoints.quarters, label])
        return QuestionID(db.lastInsertedRowID)
    }

    /// Changes a question's maximum points (for everyone).
    public func updateMaximum(_ question: QuestionID, to maxPoints: Points) throws {
        try db.execute(sql: "UPDATE question SET max_quarters = ? WHERE id = ?", arguments: [maxPoints.quarters, question.rawValue])
    }

    /// Removes a question and every score on it.
    public func deleteQuestion(_ question: QuestionID) throws {
        try db.execute(sql: "DELETE FROM question WHERE id = ?", arguments: [question.rawValue])
    }

    /// Sets or clears (`.ungraded`) one score; `source` says who entered it ("grader", "omr").
    public func setScore(_ score: Score, question: QuestionID, student: StudentKey, source: String = "grader") throws {
        guard let points = score.earned else {
            try db.execute(sql: "DELETE FROM score WHERE question_id = ? AND student_id = ?",
                           arguments: [question.rawValue, student.rawValue])
            return
        }
        try db.execute(sql: """
            INSERT INTO score (question_id, student_id, quarters, source) VALUES (?, ?, ?, ?)
            ON CONFLICT (question_id, student_id) DO UPDATE SET quarters = excluded.quarters, source = excluded.source
            WHERE quarters != excluded.quarters OR source != excluded.source
            """, arguments: [question.rawValue, student.rawValue, points.quarters, source])
    }

    /// Adds an annotation on a student's page; returns its id.
    @discardableResult
    public func insertAnnotation(_ content: AnnotationContent, student: StudentKey, page: Int) throws -> AnnotationID {
        try db.execute(sql: "INSERT INTO annotation (student_id, page, content) VALUES (?, ?, ?)",
                       arguments: [student.rawValue, page, try AnnotationColumn.encode(content)])
        return AnnotationID(db.lastInsertedRowID)
    }

    /// Replaces what an annotation draws (edit or move).
    public func updateAnnotation(_ id: AnnotationID, to content: AnnotationContent) throws {
        try db.execute(sql: "UPDATE annotation SET content = ? WHERE id = ?", arguments: [try AnnotationColumn.encode(content), id.rawValue])
    }

    /// Removes an annotation.
    public func deleteAnnotation(_ id: AnnotationID) throws {
        try db.execute(sql: "DELETE FROM annotation WHERE id = ?", arguments: [id.rawValue])
    }
}
