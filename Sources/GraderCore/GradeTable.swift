import Foundation

/// The tables graders export: per question (EZ Grader's own), per student (spreadsheets), and
/// gradebook imports for Canvas, Moodle, Brightspace and Blackboard. Students appear in roster order (or name order without a roster),
/// never in the grading order.
public enum GradeTable {
    /// The layouts.
    public enum Layout: String, Sendable, CaseIterable {
        /// Rows = questions, a column per student, a Total row.
        case questions
        /// Rows = students: name, id, e-mail, a column per question, total, max, percent, ungraded.
        case students
        /// Canvas gradebook import: Student, ID, SIS User ID, SIS Login ID, Section, the total.
        case canvas
        /// What the machine read in every bubble row, with its state, the key and the score, for audit.
        case responses
        /// Rows = students: name, id, a column per rubric item, 1 where it is applied, else 0.
        case rubric
        /// Moodle grade import: ID number, Email address, Full name, the total.
        case moodle
        /// Brightspace (D2L) grade import: OrgDefinedId, "<item> Points Grade", End-of-Line Indicator.
        case brightspace
        /// Blackboard Grade Center upload: Username, "<item> [Total Pts: N Score]".
        case blackboard

        /// Whether every field is written in quotes (Blackboard's comma-delimited upload wants them).
        public var quotesEveryField: Bool { self == .blackboard }
    }

    /// The heading of the students layout's last column when graders are shown.
    public static let gradedByHeading = "Graded by"

    /// The table of `book` in `layout`; with `graders` (each student's graders), the students
    /// layout ends with a "Graded by" column.
    public static func rows(_ book: GradeBook, layout: Layout, assignment: String = "Exam",
                            graders: [StudentID: [String]]? = nil) -> [[CSVCell]] {
        switch layout {
        case .questions: questionRows(book)
        case .students: studentRows(book, graders: graders)
        case .canvas: canvasRows(book, assignment: assignment)
        case .rubric: rubricRows(book)
        case .responses: responseRows(book)
        case .moodle: moodleRows(book, assignment: assignment)
        case .brightspace: brightspaceRows(book, assignment: assignment)
        case .blackboard: blackboardRows(book, assignment: assignment)
        }
    }

    /// Students in table order: the project's list order when it came from a roster (every
    /// student has an id), else by name.
    public static func studentOrder(_ book: GradeBook) -> [StudentID] {
        let ids = book.students.indices.map(StudentID.init)
        if !book.students.isEmpty, book.students.allSatisfy({ $0.student.rosterID != nil }) { return ids }
        return ids.sorted {
            let (a, b) = (book.students[$0.index].student.name, book.students[$1.index].student.name)
            return a.compare(b, options: [.caseInsensitive, .numeric]) == .orderedAscending
        }
    }

    private static func questionRows(_ book: GradeBook) -> [[CSVCell]] {
        let order = studentOrder(book)
        var rows: [[CSVCell]] = [[.text("Page Number"), .text("Question Number"), .text("Max Question Points")]
            + order.map { .text(book.students[$0.index].student.name) }]
        var previousPage = 0
        for numbered in book.questions {
            let page = numbered.question.page
            rows.append([.text(page == previousPage ? "" : "Page \(page)"), .text(numbered.heading),
                         .number(numbered.question.maxPoints.description)]
                + order.map { .number(book.score(numbered.question.id, $0).description) })
            previousPage = page
        }
        rows.append([.text("Total"), .text(""), .number(maximum(book).description)]
            + order.map { .number(earned(book, $0).description) })
        return rows
    }

