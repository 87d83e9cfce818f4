import Foundation
import Testing
import TestSupport

/// `ezgrader check`, and what every command does with a damaged, read-only or full project.
@Suite struct ProjectCheckTests {
    private let ezgrader = builtProduct("ezgrader")

    /// A project of two scanned students with Q1 scored for Anna, in `folder`.
    private func project(in folder: TemporaryFolder) throws {
        _ = try TestClass.scanned(["Anna", "Ben"], pages: 1, in: folder)
        for arguments in [["new", "exam", "Anna.pdf", "Ben.pdf"],
                          ["question", "add", "exam", "--page", "1", "--at", "430,60", "--max", "4", "--label", "Q1"],
                          ["score", "exam", "--student", "Anna", "--question", "Q1", "3"]] {
            let result = try runCommand(ezgrader, arguments, in: folder.path)
            #expect(result.status == 0, "\(arguments): \(result.error)")
        }
    }

    @Test func aWholeProjectPassesAndAChangedScanIsNamed() throws {
        let folder = TemporaryFolder()
        try project(in: folder)
        let whole = try runCommand(ezgrader, ["check", "exam"], in: folder.path)
        #expect(whole.status == 0)
        #expect(whole.output == "project.sqlite: whole (SQLite's full integrity check found no problem).\nScans: all 2 have the bytes they were imported with.\n")
        let handle = try #require(FileHandle(forWritingAtPath: folder.file("exam.ezgrader/scans/Ben.pdf")))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data("%changed\n".utf8))
        try handle.close()
        let changed = try runCommand(ezgrader, ["check", "exam"], in: folder.path)
        #expect(changed.status == 1)
        #expect(changed.output.contains("Scans: 1 of 2 are not as imported:\n  The scan of Ben ('exam.ezgrader/scans/Ben.pdf') changed since it was imported"))
    }

    @Test func aDamagedDatabaseIsFoundAndNoCommandWritesIntoIt() throws {
        let folder = TemporaryFolder()
        try project(in: folder)
        let database = folder.file("exam.ezgrader/project.sqlite")
        try DamagedDatabase.addUnusedPage(to: database)
        let page = try DamagedDatabase.pageCount(database)
        let before = try Data(contentsOf: URL(fileURLWithPath: database))
        let check = try runCommand(ezgrader, ["check", "exam"], in: folder.path)
        #expect(check.status == 1)
        #expect(check.output == "project.sqlite is damaged: SQLite's integrity check found a problem:\n  Page \(page) is never used\n"
            + "Restore the project folder from a backup (keep a copy of the damaged one); nothing was changed.\n")
        for arguments in [["score", "exam", "--student", "Ben", "--question", "Q1", "2"],
                          ["question", "add", "exam", "--page", "1", "--at", "100,100", "--max", "2"]] {
            let refused = try runCommand(ezgrader, arguments, in: folder.path)
            #expect(refused.status == 1, "\(arguments)")
            #expect(refused.error == "error: 'exam.ezgrader' is damaged: SQLite's check of project.sqlite found a problem (Page \(page) is never used). "
                + "Nothing was written to it: restore the folder from a backup, and keep a copy of the damaged one.\n")
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: database)) == before)
    }

    @Test(.enabled(if: SmallDisk.isAvailable)) func aReadOnlyProjectIsShownAndExportedElsewhere() throws {
        let folder = TemporaryFolder()
        try project(in: folder)
        let disk = try SmallDisk(kilobytes: 8192)
        try runCommand("/bin/cp", ["-r", folder.file("exam.ezgrader"), disk.folder.path])
        try disk.makeReadOnly()
        let status = try runCommand(ezgrader, ["status", "exam"], in: disk.folder.path)
        #expect(status.status == 0, "\(status.error)")
        #expect(status.output.contains("Anna\t3 / 4"))
        let csv = try runCommand(ezgrader, ["export", "csv", "exam", "-o", folder.file("scores.csv")], in: disk.folder.path)
        #expect(csv.status == 0, "\(csv.error)")
        #expect(try String(contentsOfFile: folder.file("scores.csv"), encoding: .utf8).contains("Page 1,Q1,4,3,?"))
        let score = try runCommand(ezgrader, ["score", "exam", "--student", "Ben", "--question", "Q1", "2"], in: disk.folder.path)
        #expect(score.status == 2)
        #expect(score.error == "error: 'exam.ezgrader' can only be read here: its folder may not be written; copy the project to a folder "
            + "you may write to change it. Nothing was changed.\n")
    }

    @Test(.enabled(if: SmallDisk.isAvailable)) func aProjectOnAFullDiskIsShownAndExportedElsewhere() throws {
        let folder = TemporaryFolder()
        try project(in: folder)
        let disk = try SmallDisk(kilobytes: 8192)
        try runCommand("/bin/cp", ["-r", folder.file("exam.ezgrader"), disk.folder.path])
        disk.fill()
        let status = try runCommand(ezgrader, ["status", "exam"], in: disk.folder.path)
        #expect(status.status == 0, "\(status.error)")
        #expect(status.output.contains("Anna\t3 / 4"))
        let csv = try runCommand(ezgrader, ["export", "csv", "exam", "-o", folder.file("scores.csv")], in: disk.folder.path)
        #expect(csv.status == 0, "\(csv.error)")
        let score = try runCommand(ezgrader, ["score", "exam", "--student", "Ben", "--question", "Q1", "2"], in: disk.folder.path)
        #expect(score.status == 2)
        #expect(score.error.contains("its disk is full; free some space on it to change the project. Nothing was changed."))
    }
}
