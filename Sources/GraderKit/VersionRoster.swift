import Foundation
import GraderCore

/// The `version` column of a roster CSV: each row's student (by roster id, name or scan file,
/// whichever columns the header has) and the version they sat. Rows with an empty version are
/// skipped (that student's version is told another way).
enum VersionRoster {
    /// One row: what may name the student (id, name, file — in that order of trust) and the version.
    struct Row: Equatable {
        let keys: [String]
        let version: String
        let line: Int
    }

    /// Parses roster CSV text; `path` is only used in messages.
    static func parse(_ text: String, path: String) throws(RosterError) -> [Row] {
        let records: [[String]]
        do throws(ScoreImportError) { records = try CSVRecords.parse(text.hasPrefix("\u{FEFF}") ? String(text.dropFirst()) : text) } catch {
            if case .unclosedQuote(let line) = error { throw .unclosedQuote(path: path, line: line) }
            throw .malformed(path: path)
        }
        let columns = (records.first ?? []).map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        let studentColumns = [columns.firstIndex { Roster.idColumnNames.contains($0) }, columns.firstIndex(of: "name"), columns.firstIndex(of: "file")]
            .compactMap { $0 }
        guard let versionColumn = columns.firstIndex(of: "version"), !studentColumns.isEmpty else { throw .noVersionColumns(path: path) }
        return records.dropFirst().enumerated().compactMap { offset, record in
            func cell(_ column: Int) -> String { column < record.count ? record[column].trimmingCharacters(in: .whitespaces) : "" }
            let version = cell(versionColumn), keys = studentColumns.map(cell).filter { !$0.isEmpty }
            return version.isEmpty || keys.isEmpty ? nil : Row(keys: keys, version: version, line: offset + 2)
        }
    }
}
