import Foundation
import Testing
import TestSupport

/// The command line as graders actually type it (issue 18).
@Suite struct TypedCommandLineTests {

    /// A project of three scanned students, 2 pages each, with one question Q1 (max 4).
    private func project(_ names: [String] = ["Anna Schmidt", "Anna Weber", "O'Brien, Pat"]) throws -> TemporaryFolder {
        let folder = TemporaryFolder()
        try TestClass.scanned(names, pages: 2, in: folder)
        let created = try run(folder, "new", "exam", folder.path)
        #expect(created.status == 0, "\(created.error)")
        try run(folder, "question", "add", "exam", "--page", "2", "--at", "430,60", "--max", "4", "--label", "Q1")
        return folder
    }

    @Test func studentNamesAsGradersTypeThem() throws {
        let folder = try project()
        #expect(try run(folder, "score", "exam", "--student", "Pat O'Brien", "--question", "Q1", "3").status == 0)
        #expect(try run(folder, "score", "exam", "--student", "schmidt, anna", "--question", "Q1", "2").status == 0)
        #expect(try run(folder, "score", "exam", "--student", "web", "--question", "Q1", "1").status == 0)
        let ambiguous = try run(folder, "score", "exam", "--student", "Anna", "--question", "Q1", "1")
        #expect(ambiguous.status == 1)
        #expect(ambiguous.error == "error: 'Anna' could be any of 2 students: Anna Schmidt; Anna Weber. Type more of the name, or the roster id.\n")
        let typo = try run(folder, "score", "exam", "--student", "Pat OBrein", "--question", "Q1", "1")
        #expect(typo.error == "error: No student 'Pat OBrein' in this project: did you mean 'O'Brien, Pat'? (ezgrader status lists the students.)\n")
        let table = try run(folder, "export", "csv", "exam", "--layout", "students").output
        #expect(table.contains("Anna Schmidt,,,2,") && table.contains("Anna Weber,,,1,") && table.contains("\"O'Brien, Pat\",,,3,"))
    }

