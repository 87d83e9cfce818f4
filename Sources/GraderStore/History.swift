import GRDB
import GraderCore

/// One recorded change: who made it, when, and what it was.
public struct HistoryStep: Sendable, Equatable, Encodable {
    /// Its number, in the order changes were made.
    public let id: Int64
    /// What it did ("score Anna on Q1: 3").
    public let description: String
    /// Who made it.
    public let grader: String
    /// When (UTC, ISO 8601).
    public let at: String
    /// True when it was undone (and can be redone).
    public let undone: Bool
    /// How many rows it changed.
    public let rows: Int

    /// The same step told in other words (what a grader may see of it).
    public func described(as text: String) -> HistoryStep {
        HistoryStep(id: id, description: text, grader: grader, at: at, undone: undone, rows: rows)
    }
}

/// Undo and redo over the logged row changes of `HistoryTriggers`, per grader: a grader undoes
/// their own latest step, and a step whose rows another grader changed afterwards is refused.
enum History {
    /// Steps that are `grader`'s to undo and redo: their own, and those recorded before graders
    /// were (schema 3 and older), which every grader may take back.
    private static let ownedBy = "grader IN (?, '')"

    /// Starts a step by `grader`: drops the undone steps they could redo (their new change ends
    /// their redo chain) and makes the triggers log into the new step.
    static func begin(_ description: String, grader: Grader, at time: String, in db: Database) throws {
        try db.execute(sql: "DELETE FROM history WHERE undone = 1 AND \(ownedBy)", arguments: [grader.name])
        try db.execute(sql: "INSERT INTO history (description, grader, at) VALUES (?, ?, ?)", arguments: [description, grader.name, time])
        try db.execute(sql: "UPDATE recording SET step = ? WHERE id = 1", arguments: [db.lastInsertedRowID])
    }

    /// Makes the triggers log into `step` again when it is `grader`'s, in force, described as
    /// `description` and the newest step of anyone's; false (nothing done) otherwise.
    static func resume(_ step: Int64, describedAs description: String, by grader: Grader, in db: Database) throws -> Bool {
        let newest = try Row.fetchOne(db, sql: "SELECT id, description, grader, undone FROM history ORDER BY id DESC LIMIT 1")
        guard let newest, newest["id"] == step, newest["description"] == description, newest["grader"] == grader.name,
              newest["undone"] == false else { return false }
        try db.execute(sql: "UPDATE recording SET step = ? WHERE id = 1", arguments: [step])
        return true
    }

    /// Stops logging; a step that changed nothing is dropped so undo never lands on a no-op.
    static func end(in db: Database) throws {
        try db.execute(sql: """
            DELETE FROM history WHERE id = (SELECT step FROM recording WHERE id = 1)
            AND NOT EXISTS (SELECT 1 FROM change WHERE step = history.id)
            """)
        try db.execute(sql: "UPDATE recording SET step = NULL WHERE id = 1")
    }

