/// Reads back a `rubric` table (a row per student, a column per item, 1 where applied) a grader
/// filled in a spreadsheet. All or nothing: the first bad cell refuses the whole file.
public enum RubricImport {
    /// The items one student has on one question after the import.
    public struct Entry: Hashable, Sendable {
        /// Whose.
        public let student: StudentKey
        /// Which question.
        public let question: QuestionID
        /// The item numbers applied.
        public let items: Set<Int>
    }

    /// True when `header` is the rubric layout's ("Student,ID,<question> i<n> <item>,…").
    public static func isRubricLayout(_ header: [String]) -> Bool {
        header.count > 2 && header[0] == "Student" && header[1] == "ID" && header[2].contains(" i")
    }

    /// The items `rows` (header first) set for each student and question; an empty cell keeps
    /// that item as it is (`current`), "1" applies it, "0" removes it.
    public static func entries(_ rows: [[String]], in book: GradeBook) throws(ScoreImportError) -> [Entry] {
        guard let header = rows.first?.map({ $0.trimmingCharacters(in: .whitespaces) }) else { throw .empty }
        let columns = try header.indices.dropFirst(2).map { column throws(ScoreImportError) in try item(in: CSVText.restored(header[column]), column: column, book) }
        var entries: [Entry] = [], seen: [StudentKey: Int] = [:]
        for (offset, row) in rows.enumerated().dropFirst() where !row.allSatisfy(\.isEmpty) {
            let line = offset + 1, cells = row.map { $0.trimmingCharacters(in: .whitespaces) }
            let name = CSVText.restored(cells[0]), rosterID = cells.count > 1 ? cells[1] : ""
            guard let id = (rosterID.isEmpty ? nil : book.student(named: rosterID)) ?? book.student(named: name) else {
                throw .cell(row: line, column: 0, reason: "no student '\(name)' in this project.")
            }
            let key = book.students[id.index].key
            if let first = seen[key] { throw .cell(row: line, column: 0, reason: "\(name) already has row \(first): keep one row per student.") }
            seen[key] = line
            var applied: [QuestionID: Set<Int>] = [:]
            for question in Set(columns.map(\.question.question.id)) {
                applied[question] = Set(book.appliedItems[question]?[id]?.map(\.number) ?? [])
            }
            for (index, column) in columns.enumerated() {
                let cell = index + 2 < cells.count ? cells[index + 2] : ""
                switch cell {
                case "": continue
                case "1": applied[column.question.question.id, default: []].insert(column.number)
                case "0": applied[column.question.question.id, default: []].remove(column.number)
                default: throw .cell(row: line, column: index + 2, reason: "'\(cell)' is neither 1 (applied) nor 0 (not applied).")
                }
            }
            entries += applied.map { Entry(student: key, question: $0.key, items: $0.value) }
        }
        return entries.sorted { ($0.student, $0.question) < ($1.student, $1.question) }
    }

    /// The question and item number a column heading names ("Q1 i2 −2 No justification").
    private static func item(in heading: String, column: Int, _ book: GradeBook) throws(ScoreImportError) -> (question: NumberedQuestion, number: Int) {
        for numbered in book.questions where heading.hasPrefix(numbered.name + " i") {
            let rest = heading.dropFirst(numbered.name.count + 2)
            if let number = Int(rest.prefix { $0.isNumber }), book.rubricItems[numbered.question.id]?.contains(where: { $0.number == number }) == true {
                return (numbered, number)
            }
        }
        throw .cell(row: 1, column: column, reason: "'\(heading)' names no rubric item of this project (a heading such as 'Q1 i2 …').")
    }
}
