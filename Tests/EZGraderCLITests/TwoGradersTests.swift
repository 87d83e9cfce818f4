import Foundation
import Testing
import TestSupport

/// Two graders, each in their own process, on one project: their own undo, refusals that name
/// the other grader, a stale write from the grade loop, and each one's own place.
@Suite struct TwoGradersTests {
    private let ezgrader = builtProduct("ezgrader")

    /// Three scanned students of one page, with Q1 (max 4).
    private func project() throws -> TemporaryFolder {
        let folder = TemporaryFolder()
        try TestClass.scanned(["Anna", "Ben", "Cy"], pages: 1, in: folder)
        try run(folder, "new", "exam", folder.path, "--grader", "setup")
        try run(folder, "question", "add", "exam", "--page", "1", "--at", "430,60", "--max", "4", "--label", "Q1", "--grader", "setup")
        return folder
    }

    private func scores(_ folder: TemporaryFolder) throws -> String {
        try run(folder, "export", "csv", "exam").output.components(separatedBy: "\r\n")[1]
    }

    @Test func undoTakesBackOnlyYourOwnAndIsRefusedOverSomeoneElsesChange() throws {
        let folder = try project()
        try run(folder, "score", "exam", "--student", "Anna", "--question", "Q1", "3", "--grader", "ann")
        try run(folder, "score", "exam", "--student", "Ben", "--question", "Q1", "2", "--grader", "ben")
        #expect(try run(folder, "undo", "exam", "--grader", "ann").output == "Undid: score Anna on Q1: 3\n")
        #expect(try scores(folder) == "Page 1,Q1,4,?,2,?", "Ben's later score stays")

        try run(folder, "score", "exam", "--student", "Cy", "--question", "Q1", "1", "--grader", "ann")
        let benStep = try run(folder, "score", "exam", "--student", "Cy", "--question", "Q1", "1.5", "--grader", "ben", "--overwrite")
        #expect(benStep.status == 0)
        let refused = try run(folder, "undo", "exam", "--grader", "ann")
        #expect(refused.status == 1)
        #expect(refused.error.range(of: #"^error: Cannot undo 'score Cy on Q1: 1': ben changed the same rows, or rows that depend on them, afterwards \(step \d+: score Cy on Q1: 1\.5 \(overwriting ann's 1\)\)\. Ask ben to undo that first, or undo with --force to take their work with it \(one step you can undo again\), or make the change by hand\.\n$"#,
                                    options: .regularExpression) != nil, "\(refused.error)")
        #expect(try scores(folder) == "Page 1,Q1,4,?,2,1.5", "nothing changed")

        let history = try run(folder, "history", "exam").output.split(separator: "\n").map { $0.split(separator: "\t").dropFirst(2).joined(separator: " | ") }
        #expect(history.prefix(4) == ["ben | score Cy on Q1: 1.5 (overwriting ann's 1)", "ann | score Cy on Q1: 1", "ben | score Ben on Q1: 2",
                                      "setup | add question on page 1"], "Ann's new change ended her redo chain")
        let status = try run(folder, "status", "exam", "--graders").output
        #expect(status.contains("Graders (scores in their name, latest):\n  ben\t2\t"), "\(status)")
        let table = try run(folder, "export", "csv", "exam", "--layout", "students", "--graders").output
        #expect(table == "Student,ID,Email,Q1,Total,Max,Percent,Ungraded,Graded by\r\nAnna,,,?,0,4,0,1,\r\n"
            + "Ben,,,2,2,4,50,0,ben\r\nCy,,,1.5,1.5,4,37.5,0,ben\r\n")
        try table.write(toFile: folder.file("students.csv"), atomically: true, encoding: .utf8)
        #expect(try run(folder, "import", "csv", "exam", "students.csv", "--grader", "ann").output == "Imported 0 scores from students.csv (comma-separated).\n",
                "the Graded by column is read back as no score")
    }

    @Test func theGradeLoopRefusesAStaleWriteAndShowsTheNewValue() throws {
        let folder = try project()
        let ann = try InteractiveCommand(ezgrader, ["grade", "exam", "--grader", "ann"], in: folder.path)
        #expect(ann.waitFor("now ? > ").hasSuffix("[1/3] Anna — p. 1, Q1 (max 4) now ? > "))
        try run(folder, "score", "exam", "--student", "Anna", "--question", "Q1", "4", "--grader", "ben")
        ann.type("3")
        ann.waitFor("now 4 > ")
        ann.type("q")
        let result = try ann.finish()
        #expect(result.output == """
            [1/3] Anna — p. 1, Q1 (max 4) now ? > 3
            [1/3] Anna — p. 1, Q1 (max 4) now 4 > q
            Saved 0 scores; 2 of 3 still ungraded.

            """)
        #expect(result.error == "Not saved: Anna's score on Q1 was ? when you looked, but ben changed it to 4 meanwhile. "
            + "Look again and score it anew if it should change.\n")
        #expect(try scores(folder) == "Page 1,Q1,4,4,?,?", "Ben's score was not overwritten")
    }

    @Test func twoGradeLoopsOnOneQuestionSplitTheClassBetweenThem() throws {
        let folder = try project()
        let ann = try InteractiveCommand(ezgrader, ["grade", "exam", "--question", "Q1", "--grader", "ann"], in: folder.path)
        #expect(ann.waitFor("now ? > ") == "[1/3] Anna — p. 1, Q1 (max 4) now ? > ")
        let ben = try InteractiveCommand(ezgrader, ["grade", "exam", "--question", "Q1", "--grader", "ben"], in: folder.path)
        #expect(ben.waitFor("now ? > ") == "[2/3] Ben — p. 1, Q1 (max 4) now ? > ", "Ann has Anna open: Ben is handed the next answer")
        ann.type("3")
        #expect(ann.waitFor("[3/3]").hasSuffix("[3/3] Cy — p. 1, Q1 (max 4) now ? > "), "Ben has Ben open: Ann goes on to Cy")
        ben.type("2")
        #expect(try ben.finish().output == "[2/3] Ben — p. 1, Q1 (max 4) now ? > 2\nSaved 1 score; 1 of 3 still ungraded.\n",
                "Cy is Ann's: nothing is left for Ben")
        ann.type("1")
        #expect(try ann.finish().output.hasSuffix("now ? > 1\nSaved 2 scores; 0 of 3 still ungraded.\n"))
        #expect(try scores(folder) == "Page 1,Q1,4,3,2,1")
        let graders = try run(folder, "history", "exam").output.split(separator: "\n").prefix(3).map { $0.split(separator: "\t").dropFirst(2).joined(separator: " | ") }
        #expect(graders == ["ann | score Cy on Q1: 1", "ben | score Ben on Q1: 2", "ann | score Anna on Q1: 3"], "each answer scored once")
    }

    @Test func eachGraderResumesAtTheirOwnPlace() throws {
        let folder = try project()
        #expect(try run(folder, "grade", "exam", "--grader", "ann", input: "3\nq\n").output.hasPrefix("[1/3] Anna"))
        let ben = try run(folder, "grade", "exam", "--grader", "ben", input: "s\nq\n").output
        #expect(ben.hasPrefix("[2/3] Ben — p. 1, Q1 (max 4) now ? > s\n[3/3] Cy"), "Ben starts at the first ungraded score")
        #expect(try run(folder, "grade", "exam", "--grader", "ann", input: "q\n").output.hasPrefix("[2/3] Ben"), "where Ann quit")
        #expect(try run(folder, "grade", "exam", "--grader", "ben", input: "q\n").output.hasPrefix("[3/3] Cy"), "where Ben quit")
        let order = try run(folder, "order", "exam", "per-student", "--grader", "ann")
        #expect(order.output == "Order is now per-student. You are still at Ben — p. 1: page 2 of 3 in this order; ezgrader grade starts there.\n")
    }
}
