import GRDB

/// Undo and redo over the logged row changes of `HistoryTriggers`.
enum History {
    /// Starts a step: drops the steps that were undone (a new change ends the redo chain) and
    /// makes the triggers log into the new step.
    static func begin(_ description: String, in db: Database) throws {
        try db.execute(sql: "DELETE FROM history WHERE undone = 1")
        try db.execute(sql: "INSERT INTO history (description) VALUES (?)", arguments: [description])
        try db.execute(sql: "UPDATE recording SET step = ? WHERE id = 1", arguments: [db.lastInsertedRowID])
    }

    /// Stops logging; a step that changed nothing is dropped so undo never lands on a no-op.
    static func end(in db: Database) throws {
        try db.execute(sql: """
            DELETE FROM history WHERE id = (SELECT step FROM recording WHERE id = 1)
            AND NOT EXISTS (SELECT 1 FROM change WHERE step = history.id)
            """)
        try db.execute(sql: "UPDATE recording SET step = NULL WHERE id = 1")
    }

    /// Reverts the newest done step; returns its description, nil when there is none.
    static func undo(in db: Database) throws -> String? {
        guard let step = try Row.fetchOne(db, sql: "SELECT id, description FROM history WHERE undone = 0 ORDER BY id DESC LIMIT 1")
        else { return nil }
        let changes = try Row.fetchAll(db, sql: "SELECT tbl, row_id, old FROM change WHERE step = ? ORDER BY id DESC",
                                       arguments: [step["id"] as Int64])
        try replay(changes.map { ($0["tbl"], $0["row_id"], $0["old"]) }, in: db)
        try db.execute(sql: "UPDATE history SET undone = 1 WHERE id = ?", arguments: [step["id"] as Int64])
        return step["description"]
    }

    /// Re-applies the oldest undone step; returns its description, nil when there is none.
    static func redo(in db: Database) throws -> String? {
        guard let step = try Row.fetchOne(db, sql: "SELECT id, description FROM history WHERE undone = 1 ORDER BY id ASC LIMIT 1")
        else { return nil }
        let changes = try Row.fetchAll(db, sql: "SELECT tbl, row_id, new FROM change WHERE step = ? ORDER BY id ASC",
                                       arguments: [step["id"] as Int64])
        try replay(changes.map { ($0["tbl"], $0["row_id"], $0["new"]) }, in: db)
        try db.execute(sql: "UPDATE history SET undone = 0 WHERE id = ?", arguments: [step["id"] as Int64])
        return step["description"]
    }

    /// Puts each row in the logged state: absent (nil) or the JSON's column values. An existing
    /// row is updated in place (deleting it would cascade to its children). Foreign keys are
    /// checked at commit, since parents and children come back in log order.
    private static func replay(_ rows: [(table: String, id: Int64, state: String?)], in db: Database) throws {
        try db.execute(sql: "PRAGMA defer_foreign_keys = ON")
        var columnsOf: [String: [String]] = [:]
        for row in rows {
            guard ProjectSchema.recordedTables.contains(row.table) else { continue }
            guard let state = row.state else {
                try db.execute(sql: "DELETE FROM \(row.table) WHERE id = ?", arguments: [row.id])
                continue
            }
            if columnsOf[row.table] == nil { columnsOf[row.table] = try HistoryTriggers.columns(of: row.table, in: db) }
            let columns = columnsOf[row.table]!
            let values = columns.map { "json_extract(:state, '$.\($0)')" }
            let exists = try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM \(row.table) WHERE id = ?)", arguments: [row.id])!
            let sql = exists
                ? "UPDATE \(row.table) SET " + zip(columns, values).map { "\($0) = \($1)" }.joined(separator: ", ") + " WHERE id = :id"
                : "INSERT INTO \(row.table) (\(columns.joined(separator: ", "))) SELECT " + values.joined(separator: ", ")
            try db.execute(sql: sql, arguments: ["state": state, "id": row.id])
        }
    }
}
