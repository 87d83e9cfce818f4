import GRDB

extension ProjectStore {
    /// The exam's title as set, nil when none was (reports then use the folder's name).
    public func examTitle() throws(StoreError) -> String? {
        try read { db in try String.fetchOne(db, sql: "SELECT title FROM project WHERE id = 1") }
    }

    /// Sets the exam's title, or clears it with nil (a setting, not an undoable step).
    public func setExamTitle(_ title: String?) throws {
        try run { db in try db.execute(sql: "UPDATE project SET title = ? WHERE id = 1", arguments: [title]) }
    }
}
