import Foundation
import GRDB
import GraderCore

/// The grading project's database (`project.sqlite` in the project folder). Every change is one
/// IMMEDIATE transaction with its history step, made by `grader`, so a failed or killed command
/// changes nothing and several processes can grade the same project at once (SQLite WAL: readers
/// never wait for a writer; a writer waits up to 30 s for another).
public struct ProjectStore: Sendable {
    /// The project folder.
    public let folder: String
    /// Who the changes made through this store are recorded as.
    public let grader: Grader
    let pool: any DatabaseWriter
    /// Why changes are refused (the project is opened for reading only), or nil.
    let readOnlyReason: String?
    /// How long a change waits for another program's before it is refused as busy, in seconds.
    let busyWait: Double
    /// Whether the project changed: every process's commits, and this one's as they happen.
    public let changes: ChangeCounter

    /// The database file inside a project folder.
    public static func databasePath(in folder: String) -> String { (folder as NSString).appendingPathComponent("project.sqlite") }

    /// The newest schema version this build reads and writes: how many migrations it knows.
    public static var schemaVersion: Int { ProjectSchema.version }

    /// Creates the database of a new project in `folder` (which must exist) for booklets of
    /// `pagesPerStudent` pages.
    public static func create(in folder: String, pagesPerStudent: Int, grader: Grader) throws(StoreError) -> ProjectStore {
        let path = databasePath(in: folder)
        guard !FileManager.default.fileExists(atPath: path) else { throw .alreadyExists(path: folder) }
        let store = try connect(folder, grader: grader)
        try store.migrate()
        try store.runStoring { db in
            try db.execute(sql: "INSERT INTO project (id, pages_per_student) VALUES (1, ?)", arguments: [pagesPerStudent])
        }
        return store
    }

    /// Opens the project in `folder`, migrating an older schema. A file that is not a whole
    /// ezgrader project (another program's database, a damaged or newer one) is refused untouched;
    /// a project in a read-only folder or on a full disk is opened for reading only.
    /// A change waits up to `busyWait` seconds for another program's before it is refused as busy.
    public static func open(_ folder: String, grader: Grader, busyWait: Double = 30) throws(StoreError) -> ProjectStore {
        let path = databasePath(in: folder)
        guard FileManager.default.fileExists(atPath: path) else { throw .notAProject(path: folder) }
        // SQLite takes an empty file for an empty database: migrating it would pass off a lost
        // project as a new, empty one. Refuse it, and a database whose creation never finished.
        let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber
        if size?.intValue == 0 { throw .incomplete(path: folder, reason: "its project.sqlite is empty") }
        let inspection = try DatabaseInspection.inspect(folder)
        if let reason = inspection.readOnlyReason { return try readOnly(folder, grader: grader, reason: reason) }
        let pool: DatabasePool
        do {
            pool = try DatabasePool(path: path, configuration: configuration(busyWait: busyWait))
            _ = try pool.read { db in try Int.fetchOne(db, sql: "SELECT 1") }  // readers need the -shm file
        } catch let error as DatabaseError where [.SQLITE_FULL, .SQLITE_IOERR].contains(error.resultCode.primaryResultCode) {
            return try readOnly(folder, grader: grader, reason: StoreError.diskFull)
        } catch {
            throw .database(path: folder, error)
        }
        let store = ProjectStore(folder: folder, grader: grader, pool: pool, readOnlyReason: nil, busyWait: busyWait, changes: ChangeCounter(path: path))
        if inspection.needsMigrating { try store.migrate() }
        return store
    }

    /// The project in `folder` opened for reading only: a change is refused, saying `reason`.
    private static func readOnly(_ folder: String, grader: Grader, reason: String) throws(StoreError) -> ProjectStore {
        let (queue, fixedReason) = try DatabaseInspection.readOnlyConnection(folder)
        return ProjectStore(folder: folder, grader: grader, pool: queue, readOnlyReason: fixedReason ?? reason, busyWait: 30,
                            changes: ChangeCounter(path: databasePath(in: folder)))
    }

    /// Runs SQLite's full integrity check on the project in `folder`: every problem it finds
    /// (none when the file is whole). Nothing is written.
    public static func integrityProblems(in folder: String) throws(StoreError) -> [String] {
        guard FileManager.default.fileExists(atPath: databasePath(in: folder)) else { throw .notAProject(path: folder) }
        return try DatabaseInspection.integrityProblems(folder)
    }

    /// True when this project can only be read here (a read-only folder, a full disk).
    public var isReadOnly: Bool { readOnlyReason != nil }

    private static func connect(_ folder: String, grader: Grader) throws(StoreError) -> ProjectStore {
        do {
            let pool = try DatabasePool(path: databasePath(in: folder), configuration: configuration(busyWait: 30))
            return ProjectStore(folder: folder, grader: grader, pool: pool, readOnlyReason: nil, busyWait: 30,
                                changes: ChangeCounter(path: databasePath(in: folder)))
        } catch {
            throw .database(path: folder, error)
        }
    }

    /// Wait for another grader's change in 1 ms steps, up to 30 s: SQLite's own timeout sleeps
    /// up to 100 ms at a time, which made the slowest writes of 8 graders take seconds.
    static let waitingForOthers = waiting(upTo: 30)

    /// Waiting for another grader's change in 1 ms steps, up to `seconds`.
    static func waiting(upTo seconds: Double) -> Database.BusyMode {
        let limit = Int(seconds * 1000)
        return .callback { tries in
            usleep(1000)
            return tries < limit
        }
    }

