import Foundation
import GRDB
import GraderCore

/// The project's tables, as named GRDB migrations. The migrations applied (`grdb_migrations`)
/// are the schema's version: one this build does not know marks a project of a newer build.
enum ProjectSchema {
    /// The newest schema version this build writes: how many migrations it knows.
    static var version: Int { migrator.migrations.count }

    /// Recorded tables whose rows are also identified by columns other than the id (a row
    /// deleted and inserted again gets a new id): table → key columns.
    static let naturalKeys: [(table: String, columns: [String])] = [
        ("score", ["question_id", "student_id"]), ("bubble_reading", ["student_id", "block_id", "row"]),
        ("answer_key", ["block_id", "row"]), ("page_source", ["student_id", "page"]), ("applied_item", ["item_id", "student_id"]),
        ("scan_page", ["scan_id", "page_index"]), ("exam_copy", ["copy"]), ("bubble_placement", ["student_id", "block_id"]),
        ("exam_version", ["name"]), ("version_placement", ["version_id", "question_id"]), ("version_key", ["version_id", "block_id", "row"]),
        ("version_block_placement", ["version_id", "block_id"]),
    ]

    /// Every migration, oldest first; each ends with the history triggers made for its schema.
    static let migrator: DatabaseMigrator = {
        var migrator = DatabaseMigrator()
        migrator.registerProjectMigration("v1") { db in
            try db.execute(sql: """
                CREATE TABLE project (
                    id INTEGER PRIMARY KEY CHECK (id = 1),
                    pages_per_student INTEGER NOT NULL,
                    grading_order TEXT NOT NULL DEFAULT 'per-page',
                    seed INTEGER NOT NULL DEFAULT 0,
                    position INTEGER NOT NULL DEFAULT 0);
                CREATE TABLE student (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    name TEXT NOT NULL,
                    name_key TEXT NOT NULL UNIQUE,
                    roster_id TEXT,
                    email TEXT,
                    scan_file TEXT NOT NULL,
                    scan_sha256 TEXT NOT NULL,
                    page_sizes TEXT NOT NULL,
                    list_order INTEGER NOT NULL);
                CREATE TABLE question (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    page INTEGER NOT NULL,
                    x REAL NOT NULL,
                    y REAL NOT NULL,
                    max_quarters INTEGER NOT NULL CHECK (max_quarters > 0),
                    label TEXT UNIQUE);
                CREATE TABLE score (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    question_id INTEGER NOT NULL REFERENCES question(id) ON DELETE CASCADE,
                    student_id INTEGER NOT NULL REFERENCES student(id) ON DELETE CASCADE,
                    quarters INTEGER NOT NULL CHECK (quarters >= 0),
                    UNIQUE (question_id, student_id));
                CREATE TABLE annotation (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    student_id INTEGER NOT NULL REFERENCES student(id) ON DELETE CASCADE,
                    page INTEGER NOT NULL,
                    content TEXT NOT NULL);
                CREATE INDEX annotation_by_page ON annotation (student_id, page);
                CREATE TABLE history (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    description TEXT NOT NULL,
                    undone INTEGER NOT NULL DEFAULT 0);
                CREATE TABLE change (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    step INTEGER NOT NULL REFERENCES history(id) ON DELETE CASCADE,
                    tbl TEXT NOT NULL,
                    row_id INTEGER NOT NULL,
                    old TEXT,
                    new TEXT);
                CREATE INDEX change_by_step ON change (step);
                CREATE TABLE recording (id INTEGER PRIMARY KEY CHECK (id = 1), step INTEGER);
                INSERT INTO recording VALUES (1, NULL);
                """)
        }
        migrator.registerProjectMigration("v2: who entered a score") { db in
            try db.execute(sql: """
                ALTER TABLE score ADD COLUMN source TEXT NOT NULL DEFAULT 'grader';
                """)
        }
        migrator.registerProjectMigration("v3: bubble blocks, answer key, machine readings") { db in
            try db.execute(sql: """
                CREATE TABLE bubble_block (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    block_id TEXT NOT NULL UNIQUE,
                    definition TEXT NOT NULL);
                CREATE TABLE answer_key (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    block_id TEXT NOT NULL,
                    row INTEGER NOT NULL,
                    answer TEXT NOT NULL,
                    UNIQUE (block_id, row));
                CREATE TABLE bubble_reading (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    student_id INTEGER NOT NULL REFERENCES student(id) ON DELETE CASCADE,
                    block_id TEXT NOT NULL,
                    row INTEGER NOT NULL,
                    reading TEXT NOT NULL,
                    fills TEXT NOT NULL,
                    UNIQUE (student_id, block_id, row));
                ALTER TABLE question ADD COLUMN bubble_block TEXT;
                ALTER TABLE question ADD COLUMN bubble_row INTEGER;
                """)
        }
        migrator.registerProjectMigration("v4: graders, their places, page sources") { db in
            try db.execute(sql: """
                ALTER TABLE history ADD COLUMN grader TEXT NOT NULL DEFAULT '';
                ALTER TABLE history ADD COLUMN at TEXT NOT NULL DEFAULT '';
                ALTER TABLE score ADD COLUMN grader TEXT NOT NULL DEFAULT '';
                ALTER TABLE score ADD COLUMN graded_at TEXT NOT NULL DEFAULT '';
                CREATE INDEX change_by_row ON change (tbl, row_id);
                CREATE INDEX history_by_grader ON history (grader, undone);
                CREATE TABLE grader_place (
                    grader TEXT PRIMARY KEY,
                    grading_order TEXT NOT NULL,
                    seed INTEGER NOT NULL,
                    position INTEGER NOT NULL);
                CREATE TABLE page_source (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    student_id INTEGER NOT NULL REFERENCES student(id) ON DELETE CASCADE,
                    page INTEGER NOT NULL,
                    scan_file TEXT NOT NULL,
                    page_index INTEGER NOT NULL,
                    rotation INTEGER NOT NULL DEFAULT 0 CHECK (rotation IN (0, 90, 180, 270)),
                    UNIQUE (student_id, page));
                WITH RECURSIVE pages(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM pages
                                            WHERE n < (SELECT pages_per_student FROM project WHERE id = 1))
                INSERT INTO page_source (student_id, page, scan_file, page_index)
                SELECT student.id, pages.n, student.scan_file, pages.n - 1 FROM student, pages
                WHERE EXISTS (SELECT 1 FROM project WHERE id = 1);
                """)
        }
        migrator.registerProjectMigration("v5: rubric items") { db in
            try db.execute(sql: """
                CREATE TABLE rubric_item (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    question_id INTEGER NOT NULL REFERENCES question(id) ON DELETE CASCADE,
                    list_order INTEGER NOT NULL,
                    text TEXT NOT NULL,
                    explanation TEXT,
                    quarters INTEGER NOT NULL,
                    item_group TEXT);
                CREATE INDEX rubric_item_by_question ON rubric_item (question_id, list_order);
                CREATE TABLE applied_item (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    item_id INTEGER NOT NULL REFERENCES rubric_item(id) ON DELETE CASCADE,
                    student_id INTEGER NOT NULL REFERENCES student(id) ON DELETE CASCADE,
                    UNIQUE (item_id, student_id));
                CREATE INDEX applied_item_by_student ON applied_item (student_id);
                ALTER TABLE question ADD COLUMN scoring TEXT NOT NULL DEFAULT 'deductions';
                ALTER TABLE score ADD COLUMN adjustment_quarters INTEGER NOT NULL DEFAULT 0;
                """)
        }
        migrator.registerProjectMigration("v6: anonymous grading") { db in
            try db.execute(sql: """
                ALTER TABLE project ADD COLUMN anonymous INTEGER NOT NULL DEFAULT 0;
                ALTER TABLE project ADD COLUMN pseudonym_salt TEXT NOT NULL DEFAULT '';
                ALTER TABLE project ADD COLUMN name_region TEXT;
                """)
        }
        migrator.registerProjectMigration("v7: grade box sizes") { db in
            // Every box so far had the standard size.
            try db.execute(sql: """
                ALTER TABLE question ADD COLUMN width REAL NOT NULL DEFAULT \(BoxSize.standard.width);
                ALTER TABLE question ADD COLUMN height REAL NOT NULL DEFAULT \(BoxSize.standard.height);
                """)
        }
        migrator.registerProjectMigration("v8: page alignment to a reference") { db in
            try db.execute(sql: """
                ALTER TABLE project ADD COLUMN reference_scan TEXT;
                ALTER TABLE project ADD COLUMN reference_sizes TEXT;
                ALTER TABLE page_source ADD COLUMN alignment TEXT;
                """)
        }
        migrator.registerProjectMigration("v9: bulk scans sorted into prepared copies") { db in
            // What was read on every page of every bulk scan ('' = no readable code, 'blank', or the
            // code's text) and where a page was placed by hand; the sort into copies is derived
            // from these rows (BulkSort), and a complete copy becomes a student whose page_source
            // rows point at the bulk scans' pages.
            try db.execute(sql: """
                CREATE TABLE bulk_exam (
                    id INTEGER PRIMARY KEY CHECK (id = 1),
                    exam TEXT NOT NULL,
                    copies INTEGER NOT NULL CHECK (copies > 0));
                CREATE TABLE bulk_scan (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    file TEXT NOT NULL UNIQUE,
                    original TEXT NOT NULL,
                    sha256 TEXT NOT NULL,
                    pages INTEGER NOT NULL);
                CREATE TABLE scan_page (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    scan_id INTEGER NOT NULL REFERENCES bulk_scan(id) ON DELETE CASCADE,
                    page_index INTEGER NOT NULL,
                    reading TEXT NOT NULL,
                    rotation INTEGER NOT NULL DEFAULT 0 CHECK (rotation IN (0, 90, 180, 270)),
                    hand_copy INTEGER,
                    hand_page INTEGER,
                    UNIQUE (scan_id, page_index));
                CREATE TABLE exam_copy (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    copy INTEGER NOT NULL UNIQUE,
                    name TEXT,
                    roster_id TEXT,
                    email TEXT,
                    student_id INTEGER UNIQUE REFERENCES student(id) ON DELETE SET NULL);
                """)
        }
        migrator.registerProjectMigration("v10: answer key points and alternatives") { db in
            // `answer` now holds alternatives separated by "|" ("A|C", "A+C|B+D") or "*" (every
            // answer counts); `points` is a question's own points ("2.5"), NULL for the block's.
            try db.execute(sql: """
                ALTER TABLE answer_key ADD COLUMN points TEXT;
                """)
        }
        migrator.registerProjectMigration("v11: where each bubble block was found on each scan") { db in
            // residual in points (NULL when not placed), problem (NULL when read), centres as JSON [[x, y], …].
            try db.execute(sql: """
                CREATE TABLE bubble_placement (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    student_id INTEGER NOT NULL REFERENCES student(id) ON DELETE CASCADE,
                    block_id TEXT NOT NULL,
                    residual REAL,
                    problem TEXT,
                    centres TEXT NOT NULL,
                    UNIQUE (student_id, block_id));
                """)
        }
        migrator.registerProjectMigration("v12: the answer each grader has open") { db in
            // One row per grader: a claim is where they are, not history (not recorded, not undoable).
            try db.execute(sql: """
                CREATE TABLE claim (
                    grader TEXT PRIMARY KEY,
                    question_id INTEGER NOT NULL REFERENCES question(id) ON DELETE CASCADE,
                    student_id INTEGER NOT NULL REFERENCES student(id) ON DELETE CASCADE,
                    at REAL NOT NULL);
                CREATE INDEX claim_by_answer ON claim (question_id, student_id);
                """)
        }
        migrator.registerProjectMigration("v13: rubric stamps") { _ in
            // A new kind of annotation content ({"stamp": …}), no new column: the version tells an
            // earlier build, which could not read a stamp, that the project is newer than it.
        }
        migrator.registerProjectMigration("v14: graders invited by a personal link") { db in
            // Who may open the project in a browser, and as what: access, not grading (not recorded, not undoable).
            // Only the SHA-256 of each link's secret is kept; revoked_at ends the link and every browser signed in with it.
            try db.execute(sql: """
                CREATE TABLE invite (
                    name TEXT PRIMARY KEY,
                    role TEXT NOT NULL CHECK (role IN ('instructor', 'grader', 'viewer')),
                    secret_sha256 TEXT NOT NULL UNIQUE,
                    invited_at TEXT NOT NULL,
                    invited_by TEXT NOT NULL,
                    revoked_at TEXT);
                """)
        }
        migrator.registerProjectMigration("v15: what drew each stroke (pen or highlighter)") { db in
            // NULL for a note or a stamp; every stroke before this was the pen's.
            try db.execute(sql: """
                ALTER TABLE annotation ADD COLUMN ink_kind TEXT CHECK (ink_kind IN ('pen', 'highlighter'));
                UPDATE annotation SET ink_kind = 'pen' WHERE json_type(content, '$.ink') IS NOT NULL;
                """)
        }
        migrator.registerProjectMigration("v16: a revision counted by every change") { db in
            // Every write transaction adds one (ProjectStore.run): a server's views tell their own
            // changes, which they patch in, from another program's, which make them read afresh.
            try db.execute(sql: "ALTER TABLE project ADD COLUMN revision INTEGER NOT NULL DEFAULT 0")
        }
        migrator.registerProjectMigration("v17: the exam's title") { db in
            // NULL: the project folder's name, as before.
            try db.execute(sql: "ALTER TABLE project ADD COLUMN title TEXT")
        }
        migrator.registerProjectMigration("v18: how much is on each bulk-scanned page") { db in
            // The share of dark pixels: of two pages with the same code, the one with more on it is
            // kept. NULL on pages read before this.
            try db.execute(sql: "ALTER TABLE scan_page ADD COLUMN ink REAL")
        }
        migrator.registerProjectMigration("v19: boxes students write their student number in") { db in
            // One row per id_boxes: field of the rubric, its geometry as JSON (IDBoxField).
            try db.execute(sql: """
                CREATE TABLE id_box_field (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    field_id TEXT NOT NULL UNIQUE,
                    definition TEXT NOT NULL);
                """)
        }
        migrator.registerProjectMigration("v20: copies left for a person to match by their handwritten student number") { db in
            // One row per copy `match --roster` could not match surely: what its boxes read and its
            // likeliest roster students as JSON [{name, id, email, probability}], best first.
            try db.execute(sql: """
                CREATE TABLE id_review (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    student_id INTEGER NOT NULL UNIQUE REFERENCES student(id) ON DELETE CASCADE,
                    copy INTEGER,
                    read TEXT NOT NULL,
                    candidates TEXT NOT NULL);
                """)
        }
        migrator.registerProjectMigration("v21: graded work e-mailed to students") { db in
            // A row per message the server accepted (written right after it did): the PDF's digest
            // tells a regrade from what was sent. No foreign key: a removed student's messages
            // were still sent, and an undone removal brings back the same student id.
            try db.execute(sql: """
                CREATE TABLE returned_mail (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    student_id INTEGER NOT NULL,
                    address TEXT NOT NULL,
                    message_id TEXT NOT NULL,
                    pdf_sha256 TEXT NOT NULL,
                    sent_at TEXT NOT NULL,
                    sent_by TEXT NOT NULL);
                CREATE INDEX returned_mail_by_student ON returned_mail (student_id, id);
                """)
        }
        migrator.registerProjectMigration("v22: doubts about where a fixed-count split placed a page") { db in
            // Why a page split every N pages may belong at another position of its copy (what it
            // looks like, with the match scores): NULL when the split had no doubt about it.
            try db.execute(sql: "ALTER TABLE scan_page ADD COLUMN doubt TEXT")
        }
        migrator.registerProjectMigration("v23: answer groups graders confirmed") { db in
            // A group of one question's answers to grade with one decision; each member row one
            // student's answer in it (at most one group per question, kept so by the writer).
            try db.execute(sql: """
                CREATE TABLE answer_group (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    question_id INTEGER NOT NULL REFERENCES question(id) ON DELETE CASCADE,
                    kind TEXT NOT NULL,
                    confirmed_by TEXT NOT NULL);
                CREATE TABLE answer_group_member (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    group_id INTEGER NOT NULL REFERENCES answer_group(id) ON DELETE CASCADE,
                    student_id INTEGER NOT NULL REFERENCES student(id) ON DELETE CASCADE,
                    UNIQUE (group_id, student_id));
                CREATE INDEX answer_group_by_question ON answer_group (question_id);
                CREATE INDEX answer_group_member_by_student ON answer_group_member (student_id);
                """)
        }
        migrator.registerProjectMigration("v24: versions of the exam, where questions sit on each, their keys, each student's version") { db in
            // reference_scan NULL: the version shares the project's reference pages (one answer sheet, a key per version).
            // version_key: per printed row of a block, the exam row it asks and the exam's label of each printed choice.
            // student.version: given by hand, the roster or a page code (version_source); NULL: read from the sheet, else unknown.
            try db.execute(sql: """
                CREATE TABLE exam_version (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    name TEXT NOT NULL UNIQUE,
                    reference_scan TEXT,
                    reference_sizes TEXT);
                CREATE TABLE version_placement (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    version_id INTEGER NOT NULL REFERENCES exam_version(id) ON DELETE CASCADE,
                    question_id INTEGER NOT NULL REFERENCES question(id) ON DELETE CASCADE,
                    page INTEGER NOT NULL,
                    x REAL NOT NULL,
                    y REAL NOT NULL,
                    UNIQUE (version_id, question_id));
                CREATE TABLE version_key (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    version_id INTEGER NOT NULL REFERENCES exam_version(id) ON DELETE CASCADE,
                    block_id TEXT NOT NULL,
                    row INTEGER NOT NULL,
                    exam_row INTEGER NOT NULL,
                    choices TEXT NOT NULL,
                    UNIQUE (version_id, block_id, row));
                ALTER TABLE student ADD COLUMN version TEXT;
                ALTER TABLE student ADD COLUMN version_source TEXT CHECK (version_source IN ('hand', 'roster', 'code'));
                """)
        }
        migrator.registerProjectMigration("v26: where each version prints a bubble block") { db in
            // page, x, y: the block's page and the centre of its first bubble, in points on the version's reference page.
            try db.execute(sql: """
                CREATE TABLE version_block_placement (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    version_id INTEGER NOT NULL REFERENCES exam_version(id) ON DELETE CASCADE,
                    block_id TEXT NOT NULL,
                    page INTEGER NOT NULL,
                    x REAL NOT NULL,
                    y REAL NOT NULL,
                    UNIQUE (version_id, block_id));
                """)
        }
        migrator.registerProjectMigration("v27: answer boxes a question's number is written in") { db in
            // At most one row per question: its digit boxes on the reference page as JSON (IDBoxField),
            // read by the digit reader to group the question's answers by the number written.
            try db.execute(sql: """
                CREATE TABLE answer_box (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    question_id INTEGER NOT NULL UNIQUE REFERENCES question(id) ON DELETE CASCADE,
                    definition TEXT NOT NULL);
                """)
        }
        return migrator
    }()
}
