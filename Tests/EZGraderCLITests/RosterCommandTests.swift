import Foundation
import Testing
import TestSupport

/// A roster given after `new`: students named from it by their scan's file name, or refused with
/// every student it leaves out, changing nothing.
@Suite struct RosterCommandTests {
    private let ezgrader = builtProduct("ezgrader")

    @discardableResult
    private func run(_ folder: TemporaryFolder, _ arguments: String...) throws -> CommandResult {
        try runCommand(ezgrader, arguments + ["--grader", "prof"], in: folder.path)
    }

    @Test func aRosterAfterNewNamesTheStudentsOrListsEveryoneItLeavesOut() throws {
        let folder = TemporaryFolder()
        try TestClass.scanned(["Anna", "Ben", "Cy"], pages: 1, in: folder)
        #expect(try run(folder, "new", "exam", folder.path).status == 0)
        try "file,name,id\nAnna.pdf,\"Schmidt, Anna\",S1\n".write(toFile: folder.file("short.csv"), atomically: true, encoding: .utf8)
        let refused = try run(folder, "roster", "exam", "short.csv")
        #expect(refused.status != 0)
        #expect(refused.error.contains("Ben (scan 'Ben.pdf') has no row") && refused.error.contains("Cy (scan 'Cy.pdf') has no row"), "\(refused.error)")
        #expect(try run(folder, "export", "csv", "exam").output.hasPrefix("Page Number,Question Number,Max Question Points,Anna,Ben,Cy"))

        try "file,name,id,email\nAnna.pdf,\"Schmidt, Anna\",S1,\nBen.pdf,Ben Okafor,S2,\nCy.pdf,Cy Young,S3,\nDan.pdf,Absent Dan,S4,\n"
            .write(toFile: folder.file("roster.csv"), atomically: true, encoding: .utf8)
        #expect(try run(folder, "roster", "exam", "roster.csv").output == "Named 3 students from 'roster.csv'.\n")
        #expect(try run(folder, "export", "csv", "exam").output.hasPrefix("Page Number,Question Number,Max Question Points,\"Schmidt, Anna\",Ben Okafor,Cy Young"))
        // A new roster replaces it, matched by the ids the students now have.
        try "file,name,id\nelsewhere-1.pdf,Anna Schmidt,S1\nelsewhere-2.pdf,Ben O.,S2\nelsewhere-3.pdf,Cy Y.,S3\n"
            .write(toFile: folder.file("again.csv"), atomically: true, encoding: .utf8)
        #expect(try run(folder, "roster", "exam", "again.csv").status == 0)
        #expect(try run(folder, "export", "csv", "exam").output.hasPrefix("Page Number,Question Number,Max Question Points,Anna Schmidt,Ben O.,Cy Y."))
    }
}
