import Foundation
import GraderCore
@testable import GraderKit
import GraderPDF
import ScanFactory
import Testing
import TestSupport

@Suite struct LoadTests {
    private func loadError(_ paths: [String], roster: String? = nil, password: String? = nil) -> String? {
        do {
            _ = try ClassLoader.load(paths, rosterPath: roster, password: password)
            return nil
        } catch {
            return error.localizedDescription
        }
    }

    @Test func namesComeFromFileNamesAsWritten() throws {
        let folder = TemporaryFolder()
        try TestClass.scanned(["O'Brien, Pat", "Zoë Lefèvre", "anna maria", "李明"], pages: 2, in: folder)
        let loaded = try ClassLoader.load([folder.path])
        #expect(loaded.students.map(\.name) == ["anna maria", "O'Brien, Pat", "Zoë Lefèvre", "李明"], "folder order ignores case")
        #expect(loaded.classSet.pagesPerStudent == 2)
        #expect(loaded.pageSizes.flatMap { $0 }.allSatisfy { $0 == PageSize(width: 612, height: 792) })
    }

    @Test func rosterIDsAreOnePerStudentAndStudentIDIsAnIDColumn() throws {
        let folder = TemporaryFolder()
        let files = try TestClass.scanned(["scan-001", "scan-002"], pages: 1, in: folder)
        let roster = folder.file("roster.csv")
        try "File,Name,Student_ID\nscan-001.pdf,Anna,S1\nscan-002.pdf,Ben,S2\n".write(toFile: roster, atomically: true, encoding: .utf8)
        #expect(try ClassLoader.load(files, rosterPath: roster).students.map(\.rosterID) == ["S1", "S2"])
        try "file,name,id\nscan-001.pdf,\"Anna,S1\nscan-002.pdf,Ben,S2\n".write(toFile: roster, atomically: true, encoding: .utf8)
        #expect(loadError(files, roster: roster)
            == "Roster '\(roster)' line 2 opens a quoted cell (\") that is never closed: close the quote or export the roster again.")
        try "file,name,id\nscan-001.pdf,Anna,S1\nscan-002.pdf,Ben,S1\n".write(toFile: roster, atomically: true, encoding: .utf8)
        #expect(loadError(files, roster: roster)
            == "Roster '\(roster)' gives the id 'S1' to two students (lines 2 and 3): each student needs their own id; correct one of them.")
    }

    @Test func rosterMapsFilesToNamesAndIDs() throws {
        let folder = TemporaryFolder()
        let files = try TestClass.scanned(["scan-001", "scan-002"], pages: 1, in: folder)
        let roster = folder.file("roster.csv")
        try "\u{FEFF}File,Name,ID,Email\nscan-002.pdf,\"O'Brien, Pat\",S2,pat@example.edu\nscan-001.pdf,Anna,S1,\nabsent.pdf,Nobody,S9,\n"
            .write(toFile: roster, atomically: true, encoding: .utf8)
        #expect(loadError(files, roster: roster) == "Row 4 of roster '\(roster)' names 'absent.pdf', which is not among the scans: "
            + "add that scan, or delete the row if the student has no booklet.", "issue 26: a row without its scan is not skipped silently")
        try "\u{FEFF}File,Name,ID,Email\nscan-002.pdf,\"O'Brien, Pat\",S2,pat@example.edu\nscan-001.pdf,Anna,S1,\n"
            .write(toFile: roster, atomically: true, encoding: .utf8)
        let loaded = try ClassLoader.load(files, rosterPath: roster)
        #expect(loaded.students == [Student(name: "O'Brien, Pat", rosterID: "S2", email: "pat@example.edu"),
                                    Student(name: "Anna", rosterID: "S1")], "roster order, not file order")
        try "file,name\nscan-001.pdf,Anna\n".write(toFile: roster, atomically: true, encoding: .utf8)
        #expect(loadError(files, roster: roster)
            == "'\(files[1])' has no row in roster '\(roster)': add a row for it (file,name,id,email) or leave the file out.")
        try "file,id\nscan-001.pdf,S1\n".write(toFile: roster, atomically: true, encoding: .utf8)
        #expect(loadError(files, roster: roster)
            == "Roster '\(roster)' has no 'name' column: its first line must name the columns file,name (and optionally id,email).")
        try "file,name\nscan-001.pdf,Anna\nscan-001.pdf,Ann\n".write(toFile: roster, atomically: true, encoding: .utf8)
        #expect(loadError(files, roster: roster)
            == "Roster '\(roster)' names 'scan-001.pdf' twice (lines 2 and 3): keep one of them.")
    }

    @Test func missingNotPDFAndDamagedFilesAreAllListed() throws {
        let folder = TemporaryFolder()
        let good = try TestClass.scanned(["Good"], pages: 1, in: folder)[0]
        let text = folder.file("notes.pdf")
        try "just some notes".write(toFile: text, atomically: true, encoding: .utf8)
        let broken = folder.file("broken.pdf")
        try Data("%PDF-1.7\n1 0 obj\n<< /Type /Catalog >>\n%%garbage".utf8).write(to: URL(fileURLWithPath: broken))
        let missing = folder.file("missing.pdf")
        let message = loadError([good, missing, text, broken])
        #expect(message?.hasPrefix("""
            3 scans cannot be used:
              - '\(missing)' does not exist: check the path, or leave it out.
              - '\(text)' is not a PDF (it does not start with %PDF-): give the scanner's PDF export instead.
              - '\(broken)' is damaged beyond repair (
            """) == true, "\(message ?? "nil")")
        #expect(message?.hasSuffix("): rescan it or export it again from the scanner.") == true)
    }

    @Test func aRepairableFileLoadsAndMerges() throws {
        let folder = TemporaryFolder()
        let files = try TestClass.scanned(["A", "B"], pages: 2, in: folder)
        let originalB = PDFObjects.pageImages(files[1])
        // Corrupt B's cross-reference offset: readers must rebuild the table by scanning the file.
        var bytes = try Data(contentsOf: URL(fileURLWithPath: files[1]))
        let marker = bytes.range(of: Data("startxref\n".utf8), options: .backwards)!
        bytes.replaceSubrange(marker.upperBound..<marker.upperBound + 1, with: Data("9".utf8))
        try bytes.write(to: URL(fileURLWithPath: files[1]))
        let loaded = try ClassLoader.load(files)
        #expect(loaded.classSet.pagesPerStudent == 2)
        let output = folder.file("class.pdf")
        try ClassMerger.merge(loaded, order: .perPage, to: output)
        #expect(PDFObjects.pageImages(output)[1] == originalB[0], "B's repaired page 1 is its original JPEG")
    }

    @Test func passwordProtectedScansNeedTheirPassword() throws {
        let folder = TemporaryFolder()
        let plain = try TestClass.scanned(["A", "B"], pages: 1, in: folder)
        let locked = folder.file("Locked.pdf")
        try qpdf("--encrypt", "s3cret", "owner", "256", "--", plain[1], locked)
        #expect(loadError([plain[0], locked]) == "'\(locked)' is password-protected: give its password with --password.")
        #expect(loadError([plain[0], locked], password: "nope")
            == "The password given does not open '\(locked)': check it, or give that file's own password.")
        let loaded = try ClassLoader.load([plain[0], locked], password: "s3cret")
        let output = folder.file("class.pdf")
        try ClassMerger.merge(loaded, order: .perPage, to: output)
        #expect(PDFObjects.pageImages(output)[1] == PDFObjects.pageImages(plain[1])[0], "decrypted page copied")
    }

    @Test func ownerRestrictionsAloneOpenWithoutPassword() throws {
        let folder = TemporaryFolder()
        let plain = try TestClass.scanned(["A", "B"], pages: 1, in: folder)
        let restricted = folder.file("Restricted.pdf")
        try qpdf("--encrypt", "", "owner-only", "256", "--print=none", "--modify=none", "--", plain[1], restricted)
        let loaded = try ClassLoader.load([plain[0], restricted])
        #expect(loaded.students.map(\.name) == ["A", "Restricted"])
    }

    @Test func zeroPageFileIsRefused() throws {
        let folder = TemporaryFolder()
        let plain = try TestClass.scanned(["A"], pages: 1, in: folder)
        let empty = folder.file("Empty.pdf")
        try qpdf("--empty", empty)
        #expect(loadError([plain[0], empty]) == "'\(empty)' has no pages: rescan that booklet or leave the file out.")
    }

    @Test func duplicateStudentsAndDifferingPageCountsAreRefused() throws {
        let folder = TemporaryFolder()
        let files = try TestClass.scanned(["Anna", "Ben", "Cy"], pages: 2, in: folder)
        let twin = folder.file("sub/ANNA.pdf")
        try FileManager.default.createDirectory(atPath: folder.file("sub"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: files[0], toPath: twin)
        #expect(loadError(files + [twin]) == "Two files belong to the same student 'ANNA': '\(files[0])' and '\(twin)'. "
            + "Rename one of them, or map them to different students in a roster.")
        let short = folder.file("Dee.pdf")
        try qpdf("--empty", "--pages", files[1], "1", "--", short)
        #expect(loadError(files + [short]) == "Page counts differ: 3 of 4 files have 2 pages, but '\(short)' has 1 page. "
            + "Every booklet must have the same pages: rescan that file or leave it out.")
    }

    @Test func pageSizeIsThePageAsDisplayed() throws {
        let folder = TemporaryFolder()
        let plain = folder.file("plain.pdf")
        try ScanFactory.writeVectorPDF(to: URL(fileURLWithPath: plain), label: "A", pageSizes: [(612, 792), (595, 842)])
        let rotated = folder.file("rotated.pdf")
        try qpdf("--rotate=+90:1", plain, rotated)
        PDFObjects.setBox(rotated, page: 1, key: "/CropBox", to: [50, 100, 450, 700])
        let document = try PDFDocument(path: rotated)
        #expect(try document.page(at: 0).size == PageSize(width: 792, height: 612))
        #expect(try document.page(at: 1).size == PageSize(width: 400, height: 600))
    }
}
