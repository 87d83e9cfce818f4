import GRDB

/// SQLite triggers that log every row a change inserts, updates or deletes (cascades included)
/// into `change`, as JSON of the row before and after, while `recording.step` names a history
/// step. Undo and redo replay those rows, so every kind of change is undoable the same way.
/// What is recorded is read from the schema: every column of every table not named in
/// `notRecorded`, so a table or column a migration adds is recorded without being listed.
enum HistoryTriggers {
    /// The tables whose rows are not a grader's work and are never undone, each with the reason.
    /// (SQLite's own `sqlite_…` tables, `sqlite_sequence` among them, can have no triggers.)
    static let notRecorded: [String: String] = [
        "project": "the project's settings (order, anonymity, title) and what its pages are aligned to, written with the import",
        "history": "the history itself", "change": "the history itself", "recording": "the history itself",
        "grader_place": "where each grader is in the order: a place, not a change",
        "claim": "the answer each grader has open: lapses by itself",
        "invite": "who may open the project and as what: access, which an undo must never give back",
        "bulk_exam": "what a bulk import was prepared for, written once with it",
        "returned_mail": "the messages a mail server accepted: sent is sent, which an undo cannot take back",
        "grdb_migrations": "the migrations applied (the schema's version)",
    ]

    /// The tables whose rows every change records for undo and redo, by name.
    static func recordedTables(in db: Database) throws -> [String] {
        try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
            .filter { notRecorded[$0] == nil }
    }

    /// (Re)creates the logging triggers of every recorded table for its current columns (what
    /// every migration ends with).
    static func installAll(in db: Database) throws {
        for table in try recordedTables(in: db) { try install(on: table, in: db) }
    }

    /// (Re)creates the three logging triggers of `table` for its current columns.
    private static func install(on table: String, in db: Database) throws {
        let columns = try stored(table, in: db)
        // JSON keeps 15 digits of a REAL; 17 round-trip it exactly (the column's affinity turns the text back into a REAL).
        func json(_ row: String) -> String {
            "json_object(" + columns.map { name, type in
                type == "REAL" ? "'\(name)', printf('%!.17g', \(row).\(name))" : "'\(name)', \(row).\(name)"
            }.joined(separator: ", ") + ")"
        }
        let recording = "(SELECT step FROM recording WHERE id = 1)"
        for (event, row, old, new) in [("INSERT", "NEW", "NULL", json("NEW")),
                                       ("UPDATE", "NEW", json("OLD"), json("NEW")),
                                       ("DELETE", "OLD", json("OLD"), "NULL")] {
            try db.execute(sql: """
                DROP TRIGGER IF EXISTS \(table)_\(event.lowercased())_history;
                CREATE TRIGGER \(table)_\(event.lowercased())_history AFTER \(event) ON \(table)
                WHEN \(recording) IS NOT NULL BEGIN
                    INSERT INTO change (step, tbl, row_id, old, new)
                    VALUES (\(recording), '\(table)', \(row).id, \(old), \(new));
                END;
                """)
        }
    }

    /// The column names of `table` that hold what was written, in order.
    static func columns(of table: String, in db: Database) throws -> [String] {
        try stored(table, in: db).map(\.name)
    }

    /// The written columns of `table` (name, declared type): a generated column (hidden 2 or 3
    /// in `table_xinfo`) follows from them and cannot be written back.
    private static func stored(_ table: String, in db: Database) throws -> [(name: String, type: String)] {
        try Row.fetchAll(db, sql: "PRAGMA table_xinfo(\(table))").filter { $0["hidden"] == 0 }.map { ($0["name"], $0["type"]) }
    }
}

extension DatabaseMigrator {
    /// Registers a migration of the project schema. In the same transaction it ends with the
    /// history triggers made again for the schema it leaves, so a table or column it adds is
    /// recorded, and with its position written to `user_version`: this build reads the version
    /// from `grdb_migrations` only, but earlier builds refuse a newer project by `user_version`.
    mutating func registerProjectMigration(_ identifier: String, _ migrate: @escaping @Sendable (Database) throws -> Void) {
        let position = migrations.count + 1
        registerMigration(identifier) { db in
            try migrate(db)
            try HistoryTriggers.installAll(in: db)
            try db.execute(sql: "PRAGMA user_version = \(position)")
        }
    }
}
