import Foundation
import GraderCore
import GraderStore
import GraderFiles

/// CSV export and import of a project's scores.
public enum ScoreTables {
    /// The CSV text of the project's scores in `layout`; with `graders`, the students layout
    /// names who gave each student's scores.
    public static func csv(_ project: GradingProject, layout: GradeTable.Layout, assignment: String, graders: Bool = false) throws -> String {
        try export(project, layout: layout, assignment: assignment, graders: graders).text
    }

    /// A table as written, and what the grader should know before importing it elsewhere.
    public struct Export: Sendable {
        /// The CSV text.
        public let text: String
        /// Scores still "?", students an LMS cannot match.
        public let notices: [GradeTableNotice]
    }

    /// The table of the project's scores in `layout` with its notices, read in one snapshot;
    /// with `bom`, the text starts with the byte-order mark Excel needs to read UTF-8.
    public static func export(_ project: GradingProject, layout: GradeTable.Layout, assignment: String, graders: Bool = false,
                              bom: Bool = false) throws -> Export {
        try project.permit(.export)
        let book = try project.store.gradeBook()
        let names = graders ? try graderNames(project, book) : nil
        let text = CSVText.write(GradeTable.rows(book, layout: layout, assignment: assignment, graders: names),
                                 quoteEveryField: layout.quotesEveryField)
        return Export(text: (bom ? "\u{FEFF}" : "") + text, notices: GradeTable.notices(book, layout: layout))
    }

    /// Each student's graders (of the scores standing now), sorted.
    private static func graderNames(_ project: GradingProject, _ book: GradeBook) throws -> [StudentID: [String]] {
        let idOfKey = Dictionary(uniqueKeysWithValues: book.students.enumerated().map { ($1.key, StudentID($0)) })
        var names: [StudentID: Set<String>] = [:]
        for records in try project.scoreRecords().values {
            for (key, record) in records where !record.grader.isEmpty {
                if let id = idOfKey[key] { names[id, default: []].insert(record.grader) }
            }
        }
        return names.mapValues { $0.sorted() }
    }

    /// Writes `text` to `path` atomically (temporary file, checked, then rename): a crash or a full
    /// disk never leaves a half-written table under the final name.
    public static func write(_ text: String, to path: String) throws(FileWriteError) {
        try AtomicFile.write(Data(text.utf8), to: path)
    }

    /// The largest score table `importCSV` reads: a class of 2,000 students × 200 questions is
    /// under 4 MB, so a bigger file is not a filled table (and would tie the project up for minutes).
    public static let importLimit = 16 << 20

    /// Reads a filled `questions` or `students` table and sets its scores as one change; a bad
    /// cell refuses the whole file. The rules are checked inside the change's transaction, against
    /// the project as it is then (a maximum lowered meanwhile is seen). Returns how many scores changed.
    @discardableResult
    public static func importCSV(_ path: String, into project: GradingProject) throws -> Int {
        try importTable(path, into: project).changed
    }

    /// What an import did.
    public struct ImportReport: Sendable, Equatable {
        /// How many scores (or students' rubric items) changed.
        public let changed: Int
        /// The separator the file turned out to use.
        public let separator: CSVSeparator
    }

    /// `importCSV`, also saying which separator the file used: a comma, or the semicolon of
    /// European spreadsheets (whose decimal commas are read as points). Scores other graders gave
    /// are replaced only with `overwrite` (the step says how many); else the import is refused,
    /// listing them.
    public static func importTable(_ path: String, into project: GradingProject, overwrite: Bool = false) throws -> ImportReport {
        try project.permit(.export)
        let size = ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber)?.intValue
        if let size, size > importLimit { throw ScoreTableError.tooLarge(path: path, bytes: size, limit: importLimit) }
        guard let data = FileManager.default.contents(atPath: path) else { throw ScoreTableError.unreadable(path: path) }
        guard data.count <= importLimit else { throw ScoreTableError.tooLarge(path: path, bytes: data.count, limit: importLimit) }
        guard var text = String(data: data, encoding: .utf8) else { throw ScoreTableError.notUTF8(path: path) }
        if text.hasPrefix("\u{FEFF}") { text.removeFirst() }
        let separator = CSVSeparator.detect(text)
        let rows = try CSVRecords.parse(text, separator: separator).map { $0.map(separator.number) }
        let file = (path as NSString).lastPathComponent
        let changed = try project.store.change("import \(file)") { writer in
            let book = try writer.gradeBook()
            if let header = rows.first, RubricImport.isRubricLayout(header) { return try importItems(rows, book, writer) }
            let keys = Dictionary(uniqueKeysWithValues: book.students.enumerated().map { ($1.key, StudentID($0)) })
            let entries = try ScoreImport.entries(rows, in: book).filter { entry in
                keys[entry.student].map { book.score(entry.question, $0) != entry.score } ?? false
            }
            let replaced = try entries.compactMap { entry in
                try writer.othersScore(replacedBy: entry.score, question: entry.question, student: entry.student).map { theirs in
                    ForeignScore(student: try writer.studentName(entry.student), question: try book.directory.resolveQuestion(id: entry.question).name,
                                 score: .points(theirs.points), grader: theirs.grader)
                }
            }
            try writer.take(replaced, overwrite: overwrite, as: "replacing")
            for entry in entries { try writer.setScore(entry.score, question: entry.question, student: entry.student) }
            return entries.count
        }
        return ImportReport(changed: changed, separator: separator)
    }

    /// Sets the rubric items a `rubric` table gives; returns how many students' items changed.
    private static func importItems(_ rows: [[String]], _ book: GradeBook, _ writer: ProjectWriter) throws -> Int {
        let keys = Dictionary(uniqueKeysWithValues: book.students.enumerated().map { ($1.key, StudentID($0)) })
        var changed = 0
        for entry in try RubricImport.entries(rows, in: book) {
            let current = Set(keys[entry.student].flatMap { book.appliedItems[entry.question]?[$0] }?.map(\.number) ?? [])
            guard current != entry.items else { continue }
            try RubricChanges.setApplied(entry.items, student: entry.student, question: entry.question, writer)
            changed += 1
        }
        return changed
    }
}

/// Why a score table file could not be read at all.
public enum ScoreTableError: Error, Equatable, Sendable {
    /// Cannot be read.
    case unreadable(path: String)
    /// Not UTF-8.
    case notUTF8(path: String)
    /// Larger than `ScoreTables.importLimit`.
    case tooLarge(path: String, bytes: Int, limit: Int)
}

extension ScoreTableError: LocalizedError {
    public var errorDescription: String? {
        switch self {
        case .unreadable(let path): "'\(path)' cannot be read: check the path."
        case .notUTF8(let path): "'\(path)' is not UTF-8 text: save it from your spreadsheet as \"CSV UTF-8\". Nothing was imported."
        case .tooLarge(let path, let bytes, let limit):
            "'\(path)' is \(bytes >> 20) MB, more than the \(limit >> 20) MB a score table can be: import the table that "
                + "ezgrader export csv wrote, filled in. Nothing was imported."
        }
    }
}
