import CSV
import Foundation
import GraderCore
import GraderFiles

/// CSV export and import of a project's scores.
public enum ScoreTables {
    /// The CSV text of the project's scores in `layout`.
    public static func csv(_ project: GradingProject, layout: GradeTable.Layout, assignment: String) throws -> String {
        CSVText.write(GradeTable.rows(try project.store.gradeBook(), layout: layout, assignment: assignment))
    }

    /// Writes `text` to `path` atomically (temporary file, checked, then rename): a crash or a full
    /// disk never leaves a half-written table under the final name.
    public static func write(_ text: String, to path: String) throws(FileWriteError) {
        try AtomicFile.write(Data(text.utf8), to: path)
    }

    /// Reads a filled `questions` or `students` table and sets its scores as one change; a bad
    /// cell refuses the whole file. Returns how many scores changed.
    @discardableResult
    public static func importCSV(_ path: String, into project: GradingProject) throws -> Int {
        guard let data = FileManager.default.contents(atPath: path) else { throw ScoreTableError.unreadable(path: path) }
        guard var text = String(data: data, encoding: .utf8) else { throw ScoreTableError.notUTF8(path: path) }
        if text.hasPrefix("\u{FEFF}") { text.removeFirst() }
        let reader: CSVReader
        do { reader = try CSVReader(string: text, hasHeaderRow: false) } catch { throw ScoreTableError.malformed(path: path) }
        let rows = Array(AnyIterator { reader.next() })
        if reader.error != nil { throw ScoreTableError.malformed(path: path) }
        let book = try project.store.gradeBook()
        let index = Dictionary(uniqueKeysWithValues: book.students.enumerated().map { ($1.key, StudentID($0)) })
        let changes = try ScoreImport.entries(rows, in: book).filter { book.score($0.question, index[$0.student]!) != $0.score }
        try project.store.applyScores(changes, description: "import \((path as NSString).lastPathComponent)")
        return changes.count
    }
}

/// Why a score table file could not be read at all.
public enum ScoreTableError: Error, Equatable, Sendable {
    /// Cannot be read.
    case unreadable(path: String)
    /// Not UTF-8.
    case notUTF8(path: String)
    /// Not CSV (an unclosed quote).
    case malformed(path: String)
}

extension ScoreTableError: LocalizedError {
    public var errorDescription: String? {
        switch self {
        case .unreadable(let path): "'\(path)' cannot be read: check the path."
        case .notUTF8(let path): "'\(path)' is not UTF-8 text: save it from your spreadsheet as \"CSV UTF-8\". Nothing was imported."
        case .malformed(let path): "'\(path)' is not valid CSV (an unclosed quote?): fix it or export it again. Nothing was imported."
        }
    }
}