    private static func studentRows(_ book: GradeBook, graders: [StudentID: [String]]?) -> [[CSVCell]] {
        // A project of several versions names each student's version ("" where unknown).
        let version: [CSVCell] = book.hasVersions ? [.text("Version")] : []
        let header: [CSVCell] = [.text("Student"), .text("ID"), .text("Email")] + version + book.questions.map { .text($0.name) }
            + [.text("Total"), .text("Max"), .text("Percent"), .text("Ungraded")] + (graders == nil ? [] : [.text(gradedByHeading)])
        let max = maximum(book)
        return [header] + studentOrder(book).map { id in
            let student = book.students[id.index].student
            let total = earned(book, id)
            let ungraded = book.questions.filter { book.score($0.question.id, id) == .ungraded }.count
            return [.text(student.name), .text(student.rosterID ?? ""), .text(student.email ?? "")]
                + (book.hasVersions ? [.text(book.version(of: id)?.name ?? "")] : [])
                + book.questions.map { .number(book.score($0.question.id, id).description) }
                + [.number(total.description), .number(max.description), .number(percent(total, of: max)), .number(String(ungraded))]
                + (graders.map { [.text(($0[id] ?? []).joined(separator: "; "))] } ?? [])
        }
    }

    private static func canvasRows(_ book: GradeBook, assignment: String) -> [[CSVCell]] {
        let header: [CSVCell] = ["Student", "ID", "SIS User ID", "SIS Login ID", "Section", assignment].map(CSVCell.text)
        let possible: [CSVCell] = [.text("    Points Possible"), .text(""), .text(""), .text(""), .text(""), .number(maximum(book).description)]
        return [header, possible] + studentOrder(book).map { id in
            let student = book.students[id.index].student
            return [.text(student.name), .text(""), .text(student.rosterID ?? ""), .text(student.email ?? ""), .text(""),
                    .number(earned(book, id).description)]
        }
    }

    // The LMS layouts carry one grade item, the exam's total (named by `assignment`), one row per
    // student in table order. Each follows the header rules of its importer:
    //
    // Moodle — Grades ▸ Import ▸ CSV file (https://docs.moodle.org/en/Grade_import): the file needs
    // one identifier column, mapped on import to a user field (ID number, e-mail address, username
    // or user id), and one column per grade item, mapped to the item; other columns are ignored.
    // We write Moodle's own export headings "ID number" and "Email address" (either can be the
    // identifier), "Full name" for the reader, then the item.
    //
    // Brightspace / D2L — Grades ▸ Import (https://community.d2l.com/brightspace/kb/articles/3538-importing-grades):
    // "OrgDefinedId" (or Username) first; a numeric item's column is "<item> Points Grade" holding
    // points earned; the last column is "End-of-Line Indicator" holding "#" on every row; other user
    // details (names, e-mail) must not be imported, so none are written.
    //
    // Blackboard — Grade Center ▸ Work Offline ▸ Upload
    // (https://help.blackboard.com/Learn/Instructor/Original/Grade/Grading_Tasks/Work_Offline_With_Grade_Data):
    // a "Username" column identifies the student (required); a grade column is headed as Blackboard
    // downloads it, "<item> [Total Pts: N Score]" (N the points possible); a heading without a
    // column id creates a new column. Comma-delimited data is quoted in every field.
    private static func moodleRows(_ book: GradeBook, assignment: String) -> [[CSVCell]] {
        let header: [CSVCell] = ["ID number", "Email address", "Full name", assignment].map(CSVCell.text)
        return [header] + studentOrder(book).map { id in
            let student = book.students[id.index].student
            return [.text(student.rosterID ?? ""), .text(student.email ?? ""), .text(student.name), .number(earned(book, id).description)]
        }
    }

    private static func brightspaceRows(_ book: GradeBook, assignment: String) -> [[CSVCell]] {
        let header: [CSVCell] = ["OrgDefinedId", "\(assignment) Points Grade", "End-of-Line Indicator"].map(CSVCell.text)
        return [header] + studentOrder(book).map { id in
            [.text(book.students[id.index].student.rosterID ?? ""), .number(earned(book, id).description), .number("#")]
        }
    }

