import CSV
import Foundation
import GraderCore
@testable import GraderKit
import GraderStore
import Testing
import TestSupport

@Suite struct ScoreTableTests {
    /// Hazardous names from a roster: formulas, a comma, a quote, CJK, a name that is a negative number.
    private let names = ["=HYPERLINK(\"x\")", "+1", "@SUM(A1)", "O'Brien, Pat", "Dwayne \"The Rock\" J", "李明", "-3"]

    private func project(_ folder: TemporaryFolder) throws -> GradingProject {
        let store = GradingProject(folder: folder.path, store: try ProjectStore.create(in: folder.path, pagesPerStudent: 2, grader: try .tester()))
        try store.change("students") { writer in
            for (index, name) in names.enumerated() {
                try writer.insertStudent(Student(name: name, rosterID: "S\(index + 1)", email: index == 3 ? "pat@example.edu" : nil),
                                         scanFile: "x.pdf", sha256: "0", pageSizes: Array(repeating: PageSize(width: 612, height: 792), count: 2))
            }
        }
        _ = try store.addQuestion(page: 2, at: "100,100", maxPoints: "3", label: nil)
        _ = try store.addQuestion(page: 1, at: "400,80", maxPoints: "2.5", label: nil)
        _ = try store.addQuestion(page: 1, at: "100,82", maxPoints: "4", label: "Q1, part \"a\"")
        try store.setScore(student: "+1", question: "Q1, part \"a\"", value: "3.25")
        try store.setScore(student: "李明", question: "p1q2", value: "2.5")
        try store.setScore(student: "-3", question: "p2q1", value: "0")
        return store
    }

    /// The project, and what importing a table's text into it says: the refusal, or nil when it imports.
    private func importing(_ folder: TemporaryFolder) throws -> (GradingProject, (String) throws -> String?) {
        let project = try project(folder), file = folder.file("bad.csv")
        return (project, { text in
            try text.write(toFile: file, atomically: true, encoding: .utf8)
            do { try ScoreTables.importCSV(file, into: project); return nil } catch { return error.localizedDescription }
        })
    }

