import Foundation
import Testing
import TestSupport

/// A whole session as a grader runs it: new project with a rubric → grade through a pipe →
/// undo → export, checking what each step prints and writes.
@Suite struct GradingSessionTests {
    private let ezgrader = builtProduct("ezgrader")

    @Test func newRubricGradeUndoExport() throws {
        let folder = TemporaryFolder()
        try TestClass.scanned(["Anna", "Ben", "Cy"], pages: 2, in: folder)
        try """
            questions:
              - page: 1
                at: 476,176
                max: 4
                label: Q1
              - page: 2
                at: 80%,10%
                max: 2.5
            """.write(toFile: folder.file("rubric.yaml"), atomically: true, encoding: .utf8)
        let created = try runCommand(ezgrader, ["new", "exam", folder.path, "--rubric", "rubric.yaml"], in: folder.path)
        #expect(created.output == "Created exam.ezgrader: 3 students × 2 pages.\n2 questions from the rubric. Next: ezgrader grade exam.ezgrader\n")

        let graded = try runCommand(ezgrader, ["grade", "exam"], input: "4\nfive\n3.5\ns\nb\n2\n", in: folder.path)
        #expect(graded.output == """
            [1/6] Anna — p. 1, Q1 (max 4) now ? > 4
            [2/6] Ben — p. 1, Q1 (max 4) now ? > five
            [2/6] Ben — p. 1, Q1 (max 4) now ? > 3.5
            [3/6] Cy — p. 1, Q1 (max 4) now ? > s
            [4/6] Anna — p. 2, p2q1 (max 2.5) now ? > b
            [3/6] Cy — p. 1, Q1 (max 4) now ? > 2
            [4/6] Anna — p. 2, p2q1 (max 2.5) now ? > 
            Saved 3 scores; 3 of 6 still ungraded.

            """)
        #expect(graded.error == "Score 'five' is not a number: type points such as 3 or 2.5, or ? to clear.\n")

        let resumed = try runCommand(ezgrader, ["grade", "exam"], input: "2.5\nq\n", in: folder.path)
        #expect(resumed.output.hasPrefix("[4/6] Anna — p. 2, p2q1 (max 2.5) now ? > 2.5\n"), "resumes at the first ungraded")

        #expect(try runCommand(ezgrader, ["undo", "exam"], in: folder.path).output == "Undid: score Anna on p2q1: 2.5\n")
        let csv = try runCommand(ezgrader, ["export", "csv", "exam"], in: folder.path)
        #expect(csv.output == "Page Number,Question Number,Max Question Points,Anna,Ben,Cy\r\nPage 1,Q1,4,4,3.5,2\r\n"
            + "Page 2,Question 1,2.5,?,?,?\r\nTotal,,6.5,4,3.5,2\r\n")
    }

    @Test func theWalkGoesRoundToTheScoresBeforeWhereItBegan() throws {
        let folder = TemporaryFolder()
        try TestClass.scanned(["Anna", "Ben", "Cy"], pages: 1, in: folder)
        for arguments in [["new", "exam", folder.path], ["question", "add", "exam", "--page", "1", "--at", "430,60", "--max", "4", "--label", "Q1"]] {
            #expect(try runCommand(ezgrader, arguments, in: folder.path).status == 0)
        }
        #expect(try runCommand(ezgrader, ["grade", "exam"], input: "s\n2\nq\n", in: folder.path).status == 0)
        let resumed = try runCommand(ezgrader, ["grade", "exam"], input: "1\n3\n", in: folder.path)
        #expect(resumed.output == """
            [3/3] Cy — p. 1, Q1 (max 4) now ? > 1
            Round to the beginning of the order: the scores before where you started.
            [1/3] Anna — p. 1, Q1 (max 4) now ? > 3
            Saved 2 scores; 0 of 3 still ungraded.

            """)
    }

    @Test func rubricErrorsNameTheLine() throws {
        let folder = TemporaryFolder()
        try TestClass.scanned(["Anna"], pages: 1, in: folder)
        try "questions:\n  - page: 1\n    at: 476,176\n    max: 4\n  - page: 1\n    at: 900,10\n    max: 2\n"
            .write(toFile: folder.file("rubric.yaml"), atomically: true, encoding: .utf8)
        let result = try runCommand(ezgrader, ["new", "exam", folder.path, "--rubric", "rubric.yaml"], in: folder.path)
        #expect(result.status == 1)
        #expect(result.error.hasSuffix("error: Rubric 'rubric.yaml' line 5: The box of the new question (64 × 22 points, top-left corner at 900,10) would reach off page 1, which is 612 × 792 points (x from the left, y from the top): give a top-left corner from 0,0 to 548,770, or a smaller box. Nothing was added.\n"))
        #expect(!FileManager.default.fileExists(atPath: folder.file("exam.ezgrader")), "a refused new project leaves nothing behind")
    }

    @Test func helpArrowKeysAndReview() throws {
        let folder = TemporaryFolder()
        try TestClass.scanned(["Anna", "Ben"], pages: 1, in: folder)
        try runCommand(ezgrader, ["new", "exam", folder.path], in: folder.path)
        try runCommand(ezgrader, ["question", "add", "exam", "--page", "1", "--at", "400,100", "--max", "4", "--label", "Q1"], in: folder.path)
        let graded = try runCommand(ezgrader, ["grade", "exam"], input: "h\n\u{1B}[A\n3\n\u{1B}[D\n2\n", in: folder.path)
        #expect(graded.output == """
            [1/2] Anna — p. 1, Q1 (max 4) now ? > h
            Keys:
              3, 2.5      save that score and go on
              ?           clear the score
              i1 i3       apply rubric items 1 and 3 (-i1 removes item 1)
              s, Enter, → skip to the next
              b, ←        go back one
              h           show these keys
              q           quit (the next run starts where you are)
            [1/2] Anna — p. 1, Q1 (max 4) now ? > ↑
            [1/2] Anna — p. 1, Q1 (max 4) now ? > 3
            [2/2] Ben — p. 1, Q1 (max 4) now ? > ←
            [1/2] Anna — p. 1, Q1 (max 4) now 3 > 2
            [2/2] Ben — p. 1, Q1 (max 4) now ? > 
            Saved 2 scores; 1 of 2 still ungraded.

            """)
        #expect(graded.error == "↑ and ↓ do nothing here: ← goes back, → skips (h shows the keys).\n")
        let review = try runCommand(ezgrader, ["grade", "exam", "--review"], input: "\u{1B}[C\n1\n", in: folder.path)
        #expect(review.output == """
            [1/2] Anna — p. 1, Q1 (max 4) now 2 > →
            [2/2] Ben — p. 1, Q1 (max 4) now ? > 1
            Saved 1 score; 0 of 2 still ungraded.

            """)
        #expect(try runCommand(ezgrader, ["grade", "exam"], in: folder.path).output == "Everything here is graded (2 scores).\n")
    }
}
