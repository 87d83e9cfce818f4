import Foundation
import GRDB
import GraderCore

/// The grading project's database (`project.sqlite` in the project folder). Every change is one
/// IMMEDIATE transaction with its history step, so a failed or killed command changes nothing and
/// several processes can grade the same project at once (SQLite WAL, waiting up to 30 s on a lock).
public struct ProjectStore: Sendable {
    /// The project folder.
    public let folder: String
    let queue: DatabaseQueue

    /// The database file inside a project folder.
    public static func databasePath(in folder: String) -> String { (folder as NSString).appendingPathComponent("project.sqlite") }

    /// The newest schema version this build reads and writes.
    public static var schemaVersion: Int { ProjectSchema.version }

    /// Creates the database of a new project in `folder` (which must exist) for booklets of
    /// `pagesPerStudent` pages.
    public static func create(in folder: String, pagesPerStudent: Int) throws(StoreError) -> ProjectStore {
        let path = databasePath(in: folder)
        guard !FileManager.default.fileExists(atPath: path) else { throw .alreadyExists(path: folder) }
        let store = try connect(folder)
        try store.migrate()
        try store.run(folder) { db in
            try db.execute(sql: "INSERT INTO project (id, pages_per_student) VALUES (1, ?)", arguments: [pagesPerStudent])
        }
        return store
    }

    /// Opens the project in `folder`, migrating an older schema; a newer one is refused untouched.
    public static func open(_ folder: String) throws(StoreError) -> ProjectStore {
        let path = databasePath(in: folder)
        guard FileManager.default.fileExists(atPath: path) else { throw .notAProject(path: folder) }
        // SQLite takes an empty file for an empty database: migrating it would pass off a lost
        // project as a new, empty one. Refuse it, and a database whose creation never finished.
        let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber
        if size?.intValue == 0 { throw .incomplete(path: folder, reason: "its project.sqlite is empty") }
        let store = try connect(folder)
        let found = try store.run(folder) { db in try Int.fetchOne(db, sql: "PRAGMA user_version") ?? 0 }
        guard found <= ProjectSchema.version else {
            throw .newerSchema(path: folder, found: found, supported: ProjectSchema.version)
        }
        let hasProject = found > 0 ? try store.run(folder) { db in try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM project)") ?? false } : false
        guard hasProject else { throw .incomplete(path: folder, reason: "its project.sqlite holds no project: its creation never finished") }
        if found < ProjectSchema.version { try store.migrate() }
        return store
    }

    private static func connect(_ folder: String) throws(StoreError) -> ProjectStore {
        var configuration = Configuration()
        configuration.foreignKeysEnabled = true
        configuration.busyMode = .timeout(30)
        configuration.prepareDatabase { db in
            try db.execute(sql: "PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL")
        }
        do {
            return ProjectStore(folder: folder, queue: try DatabaseQueue(path: databasePath(in: folder), configuration: configuration))
        } catch {
            throw .database(path: folder, error)
        }
    }

    /// Brings the schema up to `ProjectSchema.version` (each migration is its own transaction).
    func migrate() throws(StoreError) {
        do { try ProjectSchema.migrator.migrate(queue) } catch { throw .database(path: folder, error) }
    }

    /// Runs `body` in one IMMEDIATE transaction; GRDB errors become `StoreError`, errors of the
    /// body's own (rule violations) pass through unchanged after the rollback.
    func run<T>(_ folder: String, _ body: (Database) throws -> T) throws(StoreError) -> T {
        do {
            return try queue.writeWithoutTransaction { db in
                var result: T?
                try db.inTransaction(.immediate) {
                    result = try body(db)
                    return .commit
                }
                return result!
            }
        } catch let error as StoreError {
            throw error
        } catch {
            throw .database(path: folder, error)
        }
    }

    /// Records `description` as one undoable step: `body` runs in one transaction with the
    /// history logging on; anything it throws rolls the whole step back and is rethrown as is.
    @discardableResult
    public func change<T>(_ description: String, _ body: (ProjectWriter) throws -> T) throws -> T {
        var ruleError: (any Error)?
        do {
            return try run(folder) { db in
                try History.begin(description, in: db)
                do {
                    let value = try body(ProjectWriter(db: db))
                    try History.end(in: db)
                    holdBeforeCommitForTests()
                    return value
                } catch let error as DatabaseError {
                    throw error
                } catch {
                    ruleError = error
                    throw error
                }
            }
        } catch {
            throw ruleError ?? error
        }
    }

    /// Test hook: `EZGRADER_TEST_HOLD_BEFORE_COMMIT=<seconds>` sleeps inside the transaction,
    /// so a test can kill the process with the change half made and check nothing of it lands.
    private func holdBeforeCommitForTests() {
        if let seconds = ProcessInfo.processInfo.environment["EZGRADER_TEST_HOLD_BEFORE_COMMIT"].flatMap(Double.init) {
            Thread.sleep(forTimeInterval: seconds)
        }
    }
}
