import Foundation
import Testing
import TestSupport

/// A project is whole or absent (issue 11): a killed `new` leaves nothing that opens as a project,
/// and an empty database is refused, never recreated.
@Suite struct HalfMadeProjectTests {
    private let ezgrader = builtProduct("ezgrader")

    @Test func aKilledNewLeavesNoProjectAndNewRunsAgain() throws {
        let folder = TemporaryFolder()
        try TestClass.scanned(["Anna", "Ben"], pages: 1, in: folder)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: ezgrader)
        process.arguments = ["new", "exam", "Anna.pdf", "Ben.pdf"]
        process.currentDirectoryURL = URL(fileURLWithPath: folder.path)
        process.environment = ["EZGRADER_TEST_HOLD_BEFORE_COMMIT": "30"]
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        Thread.sleep(forTimeInterval: 2)  // inside the transaction that records the students
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        #expect(!folder.fileNames.contains("exam.ezgrader"))
        #expect(folder.fileNames.contains { $0.hasPrefix(".exam.ezgrader.") && $0.hasSuffix(".partial") }, "the staging folder of the killed run")
        let again = try runCommand(ezgrader, ["new", "exam", "Anna.pdf", "Ben.pdf"], in: folder.path)
        #expect(again.status == 0, "\(again.error)")
        #expect(folder.fileNames.filter { $0.hasPrefix(".exam") } == [], "the killed run's leftovers are gone")
    }

    @Test func anEmptyDatabaseIsRefusedAndLeftEmpty() throws {
        let folder = TemporaryFolder()
        try TestClass.scanned(["Anna"], pages: 1, in: folder)
        #expect(try runCommand(ezgrader, ["new", "exam", "Anna.pdf"], in: folder.path).status == 0)
        let database = folder.file("exam.ezgrader/project.sqlite")
        try Data().write(to: URL(fileURLWithPath: database))
        let status = try runCommand(ezgrader, ["status", "exam"], in: folder.path)
        #expect(status.status == 1)
        #expect(status.error == "error: 'exam.ezgrader' is not a whole project (its project.sqlite is empty). Restore the folder from a "
            + "backup, or remove it and create the project again with ezgrader new; nothing was changed.\n")
        #expect(try Data(contentsOf: URL(fileURLWithPath: database)).isEmpty, "not recreated as an empty project")
    }
}
