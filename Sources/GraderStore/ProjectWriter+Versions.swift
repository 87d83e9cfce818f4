import GRDB
import GraderCore

/// Writes the exam's versions, where questions sit on them, their keys and students' versions.
extension ProjectWriter {
    /// Adds a version: with its reference scan (inside the project folder) and page sizes, or
    /// sharing the project's reference pages.
    public func insertVersion(_ version: ExamVersion) throws {
        try db.execute(sql: "INSERT INTO exam_version (name, reference_scan, reference_sizes) VALUES (?, ?, ?)",
                       arguments: [version.name, version.referenceScan,
                                   version.referenceScan == nil ? nil : PageSizesColumn.encode(version.referenceSizes)])
    }

    /// Places `question` on `version` (replacing where it sat there).
    public func setVersionPlacement(_ placement: VersionPlacement, question: QuestionID, version: String) throws {
        try db.execute(sql: """
            INSERT INTO version_placement (version_id, question_id, page, x, y)
            SELECT id, ?, ?, ?, ? FROM exam_version WHERE name = ?
            ON CONFLICT (version_id, question_id) DO UPDATE SET page = excluded.page, x = excluded.x, y = excluded.y
            """, arguments: [question.rawValue, placement.page, placement.position.x, placement.position.y, version])
    }

    /// Places bubble block `block` on `version` (replacing where it sat there).
    public func setVersionBlockPlacement(_ placement: BlockPlacement, block: String, version: String) throws {
        try db.execute(sql: """
            INSERT INTO version_block_placement (version_id, block_id, page, x, y)
            SELECT id, ?, ?, ?, ? FROM exam_version WHERE name = ?
            ON CONFLICT (version_id, block_id) DO UPDATE SET page = excluded.page, x = excluded.x, y = excluded.y
            """, arguments: [block, placement.page, placement.origin.x, placement.origin.y, version])
    }

    /// Sets how `version` prints `block` (replacing its previous key).
    public func setVersionKey(_ key: VersionKey, block: String, version: String) throws {
        let id = try Int64.fetchOne(db, sql: "SELECT id FROM exam_version WHERE name = ?", arguments: [version])
        try db.execute(sql: "DELETE FROM version_key WHERE version_id = ? AND block_id = ?", arguments: [id, block])
        for (row, entry) in key.rows.enumerated() {
            try db.execute(sql: "INSERT INTO version_key (version_id, block_id, row, exam_row, choices) VALUES (?, ?, ?, ?, ?)",
                           arguments: [id, block, row, entry.examRow, entry.choices.joined(separator: ",")])
        }
    }

    /// Gives `student` a version (nil: none given, so it is read from the sheet or unknown).
    public func setStudentVersion(_ version: StudentVersion?, student: StudentKey) throws {
        try db.execute(sql: "UPDATE student SET version = ?, version_source = ? WHERE id = ? AND (version IS NOT ? OR version_source IS NOT ?)",
                       arguments: [version?.name, version?.source.rawValue, student.rawValue, version?.name, version?.source.rawValue])
    }
}
