import GRDB

/// SQLite triggers that log every row a change inserts, updates or deletes (cascades included)
/// into `change`, as JSON of the row before and after, while `recording.step` names a history
/// step. Undo and redo replay those rows, so every kind of change is undoable the same way.
enum HistoryTriggers {
    /// (Re)creates the three logging triggers of `table` for its current columns.
    static func install(on table: String, in db: Database) throws {
        let columns = try Row.fetchAll(db, sql: "PRAGMA table_info(\(table))").map { ($0["name"] as String, $0["type"] as String) }
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

    /// The column names of `table`, in order.
    static func columns(of table: String, in db: Database) throws -> [String] {
        try Row.fetchAll(db, sql: "PRAGMA table_info(\(table))").map { $0["name"] }
    }
}
