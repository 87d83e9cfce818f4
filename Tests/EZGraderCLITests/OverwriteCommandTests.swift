import Foundation
import Testing
import TestSupport

/// `score`, `import csv` and `note remove` change another grader's work only with --overwrite,
/// and say whose it was.
@Suite struct OverwriteCommandTests {
    private let ezgrader = builtProduct("ezgrader")

    private func project() throws -> TemporaryFolder {
        let folder = TemporaryFolder()
        try TestClass.scanned(["Anna", "Ben"], pages: 1, in: folder)
        for arguments in [["new", "exam", "Anna.pdf", "Ben.pdf"],
                          ["question", "add", "exam", "--page", "1", "--at", "430,60", "--max", "4", "--label", "Q1"],
                          ["score", "exam", "--grader", "ta", "--student", "Anna", "--question", "Q1", "3"]] {
            let result = try runCommand(ezgrader, arguments, in: folder.path)
            #expect(result.status == 0, "\(arguments): \(result.error)")
        }
        return folder
    }

    @Test func aScoreOfAnotherGraderNeedsOverwrite() throws {
        let folder = try project()
        let refused = try runCommand(ezgrader, ["score", "exam", "--grader", "prof", "--student", "Anna", "--question", "Q1", "4"], in: folder.path)
        #expect(refused.status == 1)
        #expect(refused.error == "error: That score was given by another grader (Anna on Q1: 3 by ta): to replace another grader's work, "
            + "say so with --overwrite (it is recorded as an overwrite). Nothing was changed.\n")
        let done = try runCommand(ezgrader, ["score", "exam", "--grader", "prof", "--student", "Anna", "--question", "Q1", "4", "--overwrite"],
                                  in: folder.path)
        #expect(done.status == 0, "\(done.error)")
        #expect(try runCommand(ezgrader, ["history", "exam", "--limit", "1"], in: folder.path).output.hasSuffix("\tprof\tscore Anna on Q1: 4 (overwriting ta's 3)\n"))
    }

    @Test func anImportThatReplacesAnotherGradersScoresIsRefusedListingThem() throws {
        let folder = try project()
        try "Page Number,Question Number,Max Question Points,Anna,Ben\nPage 1,Q1,4,1,2\n".write(toFile: folder.file("scores.csv"), atomically: true, encoding: .utf8)
        let refused = try runCommand(ezgrader, ["import", "csv", "exam", "scores.csv", "--grader", "prof"], in: folder.path)
        #expect(refused.status == 1)
        #expect(refused.error.contains("That score was given by another grader (Anna on Q1: 3 by ta)"), "\(refused.error)")
        #expect(try runCommand(ezgrader, ["export", "csv", "exam"], in: folder.path).output.contains("Page 1,Q1,4,3,?"), "nothing imported")
        let done = try runCommand(ezgrader, ["import", "csv", "exam", "scores.csv", "--grader", "prof", "--overwrite"], in: folder.path)
        #expect(done.output == "Imported 2 scores from scores.csv (comma-separated).\n", "\(done.error)")
        #expect(try runCommand(ezgrader, ["history", "exam", "--limit", "1"], in: folder.path).output
            .hasSuffix("\tprof\timport scores.csv (replacing a score of other graders)\n"))
    }

    @Test func aNoteOfAnotherGraderNeedsOverwrite() throws {
        let folder = try project()
        let added = try runCommand(ezgrader, ["note", "add", "exam", "--grader", "ta", "--student", "Ben", "--page", "1", "--at", "100,100", "See me."],
                                   in: folder.path)
        let id = try #require(added.output.firstMatch(of: /(\d+)/).map { String($0.1) }, "\(added.output)")
        let refused = try runCommand(ezgrader, ["note", "remove", "exam", id, "--grader", "prof"], in: folder.path)
        #expect(refused.status == 1)
        #expect(refused.error == "error: Annotation \(id) was made by ta: to remove another grader's note or ink, say so with --overwrite "
            + "(it is recorded as such). Nothing was changed.\n")
        #expect(try runCommand(ezgrader, ["note", "remove", "exam", id, "--grader", "prof", "--overwrite"], in: folder.path).status == 0)
    }
}
