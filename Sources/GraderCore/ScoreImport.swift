import Foundation

/// Reads scores back from a `questions` or `students` table a grader filled in a spreadsheet.
/// All or nothing: the first bad cell refuses the whole file, naming its row and column.
public enum ScoreImport {
    /// One score to set.
    public struct Entry: Hashable, Sendable {
        /// Whose.
        public let student: StudentKey
        /// On which question.
        public let question: QuestionID
        /// The score ("?" clears).
        public let score: Score

        /// Creates an entry.
        public init(student: StudentKey, question: QuestionID, score: Score) {
            self.student = student
            self.question = question
            self.score = score
        }
    }

    /// The scores `rows` (the parsed CSV, header first) set; empty cells leave a score as it is.
    public static func entries(_ rows: [[String]], in book: GradeBook) throws(ScoreImportError) -> [Entry] {
        guard let header = rows.first?.map({ $0.trimmingCharacters(in: .whitespaces) }) else { throw .empty }
        if header.starts(with: ["Page Number", "Question Number", "Max Question Points"]) {
            return try questionLayout(rows, header: header, book: book)
        }
        if header.starts(with: ["Student", "ID", "Email"]) { return try studentLayout(rows, header: header, book: book) }
        throw .unknownLayout(header: header.prefix(3).joined(separator: ","))
    }

    private static func questionLayout(_ rows: [[String]], header: [String], book: GradeBook) throws(ScoreImportError) -> [Entry] {
        var students: [(column: Int, key: StudentKey)] = [], columnOf: [StudentKey: Int] = [:]
        for column in 3..<header.count {
            let name = CSVText.restored(header[column])
            guard let id = book.student(named: name) else { throw .cell(row: 1, column: column, reason: "no student '\(name)' in this project.") }
            let key = book.students[id.index].key
            if let first = columnOf[key] {
                throw .cell(row: 1, column: column, reason: "\(book.students[id.index].student.name) already has column "
                    + "\(ScoreImportError.letters(first)): keep one column per student.")
            }
            columnOf[key] = column
            students.append((column, key))
        }
        var entries: [Entry] = [], page = 0, rowOf: [QuestionID: Int] = [:]
        for (offset, row) in rows.enumerated().dropFirst() where !row.allSatisfy(\.isEmpty) {
            let line = offset + 1, cells = row.map { $0.trimmingCharacters(in: .whitespaces) }
            if cells[0] == "Total" { continue }
            if !cells[0].isEmpty {
                guard cells[0].hasPrefix("Page "), let number = Int(cells[0].dropFirst(5)) else {
                    throw .cell(row: line, column: 0, reason: "'\(cells[0])' is not a page such as 'Page 2'.")
                }
                page = number
            }
            let heading = cells.count > 1 ? CSVText.restored(cells[1]) : ""
            guard let question = book.questions.first(where: { $0.question.page == page && $0.heading == heading })
                ?? book.question(named: heading)
            else { throw .cell(row: line, column: 1, reason: "no question '\(heading)' on page \(page).") }
            if let first = rowOf[question.question.id] {
                throw .cell(row: line, column: 1, reason: "\(question.name) already has row \(first): keep one row per question.")
            }
            rowOf[question.question.id] = line
            for (column, student) in students where column < cells.count && !cells[column].isEmpty {
                entries.append(Entry(student: student, question: question.question.id,
                                     score: try score(cells[column], question, row: line, column: column)))
            }
        }
        return entries
    }

