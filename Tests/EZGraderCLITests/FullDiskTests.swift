import Foundation
import Testing
import TestSupport

/// Every write path on a full disk (issue 11): exit 2 naming the path and the cause, the earlier
/// file under that name unchanged, no temporary file left.
@Suite struct FullDiskTests {
    private let ezgrader = builtProduct("ezgrader")

    /// A project of two scanned students, 1 page each, Q1 scored for Anna, exported once to `graded/`
    /// with `class.pdf`, the scores once to `scores.csv`.
    private func exported() throws -> TemporaryFolder {
        let folder = TemporaryFolder()
        try TestClass.scanned(["Anna", "Ben"], pages: 1, in: folder)
        for arguments in [["new", "exam", "Anna.pdf", "Ben.pdf"],
                          ["question", "add", "exam", "--page", "1", "--at", "430,60", "--max", "4", "--label", "Q1"],
                          ["score", "exam", "--student", "Anna", "--question", "Q1", "3"],
                          ["export", "pdf", "exam", "--out", "graded", "--combined", "class.pdf"],
                          ["export", "csv", "exam", "-o", "scores.csv"]] {
            let result = try runCommand(ezgrader, arguments, in: folder.path)
            #expect(result.status == 0, "\(arguments): \(result.error)")
        }
        try runCommand(ezgrader, ["score", "exam", "--student", "Anna", "--question", "Q1", "4"], in: folder.path)
        return folder
    }

    private func contents(_ path: String) -> Data? { FileManager.default.contents(atPath: path) }

    private func partials(_ folder: TemporaryFolder) -> [String] {
        (FileManager.default.enumerator(atPath: folder.path)?.allObjects as? [String] ?? []).filter { $0.hasSuffix(".partial") }
    }

    @Test(arguments: [
        (["export", "pdf", "exam", "--out", "graded"], "graded/Anna.pdf"),
        (["export", "pdf", "exam", "--out", "graded", "--all", "--combined", "class.pdf"], "class.pdf"),
        (["merge", "Anna.pdf", "Ben.pdf", "-o", "class.pdf"], "class.pdf"),
        (["export", "csv", "exam", "-o", "scores.csv"], "scores.csv"),
        (["preview", "exam", "-o", "graded/Anna.pdf.png"], "graded/Anna.pdf.png"),
    ])
    func aFailedWriteExitsTwoAndKeepsTheEarlierFile(arguments: [String], target: String) throws {
        let folder = try exported()
        if target.hasSuffix(".png") { try Data("earlier".utf8).write(to: URL(fileURLWithPath: folder.file(target))) }
        let before = contents(folder.file(target))
        let name = (target as NSString).lastPathComponent
        let result = try runCommand(ezgrader, arguments, in: folder.path, environment: ["EZGRADER_TEST_DISK_FULL": name])
        #expect(result.status == 2, "\(arguments): \(result.output)")
        #expect(result.error.contains("'\(target)'") && result.error.contains("the disk is full"), "\(result.error)")
        #expect(contents(folder.file(target)) == before, "\(target) is as it was")
        #expect(partials(folder) == [])
    }

    @Test func aTableThatCannotReachStandardOutputExitsTwo() throws {
        let folder = try exported()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: ezgrader)
        process.arguments = ["export", "csv", "exam"]
        process.currentDirectoryURL = URL(fileURLWithPath: folder.path)
        process.standardOutput = FileHandle(forWritingAtPath: "/dev/full")
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 2)
        #expect(message == "error: Could not write 'standard output': the disk is full. Free some space and run the command again; "
            + "nothing was written under that name and an earlier file there is unchanged.\n")
    }

    @Test func aMessageThatCannotBeWrittenDoesNotCrash() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: ezgrader)
        process.arguments = ["status", "no-such-project"]
        process.standardError = FileHandle(forWritingAtPath: "/dev/full")
        process.standardOutput = FileHandle(forWritingAtPath: "/dev/full")
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationReason == .exit)
        #expect(process.terminationStatus == 1)
    }

    @Test func aMessageToAClosedPipeDoesNotKillTheProcess() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: ezgrader)
        process.arguments = ["status", "no-such-project"]
        let closed = Pipe()
        try closed.fileHandleForReading.close()  // nobody will read: writing gets EPIPE (or SIGPIPE)
        process.standardError = closed
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationReason == .exit, "not killed by SIGPIPE")
        #expect(process.terminationStatus == 1)
    }

    @Test(.enabled(if: SmallDisk.isAvailable, "mounting a small tmpfs needs root in a container that allows mount"))
    func aRealFullDiskIsCaught() throws {
        let folder = try exported()
        let disk = try SmallDisk(kilobytes: 256)
        let output = disk.folder.file("class.pdf")
        #expect(try runCommand(ezgrader, ["merge", "Anna.pdf", "-o", output], in: folder.path).status == 0)
        let before = contents(output)
        disk.fill()
        for arguments in [["merge", "Anna.pdf", "Ben.pdf", "-o", output], ["export", "csv", "exam", "-o", disk.folder.file("scores.csv")],
                          ["export", "pdf", "exam", "--out", disk.folder.file("graded")]] {
            let result = try runCommand(ezgrader, arguments, in: folder.path)
            #expect(result.status == 2, "\(arguments[0]) \(arguments[1])")
            #expect(result.error.contains("the disk is full"), "\(result.error)")
        }
        let created = try runCommand(ezgrader, ["new", disk.folder.file("exam2"), "Anna.pdf", "Ben.pdf"], in: folder.path)
        #expect(created.status == 2, "\(created.error)")
        #expect(created.error.contains("the disk is full"), "\(created.error)")
        #expect(!disk.folder.fileNames.contains { $0.contains("exam2") }, "no project, no staging folder")
        #expect(contents(output) == before)
        #expect(!disk.folder.fileNames.contains("scores.csv"))
        #expect(disk.folder.fileNames.allSatisfy { !$0.hasSuffix(".partial") })
    }

    @Test func leftoversOfAKilledExportAreRemovedByTheNext() throws {
        let folder = try exported()
        // What a killed export leaves: a half-written file of a process that is gone (pid 999999 cannot run)
        // and the work folder of its grade layers; a running process's temporary file stays.
        let dead = folder.file("graded/.Anna.pdf.999999.0A1B.partial"), live = folder.file("graded/.Ben.pdf.1.0A1B.partial")
        let work = NSTemporaryDirectory() + "ezgrader-export-999999-0A1B"
        for file in [dead, live, folder.file(".class.pdf.999999.0A1B.partial")] { try Data("half".utf8).write(to: URL(fileURLWithPath: file)) }
        try FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
        #expect(try runCommand(ezgrader, ["export", "pdf", "exam", "--out", "graded", "--combined", "class.pdf"], in: folder.path).status == 0)
        #expect(!FileManager.default.fileExists(atPath: dead) && !FileManager.default.fileExists(atPath: work))
        #expect(partials(folder) == ["graded/.Ben.pdf.1.0A1B.partial"], "pid 1 still runs")
    }
}
