import Foundation
import Testing
import TestSupport

/// Issue 26: names measured the way file systems measure them, blank and dangerous names refused
/// or made safe, `-o -` as standard output, and refusals that list every problem at once.
@Suite struct NamesAndOutputsTests {
    private let ezgrader = builtProduct("ezgrader")
    private let samples = packageRoot.appendingPathComponent("SamplePDFs").path

    @Test func dashAsTheOutputIsStandardOutput() throws {
        let folder = TemporaryFolder()
        try TestClass.scanned(["Anna", "Ben"], pages: 1, in: folder)
        #expect(try run(folder, "new", "exam", "Anna.pdf", "Ben.pdf").status == 0)
        #expect(try run(folder, "question", "add", "exam", "--page", "1", "--at", "100,100", "--max", "4", "--label", "Q1").status == 0)
        #expect(try run(folder, "score", "exam", "--student", "Anna", "--question", "Q1", "3").status == 0)
        let csv = try run(folder, "export", "csv", "exam", "-o", "-")
        #expect(csv.status == 0, "\(csv.error)")
        #expect(csv.output == "Page Number,Question Number,Max Question Points,Anna,Ben\r\nPage 1,Q1,4,3,?\r\nTotal,,4,3,0\r\n", "\(csv.output)")
        let students = try run(folder, "export", "csv", "exam", "--layout", "students", "--output", "-")
        #expect(students.output == (try run(folder, "export", "csv", "exam", "--layout", "students")).output)
        let rubric = try run(folder, "rubric", "export", "exam", "-o", "-")
        #expect(rubric.status == 0 && rubric.output.contains("label: Q1"), "\(rubric.output)")
        #expect(!folder.fileNames.contains("-"), "no file named '-': \(folder.fileNames)")
    }

