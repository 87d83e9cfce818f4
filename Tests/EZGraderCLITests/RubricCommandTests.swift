import Foundation
import Testing
import TestSupport

/// The rubric as a grader uses it from the command line: items from YAML, applied in the grade
/// loop, edited for everyone, exported as a table and as YAML for the next exam.
@Suite struct RubricCommandTests {
    private let ezgrader = builtProduct("ezgrader")
    private let rubric = """
        questions:
          - page: 1
            at: 430,60
            max: 4
            label: Q1
            items:
              - points: -1
                text: Sign error
              - points: -2
                text: No justification
                group: method
              - points: -4
                text: Wrong method
                group: method
          - page: 1
            at: 430,300
            max: 3
            label: Q2
            scoring: credits
            items:
              - points: 2
                text: Correct set-up
                explanation: The equation of motion, written out.
        """

    @discardableResult
    private func run(_ folder: TemporaryFolder, _ arguments: String..., input: String = "") throws -> CommandResult {
        try runCommand(ezgrader, arguments + ["--grader", "prof"], input: input, in: folder.path)
    }

    private func project() throws -> TemporaryFolder {
        let folder = TemporaryFolder()
        try TestClass.scanned(["Anna", "Ben", "Cy"], pages: 1, in: folder)
        try rubric.write(toFile: folder.file("rubric.yaml"), atomically: true, encoding: .utf8)
        #expect(try run(folder, "new", "exam", folder.path, "--rubric", "rubric.yaml").status == 0)
        return folder
    }

    @Test func itemsAppliedInTheGradeLoopFollowAnEditForEveryone() throws {
        let folder = try project()
        let graded = try run(folder, "grade", "exam", "--question", "Q1", input: "i1\ni1 i2\n3\n")
        #expect(graded.output == """
              rubric of Q1: i1 −1 Sign error · i2 −2 No justification · i3 −4 Wrong method
            [1/3] Anna — p. 1, Q1 (max 4) now ? > i1
            [2/3] Ben — p. 1, Q1 (max 4) now ? > i1 i2
            [3/3] Cy — p. 1, Q1 (max 4) now ? > 3
            Saved 3 scores; 0 of 3 still ungraded.

            """)
        #expect(try run(folder, "rubric", "apply", "exam", "--student", "Ben", "--question", "Q1", "3").error
            == "error: Item 3 of Q1 cannot be applied: item 2 of the same group 'method' is, and at most one item of a group may be. Remove item 2 first.\n")
        #expect(try run(folder, "rubric", "edit", "exam", "Q1", "1", "--points", "-1.5").output
            == "Item 1 of Q1 is now −1.5 Sign error; the students who have it are re-scored.\n")
        #expect(try run(folder, "export", "csv", "exam").output.components(separatedBy: "\r\n")[1] == "Page 1,Q1,4,2.5,0.5,3",
                "Anna and Ben follow the edit; Cy's typed 3 stays")
        #expect(try run(folder, "rubric", "list", "exam", "Q1").output == """
            Q1 (deductions)\t1\t-1.5\tSign error\t2 students
            Q1 (deductions)\t2\t-2\tNo justification\t[group method]\t1 student
            Q1 (deductions)\t3\t-4\tWrong method\t[group method]\t0 students

            """)
        #expect(try run(folder, "export", "csv", "exam", "--layout", "rubric").output == "Student,ID,Q1 i1 −1.5 Sign error,"
            + "Q1 i2 −2 No justification,Q1 i3 −4 Wrong method,Q2 i1 +2 Correct set-up\r\nAnna,,1,0,0,0\r\nBen,,1,1,0,0\r\nCy,,0,0,0,0\r\n")
        #expect(try run(folder, "status", "exam").output.contains("  Q1\tpage 1\tmax 4\t3 / 3\t(2 from the rubric)\n"))
        let stats = try run(folder, "stats", "exam", "--json").output
        #expect(stats.contains("""
            "rubricItems" : [
                {
                  "label" : "−1.5 Sign error",
                  "number" : 1,
                  "question" : "Q1",
                  "students" : 2
                },
            """), "\(stats)")

        // The rubric table, filled in a spreadsheet: Anna loses item 1, Cy gets item 3 (his typed 3 gives way).
        try "Student,ID,Q1 i1 −1.5 Sign error,Q1 i3 −4 Wrong method\r\nAnna,,0,\r\nCy,,,1\r\nBen,,,\r\n"
            .write(toFile: folder.file("items.csv"), atomically: true, encoding: .utf8)
        #expect(try run(folder, "import", "csv", "exam", "items.csv").output == "Imported 2 scores from items.csv (comma-separated).\n")
        #expect(try run(folder, "export", "csv", "exam").output.components(separatedBy: "\r\n")[1] == "Page 1,Q1,4,?,0.5,0")
        try "Student,ID,Q1 i2 −2 No justification\r\nAnna,,yes\r\n".write(toFile: folder.file("bad.csv"), atomically: true, encoding: .utf8)
        #expect(try run(folder, "import", "csv", "exam", "bad.csv").error.hasPrefix("error: Row 2, column C: 'yes' is neither 1 (applied) nor 0 (not applied)."))
        try run(folder, "undo", "exam")

        #expect(try run(folder, "undo", "exam").output == "Undid: edit rubric item 1 of Q1\n")
        #expect(try run(folder, "export", "csv", "exam").output.components(separatedBy: "\r\n")[1] == "Page 1,Q1,4,3,1,3")
    }

    @Test func creditsCountUpAndANegativeAdjustmentIsTypedAsItIs() throws {
        let folder = try project()
        #expect(try run(folder, "rubric", "apply", "exam", "--student", "Anna", "--question", "Q2", "1", "--adjust", "-0.5").output
            == "Anna: Q2 = 1.5 (from the rubric)\n")
        try run(folder, "rubric", "mode", "exam", "Q2", "deductions")
        #expect(try run(folder, "export", "csv", "exam").output.components(separatedBy: "\r\n")[2] == ",Q2,3,3,?,?",
                "3 + 2 − 0.5 kept at the maximum 3")
    }

    @Test func theRubricExportsAsYAMLThatMakesTheSameRubric() throws {
        let folder = try project()
        #expect(try run(folder, "question", "resize", "exam", "Q2", "90,24").status == 0)
        try run(folder, "rubric", "export", "exam", "-o", "again.yaml")
        let exported = try String(contentsOfFile: folder.file("again.yaml"), encoding: .utf8)
        try FileManager.default.createDirectory(atPath: folder.file("next"), withIntermediateDirectories: true)
        try TestClass.scanned(["Dee"], pages: 1, in: TemporaryFolder(existing: folder.file("next")))
        #expect(try run(folder, "new", "next", folder.file("next"), "--rubric", "again.yaml").status == 0)
        #expect(try run(folder, "rubric", "list", "next", "--json").output == run(folder, "rubric", "list", "exam", "--json").output)
        #expect(try run(folder, "question", "list", "next").output == run(folder, "question", "list", "exam").output)
        #expect(exported.contains("scoring: credits") && exported.contains("explanation: The equation of motion, written out."), "\(exported)")
        #expect(exported.contains("size: 90,24") && !exported.contains("size: 64,22"), "only a box of its own size says so")
    }
}