    private static func studentLayout(_ rows: [[String]], header: [String], book: GradeBook) throws(ScoreImportError) -> [Entry] {
        let trailing: Set<String> = ["Total", "Max", "Percent", "Ungraded", GradeTable.gradedByHeading]
        var questions: [(column: Int, question: NumberedQuestion)] = [], columnOf: [QuestionID: Int] = [:]
        for column in 3..<header.count where !trailing.contains(header[column]) {
            let name = CSVText.restored(header[column])
            guard let question = book.question(named: name) else { throw .cell(row: 1, column: column, reason: "no question '\(name)' in this project.") }
            if let first = columnOf[question.question.id] {
                throw .cell(row: 1, column: column, reason: "\(question.name) already has column \(ScoreImportError.letters(first)): "
                    + "keep one column per question.")
            }
            columnOf[question.question.id] = column
            questions.append((column, question))
        }
        var entries: [Entry] = [], rowOf: [StudentKey: Int] = [:]
        for (offset, row) in rows.enumerated().dropFirst() where !row.allSatisfy(\.isEmpty) {
            let line = offset + 1, cells = row.map { $0.trimmingCharacters(in: .whitespaces) }
            let student = try rowStudent(id: cells.count > 1 ? cells[1] : "", name: CSVText.restored(cells[0]), row: line, in: book)
            let entry = book.students[student.index]
            if let first = rowOf[entry.key] {
                throw .cell(row: line, column: 0, reason: "\(entry.student.name) already has row \(first): keep one row per student.")
            }
            rowOf[entry.key] = line
            for (column, question) in questions where column < cells.count && !cells[column].isEmpty {
                entries.append(Entry(student: entry.key, question: question.question.id,
                                     score: try score(cells[column], question, row: line, column: column)))
            }
        }
        return entries
    }

    /// The student a row means: by roster ID when one is given (and then the name, if any, must be
    /// that student's: a mismatch means the row was moved or edited, so it is refused), else by name.
    private static func rowStudent(id: String, name: String, row: Int, in book: GradeBook) throws(ScoreImportError) -> StudentID {
        guard !id.isEmpty else {
            guard let student = book.student(named: name) else { throw .cell(row: row, column: 0, reason: "no student '\(name)' in this project.") }
            return student
        }
        guard let index = book.students.firstIndex(where: { $0.student.rosterID == id }) else {
            throw .cell(row: row, column: 1, reason: "no student has the ID '\(id)' in this project.")
        }
        let owner = book.students[index].student
        if !name.isEmpty && Student(name: name).nameKey != owner.nameKey {
            throw .cell(row: row, column: 0, reason: "the name '\(name)' does not match the ID '\(id)', which is \(owner.name)'s: "
                + "correct the name or the ID.")
        }
        return StudentID(index)
    }

    private static func score(_ text: String, _ question: NumberedQuestion, row: Int, column: Int) throws(ScoreImportError) -> Score {
        do { return try GradingRules.score(text, for: question) } catch {
            throw .cell(row: row, column: column, reason: error.localizedDescription)
        }
    }
}

/// Why a score table was refused. Rows count from 1 (the header); columns from 0 internally,
/// shown as spreadsheet letters.
public enum ScoreImportError: Error, Equatable, Sendable {
    /// The file has no rows.
    case empty
    /// The header is neither layout's.
    case unknownLayout(header: String)
    /// A cell is wrong.
    case cell(row: Int, column: Int, reason: String)
    /// A quoted field opened on `line` is never closed.
    case unclosedQuote(line: Int)
}

extension ScoreImportError: LocalizedError {
    public var errorDescription: String? {
        switch self {
        case .empty:
            return "The file is empty: export a table with ezgrader export csv, fill it in, and import that."
        case .unknownLayout(let header):
            return "The first line starts '\(header)', which is neither the questions layout (Page Number,Question Number,Max Question Points,…) "
                + "nor the students layout (Student,ID,Email,…): import a table exported by ezgrader export csv."
        case .cell(let row, let column, let reason):
            return "Row \(row), column \(Self.letters(column)): \(reason) Nothing was imported."
        case .unclosedQuote(let line):
            return "Line \(line) opens a quoted cell (\") that is never closed, so the rows after it cannot be told apart: "
                + "close the quote, or export the table again. Nothing was imported."
        }
    }

    /// Spreadsheet column letters: 0 → A, 26 → AA.
    static func letters(_ column: Int) -> String {
        var column = column, result = ""
        repeat {
            result = String(UnicodeScalar(UInt8(65 + column % 26))) + result
            column = column / 26 - 1
        } while column >= 0
        return result
    }
}
