import Foundation
import Testing
import TestSupport

@Suite struct ProjectCommandTests {
    private let ezgrader = builtProduct("ezgrader")

    /// A project of three scanned students, 2 pages each, with one question Q1 (max 4).
    private func project() throws -> (TemporaryFolder, String) {
        let folder = TemporaryFolder()
        try TestClass.scanned(["Anna", "Ben", "O'Brien, Pat"], pages: 2, in: folder)
        let created = try runCommand(ezgrader, ["new", "exam", folder.path], in: folder.path)
        #expect(created.output.hasPrefix("Created exam.ezgrader: 3 students × 2 pages.\n"), "\(created.error)")
        try run(folder, "question", "add", "exam", "--page", "2", "--at", "430,60", "--max", "4", "--label", "Q1")
        return (folder, folder.file("exam.ezgrader"))
    }

    @Test func scansAreCopiedIntoTheProjectNeverLinked() throws {
        let (folder, project) = try project()
        let stored = try FileManager.default.contentsOfDirectory(atPath: project + "/scans").sorted()
        #expect(stored == ["Anna.pdf", "Ben.pdf", "O'Brien, Pat.pdf"])
        let links = try FileManager.default.attributesOfItem(atPath: project + "/scans/Ben.pdf")[.referenceCount] as? Int
        #expect(links == 1, "its own file (a reflink or a copy), not a hard link to the original")
        #expect(FileManager.default.contents(atPath: project + "/scans/Ben.pdf") == FileManager.default.contents(atPath: folder.file("Ben.pdf")))
        // An in-place edit of the project's scan leaves the user's original alone.
        let original = FileManager.default.contents(atPath: folder.file("Ben.pdf"))
        let handle = try #require(FileHandle(forWritingAtPath: project + "/scans/Ben.pdf"))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data("% edited in place\n".utf8))
        try handle.close()
        #expect(FileManager.default.contents(atPath: folder.file("Ben.pdf")) == original)
        #expect(try run(folder, "new", "exam", project + "/scans").error
            == "error: 'exam.ezgrader' already exists: choose another project name or remove the old project.\n")
    }

    @Test func gradingSessionWithUndoAcrossRestarts() throws {
        let (folder, _) = try project()
        #expect(try run(folder, "score", "exam", "--student", "o'brien, pat", "--question", "Q1", "3.5").output == "O'Brien, Pat: Q1 = 3.5\n",
                "the student matched is named, not the name as typed")
        try run(folder, "score", "exam", "--student", "Anna", "--question", "Q1", "4")
        let status = try run(folder, "status", "exam", "--json")
        #expect(status.output.contains("\"graded\" : 2"))
        #expect(try run(folder, "undo", "exam").output == "Undid: score Anna on Q1: 4\n")
        #expect(try run(folder, "undo", "exam").output == "Undid: score O'Brien, Pat on Q1: 3.5\n")
        #expect(try run(folder, "redo", "exam").output == "Redid: score O'Brien, Pat on Q1: 3.5\n")
        let text = try run(folder, "status", "exam").output.replacing(/\(lowest match [0-9.]+\)/, with: "(lowest match …)")
        #expect(text == """
            Questions (graded / students):
              Q1\tpage 2\tmax 4\t1 / 3
            Students (earned / max, ungraded):
              Anna\t0 / 4\t1 ungraded
              Ben\t0 / 4\t1 ungraded
              O'Brien, Pat\t3.5 / 4\t0 ungraded
            Pages aligned to the reference: 6 of 6 (lowest match …).

            """)
    }

    @Test func refusedValuesExitOneAndNameTheValue() throws {
        let (folder, _) = try project()
        let off = try run(folder, "question", "add", "exam", "--page", "1", "--at", "700,60", "--max", "2")
        #expect(off.status == 1)
        #expect(off.error == "error: The box of the new question (64 × 22 points, top-left corner at 700,60) would reach off page 1, which is 612 × 792 points (x from the left, y from the top): give a top-left corner from 0,0 to 548,770, or a smaller box.\n")
        let high = try run(folder, "score", "exam", "--student", "Ben", "--question", "Q1", "5")
        #expect(high.status == 1)
        #expect(high.error == "error: Score 5 does not fit Q1: give 0 to 4 in steps of 0.25, or ? to clear.\n")
        let missing = try run(folder, "status", "nope")
        #expect(missing.error == "error: 'nope' is not an ezgrader project (no project.sqlite inside): create one with ezgrader new.\n")
        #expect(try run(folder, "undo", "exam").output == "Undid: add question on page 2\n", "refusals recorded nothing")
    }

    @Test func aKilledChangeLeavesNoTrace() throws {
        let (folder, project) = try project()
        try run(folder, "score", "exam", "--student", "Ben", "--question", "Q1", "2")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: ezgrader)
        process.arguments = ["student", "remove", project, "Ben"]
        process.environment = ["EZGRADER_TEST_HOLD_BEFORE_COMMIT": "30"]
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        Thread.sleep(forTimeInterval: 1.5)  // inside its transaction: Ben's rows are deleted but not committed
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal)
        let status = try run(folder, "status", "exam")
        #expect(status.status == 0)
        #expect(status.output.contains("  Ben\t2 / 4\t0 ungraded"), "Ben and his score are fully there")
        #expect(try run(folder, "undo", "exam").output == "Undid: score Ben on Q1: 2\n", "no half step in the history")
    }

    /// Issue 11: an import's rules are checked inside its transaction. A curve (Q1 max 4 → 2) is
    /// held uncommitted while an import of a 4 starts; the import waits, then sees max 2 and refuses.
    @Test func anImportIsCheckedAgainstTheProjectAsItIsWhenItWrites() throws {
        let (folder, project) = try project()
        try "Student,ID,Email,Q1\nBen,,,4\n".write(toFile: folder.file("filled.csv"), atomically: true, encoding: .utf8)
        let curve = Process()
        curve.executableURL = URL(fileURLWithPath: ezgrader)
        curve.arguments = ["question", "set-max", project, "Q1", "2"]
        curve.environment = ["EZGRADER_TEST_HOLD_BEFORE_COMMIT": "3"]
        curve.standardOutput = FileHandle.nullDevice
        try curve.run()
        Thread.sleep(forTimeInterval: 1)  // the curve holds the write lock, max 2 not yet committed
        let imported = try run(folder, "import", "csv", "exam", "filled.csv")
        curve.waitUntilExit()
        #expect(curve.terminationStatus == 0)
        #expect(imported.status == 1)
        #expect(imported.error == "error: Row 2, column D: Score 4 does not fit Q1: give 0 to 2 in steps of 0.25, or ? to clear. Nothing was imported.\n")
        #expect(try run(folder, "status", "exam").output.contains("  Ben\t0 / 2\t1 ungraded"))
    }

    @Test func aLateBookletJoinsWithEveryQuestionUngraded() throws {
        let (folder, _) = try project()
        let late = TemporaryFolder()
        let files = try TestClass.scanned(["Kim", "Short"], pages: 2, in: late)
        try qpdf("--empty", "--pages", files[1], "1", "--", late.file("One page.pdf"))
        let refused = try run(folder, "student", "add", "exam", late.file("One page.pdf"))
        #expect(refused.status == 1)
        #expect(refused.error == "error: '\(late.file("One page.pdf"))' has 1 page but the project's booklets have 2: rescan it.\n")
        #expect(try run(folder, "student", "add", "exam", files[0], "--name", "Kim, Lee", "--id", "S9").output == "Added Kim, Lee.\n")
        #expect(try run(folder, "status", "exam").output.contains("  Kim, Lee\t0 / 4\t1 ungraded"))
        #expect(try run(folder, "student", "add", "exam", files[0], "--name", "kim, lee").error
            == "error: The project already has a student 'kim, lee': give the new one another name with --name.\n")
    }

    @Test func parallelProcessesLoseNoScore() throws {
        let (folder, project) = try project()
        let students = ["Anna", "Ben", "O'Brien, Pat"]
        let failures = Box()
        DispatchQueue.concurrentPerform(iterations: students.count) { worker in
            for step in 1...16 {
                let result = try? runCommand(ezgrader, ["score", project, "--student", students[worker], "--question", "Q1", "\(Double(step) / 4)"])
                if result?.status != 0 { failures.add("\(students[worker]) \(step): \(result?.error ?? "")") }
            }
        }
        #expect(failures.items.isEmpty)
        let json = try run(folder, "status", "exam", "--json").output
        #expect(json.components(separatedBy: "\"earned\" : \"4\"").count == 4, "every student's last score (4) landed")
    }
}

private final class Box: @unchecked Sendable {
    private let lock = NSLock()
    private var values: [String] = []
    func add(_ value: String) { lock.withLock { values.append(value) } }
    var items: [String] { lock.withLock { values } }
}