    /// Reverts `grader`'s newest done step; nil when they have none. Refused when another
    /// grader built on it; with `force`, reverted anyway as a new step of `grader`'s (the other
    /// graders' rows that go with it logged there too), so undoing that step brings every row back.
    static func undo(by grader: Grader, force: Bool = false, at time: String, in db: Database) throws -> HistoryStep? {
        guard let step = try steps(db, where: "undone = 0 AND \(ownedBy)", [grader.name], order: "DESC", limit: 1).first else { return nil }
        let changes = try Row.fetchAll(db, sql: "SELECT tbl, row_id, old FROM change WHERE step = ? ORDER BY id DESC", arguments: [step.id])
            .map { ($0["tbl"] as String, $0["row_id"] as Int64, $0["old"] as String?) }
        guard force, let builder = try builtOn(step, by: grader, in: db) else {
            try refuseIfBuiltOn(step, action: "undo", by: grader, in: db)
            try replay(changes, in: db)
            try db.execute(sql: "UPDATE history SET undone = 1 WHERE id = ?", arguments: [step.id])
            try refuseBrokenRules(after: step, action: "undo", in: db)
            return step
        }
        try begin("undo '\(step.description)' with \(builder.grader)'s work on it", grader: grader, at: time, in: db)
        try replay(changes, in: db)
        try refuseBrokenRules(after: step, action: "undo", in: db)
        // Nothing left to take back (the others' work had removed it all): the step counts as undone.
        if try !(Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM change WHERE step = (SELECT step FROM recording WHERE id = 1))") ?? false) {
            try db.execute(sql: "UPDATE history SET undone = 1 WHERE id = ?", arguments: [step.id])
        }
        try end(in: db)
        return step
    }

    /// Re-applies `grader`'s oldest undone step; nil when they have none.
    static func redo(by grader: Grader, in db: Database) throws -> HistoryStep? {
        guard let step = try steps(db, where: "undone = 1 AND \(ownedBy)", [grader.name], order: "ASC", limit: 1).first else { return nil }
        try refuseIfBuiltOn(step, action: "redo", by: grader, in: db)
        let changes = try Row.fetchAll(db, sql: "SELECT tbl, row_id, new FROM change WHERE step = ? ORDER BY id ASC", arguments: [step.id])
        try replay(changes.map { ($0["tbl"], $0["row_id"], $0["new"]) }, in: db)
        try db.execute(sql: "UPDATE history SET undone = 0 WHERE id = ?", arguments: [step.id])
        try refuseBrokenRules(after: step, action: "redo", in: db)
        return step
    }

    /// The newest steps first, at most `limit`.
    static func recent(_ limit: Int, in db: Database) throws -> [HistoryStep] {
        try steps(db, where: "1", [], order: "DESC", limit: limit)
    }

    /// Refuses to undo or redo `step` when another grader built on it: a later step of theirs,
    /// still in force, changed one of its rows, or a row that depends on one of them (a score on
    /// its question, a note on its student, an item applied from its rubric item): reverting it
    /// would silently undo or erase their work.
    private static func refuseIfBuiltOn(_ step: HistoryStep, action: String, by grader: Grader, in db: Database) throws {
        guard let later = try builtOn(step, by: grader, in: db) else { return }
        throw GradingError.historyBlocked(action: action, step: step.description, grader: later.grader, laterStep: later.id, later: later.description)
    }

    /// The first later step of another grader than `grader`, still in force, that built on `step`.
    private static func builtOn(_ step: HistoryStep, by grader: Grader, in db: Database) throws -> HistoryStep? {
        let dependants = try foreignKeys(in: db).map { child, column, parent in
            "(theirs.tbl = '\(child)' AND mine.tbl = '\(parent)' AND json_extract(coalesce(theirs.new, theirs.old), '$.\(column)') = mine.row_id)"
        }
        return try steps(db, where: """
            undone = 0 AND id > ? AND grader != ? AND EXISTS (
                SELECT 1 FROM change AS theirs JOIN change AS mine
                ON (mine.tbl = theirs.tbl AND (\(sameRow)))\(dependants.map { " OR " + $0 }.joined())
                WHERE theirs.step = history.id AND mine.step = ?)
            """, [step.id, grader.name, step.id], order: "ASC", limit: 1).first
    }

    /// Every foreign key between recorded tables: (child table, its column, parent table).
    private static func foreignKeys(in db: Database) throws -> [(child: String, column: String, parent: String)] {
        let recorded = try HistoryTriggers.recordedTables(in: db)
        return try recorded.flatMap { child in
            try Row.fetchAll(db, sql: "PRAGMA foreign_key_list(\(child))").compactMap { row -> (String, String, String)? in
                let parent: String = row["table"]
                return recorded.contains(parent) ? (child, row["from"], parent) : nil
            }
        }
    }

    /// Refuses an undo or redo of `step` that left a state the rules refuse: a score above its
    /// question's maximum.
    private static func refuseBrokenRules(after step: HistoryStep, action: String, in db: Database) throws {
        guard let row = try Row.fetchOne(db, sql: """
            SELECT score.student_id AS student, score.question_id AS question, score.quarters AS quarters, question.max_quarters AS max
            FROM score JOIN question ON question.id = score.question_id WHERE score.quarters > question.max_quarters LIMIT 1
            """) else { return }
        let directory = try GradeBookReader.directory(db)
        let question = try directory.resolveQuestion(id: QuestionID(row["question"]))
        let student = directory.students[try directory.resolveStudent(key: StudentKey(row["student"])).index].student.name
        throw GradingError.historyBreaksRule(action: action, step: step.description, student: student, question: question.name,
                                            score: Points(quarters: row["quarters"]), max: Points(quarters: row["max"]))
    }

    /// True when the logged rows `mine` and `theirs` are the same row: the same id, or the same
    /// natural key (a cleared and re-given score is a new row for the same student and question).
    private static var sameRow: String {
        let byKey = ProjectSchema.naturalKeys.map { table, columns in
            "(mine.tbl = '\(table)' AND " + columns.map { column in
                "json_extract(coalesce(mine.new, mine.old), '$.\(column)') = json_extract(coalesce(theirs.new, theirs.old), '$.\(column)')"
            }.joined(separator: " AND ") + ")"
        }
        return (["mine.row_id = theirs.row_id"] + byKey).joined(separator: " OR ")
    }

    private static func steps(_ db: Database, where condition: String, _ arguments: [any DatabaseValueConvertible],
                              order: String, limit: Int) throws -> [HistoryStep] {
        try Row.fetchAll(db, sql: """
            SELECT id, description, grader, at, undone, (SELECT COUNT(*) FROM change WHERE step = history.id) AS rows
            FROM history WHERE \(condition) ORDER BY id \(order) LIMIT \(limit)
            """, arguments: StatementArguments(arguments)).map { row in
            HistoryStep(id: row["id"], description: row["description"], grader: row["grader"], at: row["at"],
                        undone: row["undone"], rows: row["rows"])
        }
    }

    /// Puts each row in the logged state: absent (nil) or the JSON's column values. An existing
    /// row is updated in place (deleting it would cascade to its children). Only the columns the
    /// JSON holds are set, so a step logged before a migration added columns still replays (the
    /// new columns keep their defaults). Foreign keys are checked at commit, since parents and
    /// children come back in log order.
    private static func replay(_ rows: [(table: String, id: Int64, state: String?)], in db: Database) throws {
        try db.execute(sql: "PRAGMA defer_foreign_keys = ON")
        var columnsOf: [String: [String]] = [:]
        let recorded = Set(try HistoryTriggers.recordedTables(in: db))
        for row in rows {
            guard recorded.contains(row.table) else { continue }
            guard let state = row.state else {
                try db.execute(sql: "DELETE FROM \(row.table) WHERE id = ?", arguments: [row.id])
                continue
            }
            if columnsOf[row.table] == nil { columnsOf[row.table] = try HistoryTriggers.columns(of: row.table, in: db) }
            let logged = Set(try String.fetchAll(db, sql: "SELECT key FROM json_each(?)", arguments: [state]))
            let columns = columnsOf[row.table, default: []].filter(logged.contains)
            let values = columns.map { "json_extract(:state, '$.\($0)')" }
            let exists = try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM \(row.table) WHERE id = ?)", arguments: [row.id]) ?? false
            let sql = exists
                ? "UPDATE \(row.table) SET " + zip(columns, values).map { "\($0) = \($1)" }.joined(separator: ", ") + " WHERE id = :id"
                : "INSERT INTO \(row.table) (\(columns.joined(separator: ", "))) SELECT " + values.joined(separator: ", ")
            try db.execute(sql: sql, arguments: ["state": state, "id": row.id])
        }
    }
}

extension ProjectStore {
    /// Undoes this grader's newest change; nil when they have nothing to undo. Refused, naming
    /// the other grader, when someone built on it afterwards; with `force`, undone anyway as a
    /// new step of this grader's that holds the other grader's rows too (undoing it restores them).
    public func undo(force: Bool = false) throws -> HistoryStep? {
        try run { db in try History.undo(by: grader, force: force, at: Self.now(), in: db) }
    }

    /// Redoes this grader's newest undone change; nil when there is none. Refused like `undo`.
    public func redo() throws -> HistoryStep? { try run { db in try History.redo(by: grader, in: db) } }

    /// The newest `limit` changes of every grader, newest first.
    public func history(limit: Int) throws(StoreError) -> [HistoryStep] {
        try read { db in try History.recent(max(limit, 0), in: db) }
    }
}
