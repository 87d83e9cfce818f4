import Foundation
import GRDB

/// What a project's `project.sqlite` is, found before a connection that could change it is
/// opened: an SQLite file at all, ezgrader's own, whole (SQLite's quick integrity check), and
/// whether it can be written here. A foreign or damaged file is refused without a byte written.
struct DatabaseInspection {
    /// True when it lacks migrations this build knows: made by an older ezgrader, updated on opening.
    let needsMigrating: Bool
    /// Why the project can only be read here (a read-only folder, a full disk), or nil.
    let readOnlyReason: String?

    /// The 16 bytes every SQLite 3 database file begins with.
    private static let magic = Data("SQLite format 3\0".utf8)

    /// Inspects the database of the project in `folder` (which exists and is not empty).
    static func inspect(_ folder: String) throws(StoreError) -> DatabaseInspection {
        let path = ProjectStore.databasePath(in: folder)
        guard let header = leadingBytes(of: path, count: 100), header.count == 100, header.prefix(16) == magic else {
            throw .notADatabase(path: folder)
        }
        let (queue, readOnlyReason) = try readOnlyConnection(folder)
        let needsMigrating = try check(queue, folder: folder)
        if readOnlyReason != nil, needsMigrating {
            throw .readOnly(path: folder, reason: "it was made by an older ezgrader and must be updated once, which needs it writable (\(readOnlyReason ?? ""))")
        }
        return DatabaseInspection(needsMigrating: needsMigrating, readOnlyReason: readOnlyReason)
    }

    /// A read-only connection, and why writing will not be possible (nil when it may be).
    /// SQLite's WAL needs a writable `-shm` beside the file even to read; where the folder is
    /// read-only or its disk full and no unfinished changes wait in `-wal`, the file is read as
    /// immutable instead.
    static func readOnlyConnection(_ folder: String) throws(StoreError) -> (DatabaseQueue, String?) {
        let path = ProjectStore.databasePath(in: folder)
        let fixedReason = access(folder, W_OK) == 0 && access(path, W_OK) == 0 ? nil : StoreError.folderNotWritable
        var configuration = Configuration()
        configuration.readonly = true
        // Another process may be writing or closing the project (its last close checkpoints): wait as writers do.
        configuration.busyMode = ProjectStore.waitingForOthers
        if fixedReason == nil {
            do {
                let queue = try DatabaseQueue(path: path, configuration: configuration)
                _ = try queue.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM sqlite_master") }
                return (queue, nil)
            } catch let error as DatabaseError where [.SQLITE_FULL, .SQLITE_IOERR, .SQLITE_CANTOPEN].contains(error.resultCode.primaryResultCode) {
                // The disk is full (or the folder refuses the -shm file): read it as it stands.
            } catch {
                throw StoreError.database(path: folder, error)
            }
        }
        let pendingChanges = ((try? FileManager.default.attributesOfItem(atPath: path + "-wal"))?[.size] as? NSNumber)?.intValue ?? 0
        guard pendingChanges == 0 else {
            throw StoreError.readOnly(path: folder, reason: "changes in project.sqlite-wal wait to be written back, which needs it writable (\(fixedReason ?? StoreError.diskFull))")
        }
        do {
            return (try DatabaseQueue(path: immutableURI(path), configuration: configuration), fixedReason ?? StoreError.diskFull)
        } catch {
            throw StoreError.database(path: folder, error)
        }
    }

    /// Whether the project needs migrating, after checking the file holds a whole ezgrader
    /// project that no newer ezgrader has migrated (one of its migrations is unknown here).
    private static func check(_ queue: DatabaseQueue, folder: String) throws(StoreError) -> Bool {
        let migrator = ProjectSchema.migrator
        do {
            return try queue.read { db in
                let tables = try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
                if tables.contains("grdb_migrations"), try migrator.hasBeenSuperseded(db) {
                    throw StoreError.newerSchema(path: folder, found: try migrator.appliedIdentifiers(db).count, supported: ProjectSchema.version)
                }
                if !tables.isEmpty, !tables.contains("project") || !tables.contains("grdb_migrations") {
                    throw StoreError.foreignDatabase(path: folder, tables: tables)
                }
                let problems = problems(try String.fetchAll(db, sql: "PRAGMA quick_check(5)"))
                guard problems.isEmpty else { throw StoreError.damaged(path: folder, problems: problems) }
                guard tables.contains("project"), try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM project)") ?? false else {
                    throw StoreError.incomplete(path: folder, reason: "its project.sqlite holds no project: its creation never finished")
                }
                return try !migrator.hasCompletedMigrations(db)
            }
        } catch let error as StoreError {
            throw error
        } catch {
            throw StoreError.database(path: folder, error)
        }
    }

    /// The whole-file integrity check (`PRAGMA integrity_check`): every problem found, none when whole.
    static func integrityProblems(_ folder: String) throws(StoreError) -> [String] {
        let (queue, _) = try readOnlyConnection(folder)
        do {
            return problems(try queue.read { db in try String.fetchAll(db, sql: "PRAGMA integrity_check(100)") })
        } catch {
            throw StoreError.database(path: folder, error)
        }
    }

    /// The problems in what an SQLite check answered ("ok" when whole), one a line, without
    /// the "*** in database main ***" headings.
    private static func problems(_ answer: [String]) -> [String] {
        answer.flatMap { $0.split(separator: "\n").map(String.init) }.filter { $0 != "ok" && !$0.hasPrefix("*** ") }
    }

    private static func leadingBytes(of path: String, count: Int) -> Data? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        return try? handle.read(upToCount: count)
    }

    /// `file:` URI of `path` read as immutable (SQLite then takes no lock and needs no `-shm`).
    private static func immutableURI(_ path: String) -> String {
        let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "/-._~")
        return "file:" + (absolute.addingPercentEncoding(withAllowedCharacters: allowed) ?? absolute) + "?immutable=1"
    }
}
