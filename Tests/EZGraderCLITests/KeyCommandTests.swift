import Foundation
import Testing
import TestSupport

/// `ezgrader key set --file` with a per-question key file, as a teacher runs it on a sample sheet.
@Suite struct KeyCommandTests {
    private let samples = packageRoot.appendingPathComponent("SamplePDFs").path

    /// Anna Schmidt's sample sheet reads: mc-1 blank, mc-2…mc-5 D D A A, then D C B A E B B C B B,
    /// blank, blank, A D B.
    @Test func aKeyFileSetsAlternativesPointsAndDroppedQuestions() throws {
        let folder = TemporaryFolder()
        #expect(try run(folder, "new", "quiz", "\(samples)/bubble-sheets/Anna Schmidt.pdf", "--rubric", "\(samples)/bubble-rubric.yaml").status == 0)
        #expect(try run(folder, "omr", "quiz").output == "Read 27 rows: 24 answered, 3 blank, 0 multiple, 0 uncertain.\nBlocks placed: 2 of 2 (largest residual 0.32 pt).\n")
        try """
            # question  answer  points
            1   B   2
            2   D
            3   A|D        # either
            4   C   3
            5   *   2      # dropped: every answer counts
            6 B
            7 A
            8 D
            9 C
            10 E
            11 A
            12 B
            13 D
            14 C
            15 E
            16 D
            17 B
            18 A
            19 C
            20 E

            """.write(toFile: folder.file("key.txt"), atomically: true, encoding: .utf8)
        let set = try run(folder, "key", "set", "quiz", "--block", "mc", "--file", "key.txt")
        #expect(set.output == "Answer key of mc set (20 questions; 3 with their own points, 1 with several answers, "
            + "1 where every answer counts); machine-read answers re-graded.\n", "\(set.error)")
        let students = """
            Student,ID,Email,mc-1,mc-2,mc-3,mc-4,mc-5,mc-6,mc-7,mc-8,mc-9,mc-10,mc-11,mc-12,mc-13,mc-14,mc-15,mc-16,mc-17,mc-18,mc-19,mc-20,Total,Max,Percent,Ungraded\r
            Anna Schmidt,,,0,1,1,0,2,0,0,0,0,1,0,1,0,0,0,0,0,1,0,0,7,24,29.17,0\r

            """
        #expect(try run(folder, "export", "csv", "quiz", "--layout", "students").output == students)
        let responses = try run(folder, "export", "csv", "quiz", "--layout", "responses").output
        #expect(responses.hasPrefix("""
            Student,ID,Block,Question,Reading,Key,Score,Fills,Residual (pt),Problem\r
            Anna Schmidt,,mc,mc-1,blank,B,0,
            """))
        #expect(responses.contains("Anna Schmidt,,mc,mc-3,D,A|D,1,"))
        #expect(responses.contains("Anna Schmidt,,mc,mc-5,A,*,2,"))

        try "1 B\n2 F\n".write(toFile: folder.file("bad.txt"), atomically: true, encoding: .utf8)
        let bad = try run(folder, "key", "set", "quiz", "--block", "mc", "--file", "bad.txt")
        #expect(bad.status == 1)
        #expect(bad.error == "error: bad.txt line 2: question 2 answer 'F': F is not a choice (A, B, C, D, E).\n")
        #expect(try run(folder, "export", "csv", "quiz", "--layout", "students").output == students, "nothing changed")
    }
}