    @Test func unknownCommandsSuggestTheOneMeant() throws {
        let folder = TemporaryFolder()
        let export = try run(folder, "exprot")
        #expect(export.status == 64)
        #expect(export.error == "Error: 'exprot' is not an ezgrader command. Did you mean 'ezgrader export'? ('ezgrader --help' lists the commands.)\n")
        #expect(try run(folder, "scor", "exam", "--student", "Anna", "2").error
            == "Error: 'scor' is not an ezgrader command. Did you mean 'ezgrader score'? ('ezgrader --help' lists the commands.)\n")
        #expect(try run(folder, "export", "cvs", "exam").error
            == "Error: 'cvs' is not an ezgrader command. Did you mean 'ezgrader export csv'? ('ezgrader export --help' lists the commands.)\n")
        let nonsense = try run(folder, "xyzzyplugh")
        #expect(nonsense.status == 64)
        #expect(nonsense.error == "Error: 'xyzzyplugh' is not an ezgrader command: 'ezgrader --help' lists the commands.\n")
        #expect(try run(folder, "help", "export").status == 0)
    }

    @Test func exportSaysWhatIsStillUngradedOnStandardError() throws {
        let folder = try project()
        try run(folder, "score", "exam", "--student", "Pat O'Brien", "--question", "Q1", "3")
        let students = try run(folder, "export", "csv", "exam", "--layout", "students")
        #expect(students.output.hasPrefix("Student,ID,Email,Q1,Total,Max,Percent,Ungraded\r\n"))
        #expect(students.error == "Note: 2 scores are still \"?\": the totals count them as 0 until graded (ezgrader status shows where).\n")
        let canvas = try run(folder, "export", "csv", "exam", "--layout", "canvas", "-o", "canvas.csv")
        #expect(canvas.output == "Wrote canvas.csv.\n")
        #expect(canvas.error == """
            Note: 2 scores are still "?": the totals count them as 0 until graded (ezgrader status shows where).
            Note: 3 students have no roster id or e-mail for Canvas to match on (Anna Schmidt; Anna Weber; O'Brien, Pat): \
            Canvas will skip those rows; enter them by hand or give the students ids in a roster (ezgrader new --roster).

            """)
    }

    @Test func excelGetsAByteOrderMarkAndSemicolonFilesImport() throws {
        let folder = try project()
        #expect(try run(folder, "export", "csv", "exam", "--layout", "students", "--bom", "-o", "excel.csv").status == 0)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: folder.file("excel.csv")))
        #expect(Array(bytes.prefix(11)) == Array("\u{FEFF}Student,".utf8))
        let european = "Student;ID;Email;Q1;Total\r\n\"Schmidt, Anna\";;;2,5;\r\nAnna Weber;;;3;\r\n"
        try european.write(toFile: folder.file("european.csv"), atomically: true, encoding: .utf8)
        let imported = try run(folder, "import", "csv", "exam", "european.csv")
        #expect(imported.output == "Imported 2 scores from european.csv (semicolon-separated, decimal commas).\n", "\(imported.error)")
        #expect(try run(folder, "export", "csv", "exam", "--layout", "students").output.contains("Anna Schmidt,,,2.5,2.5,4,62.5,0\r\n"))
        let again = try run(folder, "import", "csv", "exam", "excel.csv")
        #expect(again.output == "Imported 2 scores from excel.csv (comma-separated).\n", "\(again.error)")
    }

    @Test func aBoxMovesToAPlaceOrByANegativeShift() throws {
        let folder = try project()
        #expect(try run(folder, "question", "move", "exam", "Q1", "--to", "400,100").output == "Moved Q1 to 400,100 on page 2.\n")
        let shifted = try run(folder, "question", "move", "exam", "Q1", "--by", "-150,-30")
        #expect(shifted.output == "Moved Q1 to 250,70 on page 2.\n", "\(shifted.error)")
        let off = try run(folder, "question", "move", "exam", "Q1", "--by", "400,0")
        #expect(off.status == 1)
        #expect(off.error == "error: The box of Q1 (64 × 22 points, top-left corner at 650,70) would reach off page 2, which is "
            + "612 × 792 points (x from the left, y from the top): give a top-left corner from 0,0 to 548,770, or a smaller box.\n")
        let both = try run(folder, "question", "move", "exam", "Q1", "--to", "1,1", "--by", "1,1")
        #expect(both.status == 64 && both.error.contains("Give either --to x,y or --by dx,dy."))
        #expect(try run(folder, "undo", "exam").output == "Undid: move question Q1\n")
        #expect(try run(folder, "question", "list", "exam").output.contains("Q1\tpage 2\tat 400,100\tmax 4"))
    }

    @Test func aBoxHasASizeWarnsOnOverlapAndNeverReachesOffThePage() throws {
        let folder = try project()
        let added = try run(folder, "question", "add", "exam", "--page", "2", "--at", "470,70", "--max", "2", "--label", "Q2", "--size", "90,30")
        #expect(added.output == "Added Q2 on page 2 (max 2) for 3 students.\n")
        #expect(added.error == "Warning: The box of Q2 overlaps Q1 on page 2: move or resize one of them "
            + "(ezgrader question move / resize) so both scores stay readable.\n")
        #expect(try run(folder, "question", "list", "exam").output
            == "Q1\tpage 2\tat 430,60\tmax 4\tsize 64,22\nQ2\tpage 2\tat 470,70\tmax 2\tsize 90,30\n")
        let wide = try run(folder, "question", "resize", "exam", "Q2", "200,30")
        #expect(wide.status == 1)
        #expect(wide.error == "error: The box of Q2 (200 × 30 points, top-left corner at 470,70) would reach off page 2, which is "
            + "612 × 792 points (x from the left, y from the top): give a top-left corner from 0,0 to 412,762, or a smaller box.\n")
        #expect(try run(folder, "question", "resize", "exam", "Q2", "4,30").error
            == "error: Box size '4,30' is not usable: give width,height in points, each at least 8 (e.g. 90,24).\n")
        let moved = try run(folder, "question", "move", "exam", "Q2", "--to", "470,200")
        #expect(moved.output == "Moved Q2 to 470,200 on page 2.\n" && moved.error.isEmpty, "apart now: no warning")
        #expect(try run(folder, "question", "resize", "exam", "Q2", "120,40").output == "Q2 is now 120 × 40 points on page 2.\n")
        #expect(try run(folder, "undo", "exam").output == "Undid: resize question Q2 to 120,40\n")
        #expect(try run(folder, "question", "list", "exam", "--json").output.contains("\"width\" : 90"))
        try "questions:\n  - page: 1\n    at: 520,20\n    size: 100,24\n    max: 1\n"
            .write(toFile: folder.file("rubric.yaml"), atomically: true, encoding: .utf8)
        #expect(try run(folder, "question", "import", "exam", "rubric.yaml").error
            == "error: Rubric 'rubric.yaml' line 2: The box of the new question (100 × 24 points, top-left corner at 520,20) would reach "
            + "off page 1, which is 612 × 792 points (x from the left, y from the top): give a top-left corner from 0,0 to 512,768, "
            + "or a smaller box. Nothing was added.\n")
    }
}