    /// How every read-write connection is set up: a change waits up to `busyWait` seconds for another's.
    private static func configuration(busyWait: Double) -> Configuration {
        var configuration = Configuration()
        configuration.foreignKeysEnabled = true
        configuration.busyMode = waiting(upTo: busyWait)
        configuration.prepareDatabase { db in
            try db.execute(sql: "PRAGMA synchronous = NORMAL")
        }
        return configuration
    }

    /// Applies the migrations the project lacks (each in its own transaction, which also makes
    /// the history triggers again for the schema it leaves).
    func migrate() throws(StoreError) {
        do { try ProjectSchema.migrator.migrate(pool) } catch { throw .database(path: folder, error) }
    }

    /// Runs `body` in one IMMEDIATE transaction. SQLite's errors become `StoreError.database`;
    /// the body's own errors (rule violations) pass through unchanged after the rollback.
    /// Every transaction counts one more revision of the project; `note` says what it does to the
    /// views (see `ViewChange`), told to the change counter with the revision it committed as.
    func run<T>(_ note: ViewChangeNote? = nil, _ body: (Database) throws -> T) throws -> T {
        if let readOnlyReason { throw StoreError.readOnly(path: folder, reason: readOnlyReason) }
        var committed: Int64?
        // This process's own changes are heard at once (the counter's check finds other processes').
        defer { changes.noteWrite(revision: committed, viewChanges: note?.changes) }
        do {
            return try pool.writeWithoutTransaction { db in
                var result: T?, revision: Int64?
                try db.inTransaction(.immediate) {
                    result = try body(db)
                    revision = try Int64.fetchOne(db, sql: "UPDATE project SET revision = revision + 1 WHERE id = 1 RETURNING revision")
                    return .commit
                }
                guard let result else { throw StoreError.database(path: folder, detail: "the transaction ended without a result") }
                committed = revision
                return result
            }
        } catch let error as DatabaseError where error.resultCode.primaryResultCode == .SQLITE_BUSY {
            throw StoreError.busy(path: folder, seconds: busyWait)
        } catch let error as DatabaseError {
            throw StoreError.database(path: folder, error)
        }
    }

    /// `run`, for callers that can only fail with a `StoreError`.
    private func runStoring<T>(_ body: (Database) throws -> T) throws(StoreError) -> T {
        do { return try run(nil, body) } catch let error as StoreError { throw error } catch { throw .database(path: folder, error) }
    }

    /// Records `description` as one undoable step by `grader`: `body` runs in one transaction
    /// with the history logging on; anything it throws rolls the whole step back and is rethrown
    /// as is.
    /// With `continuing`, the change joins that earlier step instead when it is still this
    /// grader's newest, in force, described alike and the newest of anyone's (one gesture, one step).
    @discardableResult
    public func change<T>(_ description: String, continuing step: Int64? = nil, _ body: (ProjectWriter) throws -> T) throws -> T {
        try change(describedBy: { _ in description }, continuing: step, body)
    }

    /// `change`, with the description made inside the transaction from what it reads.
    @discardableResult
    public func change<T>(describedBy describe: (ProjectWriter) throws -> String, continuing step: Int64? = nil,
                          _ body: (ProjectWriter) throws -> T) throws -> T {
        let note = ViewChangeNote()
        return try run(note) { db in
            let writer = ProjectWriter(db: db, grader: grader, time: Self.now(), viewNote: note)
            let description = try describe(writer)
            if try !(step.map { try History.resume($0, describedAs: description, by: grader, in: db) } ?? false) {
                try History.begin(description, grader: grader, at: writer.time, in: db)
            }
            let value = try body(writer)
            try History.end(in: db)
            holdBeforeCommitForTests()
            return value
        }
    }

    /// How many changes the project has had: every program's transactions count it up.
    public func revision() throws(StoreError) -> Int64 {
        try read { db in try Int64.fetchOne(db, sql: "SELECT revision FROM project WHERE id = 1") ?? 0 }
    }

    /// What the grading views show, read in one snapshot: the grade book, the anonymity setting and
    /// the revision they stand at.
    public func viewState() throws(StoreError) -> (book: GradeBook, anonymity: Anonymity, revision: Int64) {
        try read { db in
            (try GradeBookReader.read(db), try Self.anonymity(db), try Int64.fetchOne(db, sql: "SELECT revision FROM project WHERE id = 1") ?? 0)
        }
    }

    /// Reads one consistent snapshot; never waits for a writer.
    func read<T>(_ body: (Database) throws -> T) throws(StoreError) -> T {
        do {
            return try pool.read(body)
        } catch let error as StoreError {
            throw error
        } catch {
            throw .database(path: folder, error)
        }
    }

    /// The same project, with changes recorded as made by `grader`.
    public func acting(as grader: Grader) -> ProjectStore {
        ProjectStore(folder: folder, grader: grader, pool: pool, readOnlyReason: readOnlyReason, busyWait: busyWait, changes: changes)
    }

    /// The time a change is recorded with: UTC, ISO 8601 with milliseconds.
    static func now() -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.string(from: Date())
    }

    /// Test hook: `EZGRADER_TEST_HOLD_BEFORE_COMMIT=<seconds>` sleeps inside the transaction,
    /// so a test can kill the process with the change half made and check nothing of it lands.
    private func holdBeforeCommitForTests() {
        if let seconds = ProcessInfo.processInfo.environment["EZGRADER_TEST_HOLD_BEFORE_COMMIT"].flatMap(Double.init) {
            Thread.sleep(forTimeInterval: seconds)
        }
    }
}