    @Test func questionsLayoutExactText() throws {
        let folder = TemporaryFolder()
        let csv = try ScoreTables.csv(try project(folder), layout: .questions, assignment: "")
        #expect(csv == [
            #"Page Number,Question Number,Max Question Points,"'=HYPERLINK(""x"")",'+1,'@SUM(A1),"O'Brien, Pat","Dwayne ""The Rock"" J",李明,'-3"#,
            #"Page 1,"Q1, part ""a""",4,?,3.25,?,?,?,?,?"#,
            ",Question 2,2.5,?,?,?,?,?,2.5,?",
            "Page 2,Question 1,3,?,?,?,?,?,?,0",
            "Total,,9.5,0,3.25,0,0,0,2.5,0",
        ].map { $0 + "\r\n" }.joined())
    }

    @Test func studentsAndCanvasLayoutsExactText() throws {
        let folder = TemporaryFolder()
        let project = try project(folder)
        let students = try ScoreTables.csv(project, layout: .students, assignment: "")
        #expect(students.split(separator: "\r\n").prefix(3).joined(separator: "\n") == #"""
            Student,ID,Email,"Q1, part ""a""",p1q2,p2q1,Total,Max,Percent,Ungraded
            "'=HYPERLINK(""x"")",S1,,?,?,?,0,9.5,0,3
            '+1,S2,,3.25,?,?,3.25,9.5,34.21,2
            """#)
        let canvas = try ScoreTables.csv(project, layout: .canvas, assignment: "Midterm")
        #expect(canvas.split(separator: "\r\n").prefix(3).joined(separator: "\n") == """
            Student,ID,SIS User ID,SIS Login ID,Section,Midterm
                Points Possible,,,,,9.5
            "'=HYPERLINK(""x"")",,S1,,,0
            """)
        #expect(canvas.contains(#""O'Brien, Pat",,S4,pat@example.edu,,0"#))
    }

    /// A class for the LMS layouts: one student with roster id and e-mail, one with e-mail only,
    /// one with neither (so the table is in name order).
    private func lmsProject(_ folder: TemporaryFolder) throws -> GradingProject {
        let store = GradingProject(folder: folder.path, store: try ProjectStore.create(in: folder.path, pagesPerStudent: 1, grader: try .tester()))
        let students = [Student(name: "Schmidt, Anna", rosterID: "20067930", email: "anna@example.edu"),
                        Student(name: "Ben Okafor", email: "ben@example.edu"), Student(name: "=Cy")]
        try store.change("students") { writer in
            for student in students {
                try writer.insertStudent(student, scanFile: "x.pdf", sha256: "0", pageSizes: [PageSize(width: 612, height: 792)])
            }
        }
        _ = try store.addQuestion(page: 1, at: "100,100", maxPoints: "6", label: "Q1")
        _ = try store.addQuestion(page: 1, at: "100,300", maxPoints: "2.5", label: "Q2")
        try store.setScore(student: "Anna Schmidt", question: "Q1", value: "5.5")
        try store.setScore(student: "Anna Schmidt", question: "Q2", value: "2")
        try store.setScore(student: "Ben", question: "Q1", value: "3")
        return store
    }

    @Test func lmsLayoutsExactText() throws {
        let folder = TemporaryFolder()
        let project = try lmsProject(folder)
        #expect(try ScoreTables.csv(project, layout: .moodle, assignment: "Midterm 1") == [
            "ID number,Email address,Full name,Midterm 1",
            ",,'=Cy,0",
            ",ben@example.edu,Ben Okafor,3",
            "20067930,anna@example.edu,\"Schmidt, Anna\",7.5",
        ].map { $0 + "\r\n" }.joined())
        #expect(try ScoreTables.csv(project, layout: .brightspace, assignment: "Midterm 1") == [
            "OrgDefinedId,Midterm 1 Points Grade,End-of-Line Indicator",
            ",0,#",
            ",3,#",
            "20067930,7.5,#",
        ].map { $0 + "\r\n" }.joined())
        #expect(try ScoreTables.csv(project, layout: .blackboard, assignment: "Midterm 1") == [
            #""Username","Midterm 1 [Total Pts: 8.5 Score]""#,
            #""","0""#,
            #""","3""#,
            #""20067930","7.5""#,
        ].map { $0 + "\r\n" }.joined())
    }

    @Test func lmsLayoutsSayWhoCannotBeMatched() throws {
        let folder = TemporaryFolder()
        let project = try lmsProject(folder)
        let ungraded = GradeTableNotice.ungraded(count: 3)
        #expect(try ScoreTables.export(project, layout: .moodle, assignment: "M").notices
            == [ungraded, .noMatchingID(lms: "Moodle", what: "roster id or e-mail", students: ["=Cy"])])
        let brightspace = try ScoreTables.export(project, layout: .brightspace, assignment: "M").notices
        #expect(brightspace == [ungraded, .noMatchingID(lms: "Brightspace", what: "roster id (its OrgDefinedId)", students: ["=Cy", "Ben Okafor"])])
        #expect(brightspace.map(\.description) == [
            "3 scores are still \"?\": the totals count them as 0 until graded (ezgrader status shows where).",
            "2 students have no roster id (its OrgDefinedId) for Brightspace to match on (=Cy; Ben Okafor): Brightspace will skip "
                + "those rows; enter them by hand or give the students ids in a roster (ezgrader new --roster).",
        ])
        #expect(try ScoreTables.export(project, layout: .students, assignment: "M").notices == [ungraded])
        #expect(try ScoreTables.export(project, layout: .rubric, assignment: "M").notices == [])
    }

    /// Reads the export back with CSV.swift, a parser that shares no code with our writer.
    @Test func aRealCSVParserReadsEveryCell() throws {
        let folder = TemporaryFolder()
        let csv = try ScoreTables.csv(try project(folder), layout: .questions, assignment: "")
        let reader = try CSVReader(string: csv, hasHeaderRow: false)
        let rows = Array(AnyIterator { reader.next() })
        #expect(rows.count == 5 && rows.allSatisfy { $0.count == 10 })
        #expect(rows[0].dropFirst(3).map(CSVText.restored) == names)
        #expect(rows[0][3] == "'=HYPERLINK(\"x\")", "a spreadsheet shows it as text")
        #expect(rows[1][1] == "Q1, part \"a\"")
        #expect(rows[4] == ["Total", "", "9.5", "0", "3.25", "0", "0", "0", "2.5", "0"])
    }

    @Test func exportImportExportIsStable() throws {
        let folder = TemporaryFolder()
        let project = try project(folder)
        for layout in [GradeTable.Layout.questions, .students] {
            let first = try ScoreTables.csv(project, layout: layout, assignment: "")
            let file = folder.file("\(layout).csv")
            try ScoreTables.write(first, to: file)
            #expect(try ScoreTables.importCSV(file, into: project) == 0)
            #expect(try ScoreTables.csv(project, layout: layout, assignment: "") == first)
        }
    }

    @Test func aFilledSheetImportsAsOneUndoStep() throws {
        let folder = TemporaryFolder()
        let project = try project(folder)
        let file = folder.file("filled.csv")
        try "Student,ID,Email,\"Q1, part \"\"a\"\"\",p1q2\r\n'+1,S2,,4,1\r\n\"O'Brien, Pat\",,,?,2.25\r\n".write(toFile: file, atomically: true, encoding: .utf8)
        #expect(try ScoreTables.importCSV(file, into: project) == 3)
        let table = try ScoreTables.csv(project, layout: .questions, assignment: "")
        #expect(table.contains(#"Page 1,"Q1, part ""a""",4,?,4,?,?,?,?,?"#))
        #expect(table.contains(",Question 2,2.5,?,1,?,2.25,?,2.5,?"))
        #expect(try project.store.undo()?.description == "import filled.csv")
        #expect(try ScoreTables.csv(project, layout: .questions, assignment: "").contains("Page 1,\"Q1, part \"\"a\"\"\",4,?,3.25,"))
    }

    @Test func oneBadCellRefusesTheWholeFile() throws {
        let folder = TemporaryFolder()
        let (project, refusal) = try importing(folder)
        let before = try ScoreTables.csv(project, layout: .questions, assignment: "")
        #expect(try refusal("Student,ID,Email,p1q2\n'+1,S2,,2\n李明,,,3\n")
            == "Row 3, column D: Score 3 does not fit p1q2: give 0 to 2.5 in steps of 0.25, or ? to clear. Nothing was imported.")
        #expect(try refusal("Student,ID,Email,p1q2\nNobody,,,1\n")
            == "Row 2, column A: no student 'Nobody' in this project. Nothing was imported.")
        #expect(try refusal("Page Number,Question Number,Max Question Points,'+1\nPage 1,Question 9,1,1\n")
            == "Row 2, column B: no question 'Question 9' on page 1. Nothing was imported.")
        #expect(try refusal("Student,ID,Email,p1q2\n'+1,S2,,two\n")
            == "Row 2, column D: Score 'two' is not a number: type points such as 3 or 2.5, or ? to clear. Nothing was imported.")
        #expect(try ScoreTables.csv(project, layout: .questions, assignment: "") == before)
    }

    /// Issue 11: rows that would put scores on the wrong student, or lose some, are refused.
    @Test func ambiguousOrBrokenTablesAreRefused() throws {
        let folder = TemporaryFolder()
        let (project, refusal) = try importing(folder)
        let before = try ScoreTables.csv(project, layout: .questions, assignment: "")
        #expect(try refusal("Student,ID,Email,p1q2\n李明,S2,,1\n")
            == "Row 2, column A: the name '李明' does not match the ID 'S2', which is +1's: correct the name or the ID. Nothing was imported.")
        #expect(try refusal("Student,ID,Email,p1q2\n李明,S99,,1\n")
            == "Row 2, column B: no student has the ID 'S99' in this project. Nothing was imported.")
        #expect(try refusal("Student,ID,Email,p1q2\n'+1,S2,,1\n\"O'Brien, Pat\",,,1\n'+1,,,2\n")
            == "Row 4, column A: +1 already has row 2: keep one row per student. Nothing was imported.")
        #expect(try refusal("Student,ID,Email,p1q2,P1Q2\n'+1,S2,,1,2\n")
            == "Row 1, column E: p1q2 already has column D: keep one column per question. Nothing was imported.")
        #expect(try refusal("Page Number,Question Number,Max Question Points,'+1,S2\n")
            == "Row 1, column E: +1 already has column D: keep one column per student. Nothing was imported.")
        #expect(try refusal("Page Number,Question Number,Max Question Points,'+1\nPage 1,Question 2,2.5,1\n,p1q2,2.5,2\n")
            == "Row 3, column B: p1q2 already has row 2: keep one row per question. Nothing was imported.")
        #expect(try refusal("Student,ID,Email,p1q2\n'+1,S2,,1\n\"O'Brien, Pat,,,2\n李明,S6,,2\n")
            == "Line 3 opens a quoted cell (\") that is never closed, so the rows after it cannot be told apart: "
                + "close the quote, or export the table again. Nothing was imported.")
        #expect(try ScoreTables.csv(project, layout: .questions, assignment: "") == before)
        // A name and ID that agree (the name in any case), or an ID alone, are fine.
        #expect(try refusal("Student,ID,Email,p1q2\n'+1,S2,,1\n,S6,,2\n") == nil)
    }

    @Test func aHugeFileIsRefusedBeforeItIsRead() throws {
        let folder = TemporaryFolder()
        let project = try project(folder)
        let file = folder.file("huge.csv")
        // Sparse: a file of that size without writing it.
        try Data("Student,ID,Email,p1q2\n".utf8).write(to: URL(fileURLWithPath: file))
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: file))
        try handle.truncate(atOffset: UInt64(ScoreTables.importLimit + 1))
        try handle.close()
        #expect(throws: ScoreTableError.tooLarge(path: file, bytes: ScoreTables.importLimit + 1, limit: ScoreTables.importLimit)) {
            try ScoreTables.importCSV(file, into: project)
        }
        #expect(ScoreTableError.tooLarge(path: "big.csv", bytes: 40 << 20, limit: 16 << 20).localizedDescription
            == "'big.csv' is 40 MB, more than the 16 MB a score table can be: import the table that ezgrader export csv wrote, filled in. Nothing was imported.")
    }

    @Test func csvRecordsFollowRFC4180() throws {
        #expect(try CSVRecords.parse("a,\"b,\"\"c\"\"\r\nd\",e\r\n\n,\rlast") == [["a", "b,\"c\"\r\nd", "e"], [""], ["", ""], ["last"]])
        #expect(try CSVRecords.parse("\"\"") == [[""]])
        #expect(throws: ScoreImportError.unclosedQuote(line: 2)) { try CSVRecords.parse("a\nb,\"c\n\nd") }
    }
}

/// Property: whatever a name holds, the CSV writer's cell reads back (through CSV.swift) as the
/// name, after undoing the formula guard — and never starts a formula.
@Suite struct CSVPropertyTests {
    @Test func randomCellsRoundTrip() throws {
        var random = SeededGenerator(seed: 4180)
        let alphabet = Array("ab,\"\n\r=+-@\t 'é李")
        for _ in 0..<300 {
            let cells = (0..<(random.below(5) + 1)).map { _ in String((0..<random.below(8)).map { _ in alphabet[random.below(alphabet.count)] }) }
            let text = CSVText.write([cells.map(CSVCell.text), [.number("1")]])
            let reader = try CSVReader(string: text, hasHeaderRow: false)
            let rows = Array(AnyIterator { reader.next() })
            #expect(rows.first?.map(CSVText.restored) == cells, "\(cells.debugDescription) → \(text.debugDescription)")
            #expect(rows.first?.allSatisfy { cell in !cell.isEmpty && "=+-@\t\r".contains(cell.first!) ? false : true } == true)
        }
    }
}