    @Test func longNamesAreMeasuredInBytes() throws {
        let folder = TemporaryFolder()
        // 80 three-byte characters: a 244-byte file name, which the file system allows.
        let long = String(repeating: "李", count: 80)
        try TestClass.scanned([long, "Ben"], pages: 1, in: folder)
        let created = try run(folder, "new", "exam", "\(long).pdf", "Ben.pdf")
        #expect(created.status == 0, "\(created.error)")
        let exported = try run(folder, "export", "pdf", "exam", "--out", "graded")
        #expect(exported.status == 0, "\(exported.error)")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.file("graded")).filter { $0.hasSuffix(".pdf") }.sorted()
        #expect(files.count == 2 && files.allSatisfy { $0.utf8.count <= 255 }, "\(files)")
        #expect(files.contains(String(repeating: "李", count: 49) + ".pdf"), "cut to whole characters within 150 bytes: \(files)")

        let tooLong = String(repeating: "é", count: 120)
        let refused = try run(folder, "new", tooLong, "Ben.pdf")
        #expect(refused.status == 1)
        #expect(refused.error == "error: The project name '\(String(repeating: "é", count: 30))…' is 249 bytes long: a folder name holds "
            + "at most 235 bytes (é takes 2, 李 takes 3): give a shorter name.\n")
        #expect(!folder.fileNames.contains { $0.hasPrefix("é") || $0.hasPrefix(".é") })
    }

    @Test func blankNamesAreRefused() throws {
        let folder = TemporaryFolder()
        try TestClass.scanned(["Anna", " "], pages: 1, in: folder)
        let nameless = try run(folder, "new", "", "Anna.pdf")
        #expect(nameless.status == 1)
        #expect(nameless.error == "error: The project name '' is empty: give a name such as exam (the folder exam.ezgrader is created).\n")
        #expect(!folder.fileNames.contains(".ezgrader"))
        let blankFile = try run(folder, "new", "exam", "Anna.pdf", " .pdf")
        #expect(blankFile.status == 1)
        #expect(blankFile.error == "error: ' .pdf' gives its student no name: rename the file after the student, or name them in a roster.\n")
        #expect(try run(folder, "new", "exam", "Anna.pdf").status == 0)
        for name in ["", "  "] {
            let added = try run(folder, "student", "add", "exam", " .pdf", "--name", name)
            #expect(added.status == 1)
            #expect(added.error == "error: The student's name is empty: give their name with --name (e.g. --name \"Kim, Lee\").\n")
        }
        let status = try run(folder, "status", "exam").output
        #expect(status.contains("Students (earned / max, ungraded):\n  Anna\t0 / 0\t0 ungraded\nPages"), "\(status)")
    }

    @Test func exportNamesThatWouldMisbehaveAreMadeOrdinary() throws {
        let folder = TemporaryFolder()
        let names = ["CON", "nul", "Com1.x", "-rf", ".hidden", "Ben"]
        try TestClass.scanned(names.indices.map { "s\($0)" }, pages: 1, in: folder)
        try ("file,name\n" + names.indices.map { "s\($0).pdf,\(names[$0])" }.joined(separator: "\n") + "\n")
            .write(toFile: folder.file("roster.csv"), atomically: true, encoding: .utf8)
        #expect(try run(folder, "new", "exam", "--roster", "roster.csv", "s0.pdf", "s1.pdf", "s2.pdf", "s3.pdf", "s4.pdf", "s5.pdf").status == 0)
        #expect(try run(folder, "export", "pdf", "exam", "--out", "graded").status == 0)
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.file("graded")).filter { $0.hasSuffix(".pdf") }.sorted()
        #expect(files == ["Ben.pdf", "CON_.pdf", "Com1_.x.pdf", "_-rf.pdf", "_.hidden.pdf", "nul_.pdf"])
    }

    @Test func hiddenPDFsInAFolderAreNamedAndSubFoldersPointedTo() throws {
        let folder = TemporaryFolder()
        try FileManager.default.createDirectory(atPath: folder.file("scans"), withIntermediateDirectories: true)
        let scans = TemporaryFolder(existing: folder.file("scans"))
        try TestClass.scanned(["Anna", ".hidden", "."], pages: 1, in: scans)
        let hidden = try run(folder, "new", "exam", "scans")
        #expect(hidden.status == 1)
        #expect(hidden.error == "error: Folder 'scans' holds hidden PDF files '..pdf', '.hidden.pdf', which would not be read as students: "
            + "rename them without the leading '.' to include them, or move them out of the folder (macOS '._' copies can be deleted).\n")

        try FileManager.default.createDirectory(atPath: folder.file("term/a"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: folder.file("term/b/deeper"), withIntermediateDirectories: true)
        try TestClass.scanned(["Ben"], pages: 1, in: TemporaryFolder(existing: folder.file("term/a")))
        try TestClass.scanned(["Cy"], pages: 1, in: TemporaryFolder(existing: folder.file("term/b/deeper")))
        let nested = try run(folder, "new", "exam", "term")
        #expect(nested.status == 1)
        #expect(nested.error == "error: Folder 'term' holds no .pdf file itself, but its sub-folders do ('term/a', 'term/b'): "
            + "name those folders (e.g. term/a term/b) to import their scans.\n")
        #expect(!folder.fileNames.contains("exam.ezgrader"))
    }

    @Test func everyProblemOfAScanSetIsListedAtOnce() throws {
        let folder = TemporaryFolder()
        try TestClass.scanned(["Anna", "Ben", "Cy"], pages: 1, in: folder)
        try FileManager.default.copyItem(atPath: folder.file("Anna.pdf"), toPath: folder.file("ANNA.pdf"))
        try FileManager.default.copyItem(atPath: folder.file("Ben.pdf"), toPath: folder.file("ben.pdf"))
        try Data("not a PDF at all".utf8).write(to: URL(fileURLWithPath: folder.file("Damaged.pdf")))
        try HostilePDF.write(["<< /Type /Catalog /Pages 2 0 R >>", "<< /Type /Pages /Kids [] /Count 0 >>"], to: folder.file("Zero.pdf"))
        try "file,name\nAnna.pdf,Anna\nANNA.pdf,anna\nBen.pdf,Ben\nben.pdf,ben\nDamaged.pdf,Dee\nZero.pdf,Zed\nGone.pdf,Gina\nCy.pdf,Cy\n"
            .write(toFile: folder.file("roster.csv"), atomically: true, encoding: .utf8)
        let result = try run(folder, "info", "Anna.pdf", "ANNA.pdf", "Ben.pdf", "ben.pdf", "Damaged.pdf", "Zero.pdf", "Cy.pdf", "--roster", "roster.csv")
        #expect(result.status == 1)
        let lines = result.error.split(separator: "\n").map(String.init)
        #expect(lines.first == "error: 5 problems with these scans:", "\(result.error)")
        #expect(lines.contains("  - Row 8 of roster 'roster.csv' names 'Gone.pdf', which is not among the scans: add that scan, "
            + "or delete the row if the student has no booklet."), "\(result.error)")
        #expect(lines.contains { $0.hasPrefix("  - 'Damaged.pdf'") }, "\(result.error)")
        #expect(lines.contains("  - 'Zero.pdf' has no pages: rescan that booklet or leave the file out."), "\(result.error)")
        #expect(lines.contains("  - Two files belong to the same student 'anna': 'Anna.pdf' and 'ANNA.pdf'. Rename one of them, "
            + "or map them to different students in a roster."), "\(result.error)")
        #expect(lines.contains { $0.hasPrefix("  - Two files belong to the same student 'ben'") }, "\(result.error)")
    }

    @Test func aKeyForAStudentIDBlockIsRefused() throws {
        let folder = TemporaryFolder()
        #expect(try run(folder, "new", "quiz", "\(samples)/bubble-sheets/Anna Schmidt.pdf", "--rubric", "\(samples)/bubble-rubric.yaml").status == 0)
        let result = try run(folder, "key", "set", "quiz", "--block", "student-id", "1234567")
        #expect(result.status == 1)
        #expect(result.error == "error: Block 'student-id' is a student-ID grid: it is read to match copies to students, not graded, so it "
            + "takes no answer key. Give the id of a question block (the rubric's bubbles: section lists them).\n")
        #expect(try run(folder, "history", "quiz").output.contains("answer key") == false)
    }

    @Test func escapeSequencesInNamesAreShownEscapedOnATerminal() throws {
        let folder = TemporaryFolder()
        try TestClass.scanned(["a"], pages: 1, in: folder)
        try "file,name\na.pdf,Evil\u{1B}]0;owned\u{07}\u{1B}[31mRed\n".write(toFile: folder.file("roster.csv"), atomically: true, encoding: .utf8)
        #expect(try run(folder, "new", "exam", "a.pdf", "--roster", "roster.csv").status == 0)
        let onTerminal = try runCommand("/usr/bin/script", ["-qec", "\(ezgrader) status exam", "/dev/null"], in: folder.path)
        #expect(onTerminal.output.contains("Evil\\x1B]0;owned\\x07\\x1B[31mRed"), "\(onTerminal.output)")
        #expect(!onTerminal.output.contains("\u{1B}"), "\(onTerminal.output)")
        let piped = try run(folder, "status", "exam")
        #expect(piped.output.contains("Evil\u{1B}]0;owned\u{07}\u{1B}[31mRed"), "a pipe gets the name as it is")
    }

    @Test func aKilledNewsLeftoversGoAtTheNextCommand() throws {
        let folder = TemporaryFolder()
        try TestClass.scanned(["Anna"], pages: 1, in: folder)
        #expect(try run(folder, "new", "exam", "Anna.pdf").status == 0)
        // A `new other` killed half-way, by a process that no longer runs; and one still running (this test).
        for leftover in [".other.ezgrader.999999999.partial", ".other.ezgrader.\(getpid()).partial"] {
            try FileManager.default.createDirectory(atPath: folder.file(leftover + "/scans"), withIntermediateDirectories: true)
            try Data(count: 1000).write(to: URL(fileURLWithPath: folder.file(leftover + "/scans/Anna.pdf")))
        }
        #expect(try run(folder, "status", "exam").status == 0)
        #expect(!folder.fileNames.contains(".other.ezgrader.999999999.partial"), "\(folder.fileNames)")
        #expect(folder.fileNames.contains(".other.ezgrader.\(getpid()).partial"), "a running creation is left alone")
    }
}
