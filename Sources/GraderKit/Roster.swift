import Foundation
import GraderCore

/// A roster CSV mapping scan files to students: header `file,name,id,email` (any order, any case;
/// `id` — or `student_id`, `student id` — and `email` optional). Rows for files that were not
/// scanned (absent students) are allowed; two rows with one file or one id are not.
public struct Roster: Sendable, Equatable {
    /// One row of the roster.
    public struct Entry: Sendable, Equatable {
        /// The scan's file name (no folder), as written in the roster.
        public let fileName: String
        /// The student it belongs to.
        public let student: Student
        /// 1-based line in the CSV file, for messages.
        public let line: Int
    }

    /// The roster's path, for messages.
    public let path: String
    /// Rows in file order.
    public let entries: [Entry]

    /// Reads and checks the roster at `path`.
    public init(contentsOf path: String) throws(RosterError) {
        guard let data = FileManager.default.contents(atPath: path) else { throw .unreadable(path: path) }
        guard let text = String(data: data, encoding: .utf8) else { throw .notUTF8(path: path) }
        try self.init(csv: text.hasPrefix("\u{FEFF}") ? String(text.dropFirst()) : text, path: path)
    }

    /// Parses roster CSV text; `path` is only used in messages.
    public init(csv text: String, path: String) throws(RosterError) {
        self.path = path
        let rows: [[String]]
        do throws(ScoreImportError) { rows = try CSVRecords.parse(text) } catch {
            // A lenient reader would swallow every row after an open quote into one cell.
            if case .unclosedQuote(let line) = error { throw .unclosedQuote(path: path, line: line) }
            throw .malformed(path: path)
        }
        guard let header = rows.first else { throw .missingColumn(path: path, column: "file") }
        let columns = header.map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        guard let fileColumn = columns.firstIndex(of: "file") else { throw .missingColumn(path: path, column: "file") }
        guard let nameColumn = columns.firstIndex(of: "name") else { throw .missingColumn(path: path, column: "name") }
        let idColumn = columns.firstIndex { Self.idColumnNames.contains($0) }, emailColumn = columns.firstIndex(of: "email")

        var entries: [Entry] = []
        var lineOfFile: [String: Int] = [:], lineOfID: [String: Int] = [:]
        for (offset, row) in rows.dropFirst().enumerated() where !row.allSatisfy(\.isEmpty) {
            let line = offset + 2
            func cell(_ column: Int?) -> String? {
                guard let column, column < row.count else { return nil }
                return row[column].trimmingCharacters(in: .whitespaces)
            }
            guard let file = cell(fileColumn), !file.isEmpty else { throw .emptyCell(path: path, line: line, column: "file") }
            guard let name = cell(nameColumn), !name.isEmpty else { throw .emptyCell(path: path, line: line, column: "name") }
            let key = file.precomposedStringWithCanonicalMapping
            if let earlier = lineOfFile[key] { throw .duplicateFile(path: path, fileName: file, lines: [earlier, line]) }
            lineOfFile[key] = line
            if let id = cell(idColumn), !id.isEmpty {
                if let earlier = lineOfID[id] { throw .duplicateID(path: path, id: id, lines: [earlier, line]) }
                lineOfID[id] = line
            }
            entries.append(Entry(
                fileName: file, student: Student(name: name, rosterID: cell(idColumn), email: cell(emailColumn)), line: line))
        }
        self.entries = entries
    }

    /// Header names read as the roster id column (lower case).
    static let idColumnNames: Set<String> = ["id", "student_id", "student id", "studentid", "student-id"]

    /// The entry for a scan file name, compared in Unicode NFC.
    public func entry(forFileName fileName: String) -> Entry? {
        let key = fileName.precomposedStringWithCanonicalMapping
        return entries.first { $0.fileName.precomposedStringWithCanonicalMapping == key }
    }
}

/// Why a roster CSV cannot be used.
public enum RosterError: Error, Equatable, Sendable {
    /// The file cannot be read.
    case unreadable(path: String)
    /// The file is not UTF-8 text.
    case notUTF8(path: String)
    /// The CSV cannot be parsed.
    case malformed(path: String)
    /// A quoted cell opened on `line` is never closed.
    case unclosedQuote(path: String, line: Int)
    /// The header lacks a required column.
    case missingColumn(path: String, column: String)
    /// A required cell is empty.
    case emptyCell(path: String, line: Int, column: String)
    /// Two rows name the same scan file.
    case duplicateFile(path: String, fileName: String, lines: [Int])
    /// Two rows give the same student id.
    case duplicateID(path: String, id: String, lines: [Int])
    /// A roster read for versions lacks the `version` column, or a column naming the student.
    case noVersionColumns(path: String)
}

extension RosterError: LocalizedError {
    public var errorDescription: String? {
        switch self {
        case .unreadable(let path):
            return "Roster '\(path)' cannot be read: check the path."
        case .notUTF8(let path):
            return "Roster '\(path)' is not UTF-8 text: save it from your spreadsheet as \"CSV UTF-8\"."
        case .malformed(let path):
            return "Roster '\(path)' is not valid CSV: fix it or export it again."
        case .unclosedQuote(let path, let line):
            return "Roster '\(path)' line \(line) opens a quoted cell (\") that is never closed: close the quote or export the roster again."
        case .missingColumn(let path, let column):
            return "Roster '\(path)' has no '\(column)' column: its first line must name the columns file,name (and optionally id,email)."
        case .emptyCell(let path, let line, let column):
            return "Roster '\(path)' line \(line): the '\(column)' cell is empty: fill it in or delete the line."
        case .duplicateFile(let path, let file, let lines):
            return "Roster '\(path)' names '\(file)' twice (lines \(lines.map(String.init).joined(separator: " and "))): keep one of them."
        case .duplicateID(let path, let id, let lines):
            return "Roster '\(path)' gives the id '\(id)' to two students (lines \(lines.map(String.init).joined(separator: " and "))): "
                + "each student needs their own id; correct one of them."
        case .noVersionColumns(let path):
            return "Roster '\(path)' has no 'version' column, or no 'id', 'name' or 'file' column to find the student by: "
                + "its first line must name them, e.g. name,id,version."
        }
    }
}