    private static func blackboardRows(_ book: GradeBook, assignment: String) -> [[CSVCell]] {
        let header: [CSVCell] = [.text("Username"), .text("\(assignment) [Total Pts: \(maximum(book)) Score]")]
        return [header] + studentOrder(book).map { id in
            [.text(book.students[id.index].student.rosterID ?? ""), .number(earned(book, id).description)]
        }
    }

    private static func rubricRows(_ book: GradeBook) -> [[CSVCell]] {
        let items = book.questions.flatMap { numbered in (book.rubricItems[numbered.question.id] ?? []).map { (numbered, $0) } }
        let header: [CSVCell] = [.text("Student"), .text("ID")] + items.map { .text("\($0.name) i\($1.number) \($1.label)") }
        return [header] + studentOrder(book).map { id in
            let student = book.students[id.index].student
            return [.text(student.name), .text(student.rosterID ?? "")] + items.map { numbered, item in
                .number(book.appliedItems[numbered.question.id]?[id]?.contains { $0.id == item.id } == true ? "1" : "0")
            }
        }
    }

    private static func responseRows(_ book: GradeBook) -> [[CSVCell]] {
        // With versions, each row is the exam's question (read through the student's version), and the version is named.
        var rows: [[CSVCell]] = [(["Student", "ID"] + (book.hasVersions ? ["Version"] : [])
            + ["Block", "Question", "Reading", "Key", "Score", "Fills", "Residual (pt)", "Problem"]).map(CSVCell.text)]
        for id in studentOrder(book) {
            let student = book.students[id.index].student
            for block in book.bubbleBlocks {
                // How well the block fitted on this scan (the same for all its rows), and why it was not read.
                let placement = book.bubblePlacements[block.id]?[id]
                let fit: [CSVCell] = [.number(placement?.residual.map { String(format: "%.2f", $0) } ?? ""), .text(placement?.problem ?? "")]
                let version: [CSVCell] = book.hasVersions ? [.text(book.version(of: id)?.name ?? "")] : []
                for reading in book.examReadings(block: block, student: id) ?? book.bubbleReadings[block.id]?[id] ?? [] {
                    let question = block.kind.isDigitGrid ? "digit \(reading.row + 1)" : block.questionLabel(row: reading.row) ?? ""
                    let questionID = book.bubbleRows.first { $0.value == BubbleRowRef(block: block.id, row: reading.row) }?.key
                    let who: [CSVCell] = [.text(student.name), .text(student.rosterID ?? "")] + version
                    rows.append(who + [.text(block.id), .text(question),
                                 .text(BubbleScoring.describe(reading.reading)),
                                 .text(book.answerKey[block.id]?[reading.row].map { block.kind == .numeric ? NumericAnswer.keyText($0.accepted) : $0.accepted.text } ?? ""),
                                 .number(questionID.map { book.score($0, id).description } ?? ""),
                                 .number(reading.fills.map { String(format: "%.2f", $0) }.joined(separator: " "))] + fit)
                }
            }
        }
        return rows
    }

    /// Sum of every question's maximum.
    public static func maximum(_ book: GradeBook) -> Points { book.questions.reduce(.zero) { $0 + $1.question.maxPoints } }

    /// Sum of `student`'s graded points.
    public static func earned(_ book: GradeBook, _ student: StudentID) -> Points {
        book.questions.compactMap { book.score($0.question.id, student).earned }.reduce(.zero, +)
    }

    /// A percentage with at most two decimals and no trailing zeros ("87.5"); empty when max is 0.
    static func percent(_ earned: Points, of max: Points) -> String {
        guard max.quarters > 0 else { return "" }
        let hundredths = (Double(earned.quarters) * 10_000 / Double(max.quarters)).rounded()
        let whole = Int(hundredths) / 100, fraction = Int(hundredths) % 100
        if fraction == 0 { return String(whole) }
        return fraction % 10 == 0 ? "\(whole).\(fraction / 10)" : "\(whole).\(fraction < 10 ? "0" : "")\(fraction)"
    }
}
