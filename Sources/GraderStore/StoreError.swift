import Foundation
import GRDB
import GraderCore

/// Why the project on disk could not be opened or changed. A failed change leaves it as it was.
public enum StoreError: Error, Equatable, Sendable {
    /// No project at the path.
    case notAProject(path: String)
    /// The project's database is empty or was never finished.
    case incomplete(path: String, reason: String)
    /// A project already exists where a new one would be created.
    case alreadyExists(path: String)
    /// The project was written by a newer ezgrader.
    case newerSchema(path: String, found: Int, supported: Int)
    /// The project's database file is not an SQLite database at all.
    case notADatabase(path: String)
    /// The project's database file is another program's SQLite database (its tables named).
    case foreignDatabase(path: String, tables: [String])
    /// SQLite's integrity check found `problems` in the project's database.
    case damaged(path: String, problems: [String])
    /// The project can only be read here (`reason`: a read-only folder, a full disk).
    case readOnly(path: String, reason: String)
    /// SQLite reported an error (disk full, locked for too long, corrupted file, …).
    case database(path: String, detail: String)
    /// Another program kept the database busy (writing) for longer than a change waits, `seconds`.
    case busy(path: String, seconds: Double)
}

extension StoreError: LocalizedError {
    public var errorDescription: String? {
        switch self {
        case .notAProject(let path):
            return "'\(path)' is not an ezgrader project (no project.sqlite inside): create one with ezgrader new."
        case .incomplete(let path, let reason):
            return "'\(path)' is not a whole project (\(reason)). Restore the folder from a backup, or remove it and create the "
                + "project again with ezgrader new; nothing was changed."
        case .alreadyExists(let path):
            return "'\(path)' already exists: choose another project name or remove the old project."
        case .newerSchema(let path, let found, let supported):
            return "'\(path)' was written by a newer ezgrader (project schema version \(found)); this ezgrader reads "
                + "schema versions up to \(supported). Update ezgrader to open it; the project was not changed."
        case .notADatabase(let path):
            return "'\(path)' is not an ezgrader project: its project.sqlite is not a database (damaged, or another file saved "
                + "under that name). Restore the folder from a backup; nothing was changed."
        case .foreignDatabase(let path, let tables):
            return "'\(path)' is not an ezgrader project: its project.sqlite is another program's database (tables: "
                + "\(tables.prefix(5).joined(separator: ", "))\(tables.count > 5 ? ", …" : "")). Move it away or choose the right "
                + "folder; it was not changed."
        case .damaged(let path, let problems):
            return "'\(path)' is damaged: SQLite's check of project.sqlite found \(problems.count == 1 ? "a problem" : "problems") ("
                + "\(problems.prefix(3).joined(separator: "; "))). Nothing was written to it: restore the folder from a backup, and "
                + "keep a copy of the damaged one."
        case .readOnly(let path, let reason):
            return "'\(path)' can only be read here: \(reason). Nothing was changed."
        case .database(let path, let detail):
            return "The project database in '\(path)' could not be used: \(detail). Nothing was changed."
        case .busy(let path, let seconds):
            return "The project database in '\(path)' is busy: another program (an ezgrader command or server) has been changing it "
                + "for more than \(String(format: "%g", seconds)) s. Nothing was changed; try again in a moment."
        }
    }
}

extension StoreError {
    /// True when another program kept the database busy longer than a change waits.
    public var isBusy: Bool {
        if case .busy = self { return true }
        return false
    }
}

extension StoreError: CategorizedError {
    public var category: ErrorCategory {
        switch self {
        case .database, .busy: .writeFailed
        case .readOnly: .readOnly
        default: .inputRefused
        }
    }
}

extension StoreError {
    /// `.readOnly`'s reason for a project on a full disk.
    static let diskFull = "its disk is full; free some space on it to change the project"
    /// `.readOnly`'s reason for a project in a folder this user may not write.
    static let folderNotWritable = "its folder may not be written; copy the project to a folder you may write to change it"

    /// `.database` for `error` with a plain cause: what SQLite's result code means for the user,
    /// never the SQL text or GRDB's description.
    static func database(path: String, _ error: any Error) -> StoreError {
        .database(path: path, detail: plainCause(error))
    }

    private static func plainCause(_ error: any Error) -> String {
        guard let error = error as? DatabaseError else {
            return (error as? LocalizedError)?.errorDescription ?? "an unexpected database error (\(type(of: error)))"
        }
        switch error.resultCode.primaryResultCode {
        case .SQLITE_FULL: return "the disk is full; free some space and try again"
        case .SQLITE_BUSY, .SQLITE_LOCKED: return "another ezgrader kept it busy for more than 30 seconds; try again"
        case .SQLITE_CORRUPT, .SQLITE_NOTADB: return "project.sqlite is damaged or is not a project database; restore it from a backup"
        case .SQLITE_READONLY, .SQLITE_PERM, .SQLITE_AUTH: return "it may not be written; check the folder's permissions"
        case .SQLITE_CANTOPEN: return "project.sqlite cannot be opened; check that the folder exists and may be read and written"
        case .SQLITE_IOERR: return "reading or writing the disk failed"
        default: return error.message ?? "SQLite reported error \(error.resultCode.primaryResultCode.rawValue)"
        }
    }
}
