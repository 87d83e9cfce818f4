import GRDB
@testable import GraderStore
import TestSupport

/// A project as ezgrader wrote it at schema version 1: Anna on one Letter page, Q1 (max 4)
/// graded 2.5, then `more` SQL run at that version; returns the connection that wrote it.
func versionOneProject(in folder: TemporaryFolder, more: String = "") throws -> DatabaseQueue {
    let queue = try DatabaseQueue(path: ProjectStore.databasePath(in: folder.path))
    try ProjectSchema.migrator.migrate(queue, upTo: "v1")
    try queue.write { db in
        try db.execute(sql: """
            INSERT INTO project (id, pages_per_student) VALUES (1, 1);
            INSERT INTO student (name, name_key, scan_file, scan_sha256, page_sizes, list_order)
                VALUES ('Anna', 'anna', 'scans/Anna.pdf', '0', '[[612,792]]', 1);
            INSERT INTO question (page, x, y, max_quarters, label) VALUES (1, 0.5, 0.5, 16, 'Q1');
            INSERT INTO score (question_id, student_id, quarters) VALUES (1, 1, 10);
            """ + more)
    }
    return queue
}
