import GRDB

extension ProjectStore {
    /// Everyone who has worked on the project under a name: changed it, scored or opened an
    /// answer, sorted by name (scores and steps from before graders were recorded have none).
    public func graderNames() throws -> [String] {
        try read { db in
            guard try db.columns(in: "score").contains(where: { $0.name == "grader" }) else { return [] }   // an older schema
            var sources = ["SELECT grader FROM score"]
            if try db.columns(in: "history").contains(where: { $0.name == "grader" }) { sources.append("SELECT grader FROM history") }
            if try db.tableExists("grader_place") { sources.append("SELECT grader FROM grader_place") }
            return try String.fetchAll(db, sql: "SELECT grader FROM (\(sources.joined(separator: " UNION "))) WHERE grader <> '' ORDER BY grader")
        }
    }
}
