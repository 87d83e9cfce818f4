import Foundation
import GraderCodes
import GraderCore
import GraderPDF
import ScanFactory
import Testing
import TestSupport

/// A class printed with `prepare`, scanned in bulk with the accidents of a real copier, sorted
/// back into copies by `new --bulk`; the problems listed, then fixed by `assign` and `add-scans`.
@Suite struct BulkScanTests {
    private static let copies = 20, pages = 3
    /// Where prepare puts the code by default (its top-left corner), on a Letter page (a symbol of 25 modules).
    private static let codeAt = PageCodePlacement.defaultCorner(on: PageSize(width: 612, height: 792), side: 48, quiet: 2 * 48 / 25)
    private static let style = ScanStyle(dpi: 150, jpegQuality: 60, maxSkewDegrees: 1.0, maxOffsetPoints: 6, noise: 0.3)

    private static func sheet(copy: Int, page: Int, upsideDown: Bool = false, smudged: Bool = false) -> BulkSheet {
        .printed(pageIndex: (copy - 1) * pages + page - 1, upsideDown: upsideDown, smudge: smudged ? codeAt : nil)
    }

    /// The copier's feed: 5 % of the pages out of place, 3 upside down, copy 5 page 2 missing,
    /// copy 7 page 1 fed twice, copy 9 page 3's code smudged, two blank duplex backs.
    private static func feed() -> [BulkSheet] {
        var sheets: [BulkSheet] = []
        for copy in 1...copies {
            for page in 1...pages where !(copy == 5 && page == 2) {
                let upsideDown = [(2, 1), (11, 3), (16, 2)].contains { $0 == (copy, page) }
                sheets.append(sheet(copy: copy, page: page, upsideDown: upsideDown, smudged: copy == 9 && page == 3))
                if (copy, page) == (4, 3) || (copy, page) == (14, 1) { sheets.append(.blank) }
            }
            if copy == 12 { sheets.append(sheet(copy: 7, page: 1)) }  // fed again later
        }
        // Three pages (5 %) moved elsewhere in the stack.
        for (from, to) in [(7, 40), (25, 3), (50, 12)] { sheets.insert(sheets.remove(at: from), at: to) }
        return sheets
    }

    @Test func aBulkScanIsSortedIntoCopiesAndEveryProblemListed() throws {
        let folder = TemporaryFolder()
        try ScanFactory.writeMarkedExam(to: URL(fileURLWithPath: folder.file("exam.pdf")), pageCount: Self.pages)
        let prepared = try run(folder, "prepare", "exam.pdf", "--copies", "\(Self.copies)", "--exam-id", "T16", "-o", "print.pdf")
        #expect(prepared.output == "Wrote print.pdf: exam T16, 20 copies × 3 pages.\nAfter the exam: ezgrader new NAME --bulk SCAN.pdf\n",
                "\(prepared.error)")
        try ScanFactory.writeMarkedExam(to: URL(fileURLWithPath: folder.file("other.pdf")), pageCount: 2)
        try run(folder, "prepare", "other.pdf", "--copies", "2", "--exam-id", "OTHER1", "-o", "other-print.pdf")

        let sheets = Self.feed()
        try ScanFactory.writeBulkScan(of: folder.file("print.pdf"), sheets: sheets, to: URL(fileURLWithPath: folder.file("batch1.pdf")),
                                      style: Self.style, seed: 16)
        try ScanFactory.writeBulkScan(of: folder.file("other-print.pdf"), sheets: [.printed(pageIndex: 0)],
                                      to: URL(fileURLWithPath: folder.file("batch2.pdf")), style: Self.style, seed: 17)
        func at(_ sheet: BulkSheet) -> Int { sheets.firstIndex(of: sheet)! + 1 }
        let smudged = at(Self.sheet(copy: 9, page: 3, smudged: true))
        let doubled = sheets.indices.filter { sheets[$0] == Self.sheet(copy: 7, page: 1) }.map { $0 + 1 }
        let turned = [(2, 1), (16, 2), (11, 3)].map { at(Self.sheet(copy: $0.0, page: $0.1, upsideDown: true)) }.sorted()
        let blanks = sheets.indices.filter { sheets[$0] == .blank }.map { $0 + 1 }

        let created = try run(folder, "new", "exam", "--bulk", "batch1.pdf", "batch2.pdf")
        #expect(created.status == 0, "\(created.error)")
        #expect(created.output == """
            Created exam.ezgrader: 18 students × 3 pages.
            Exam T16: 18 complete copies of 3 pages, 2 held back (pages missing); 0 of 20 printed copies not scanned.
              missing: copy 5 page 2 — scan it and run: ezgrader add-scans exam.ezgrader SCAN.pdf (copy 5 is held back until complete)
              missing: copy 9 page 3 — scan it and run: ezgrader add-scans exam.ezgrader SCAN.pdf (copy 9 is held back until complete)
              no readable code: batch1.pdf page \(smudged) — place it with: ezgrader assign exam.ezgrader --scan batch1.pdf --page \(smudged) --copy C --page-of-copy P
              scanned twice: batch1.pdf page \(doubled[0]) and batch1.pdf page \(doubled[1]) are both copy 7 page 1 — kept batch1.pdf page \(doubled[0]); look at both
              another exam: batch2.pdf page 1 is exam OTHER1 copy 1 page 1, not exam T16 (20 copies × 3 pages) — refused
              turned upright: \(turned.map { "batch1.pdf page \($0)" }.joined(separator: ", "))
              blank, skipped: \(blanks.map { "batch1.pdf page \($0)" }.joined(separator: ", "))

            """)

        // Refusals name what is wrong and change nothing.
        let taken = try run(folder, "assign", "exam", "--scan", "batch1.pdf", "--page", "\(smudged)", "--copy", "9", "--page-of-copy", "1")
        #expect(taken.status == 1)
        #expect(taken.error == "error: Copy 9 page 1 is already batch1.pdf page \(at(Self.sheet(copy: 9, page: 1))): check the copy and page numbers.\n")
        let unknown = try run(folder, "assign", "exam", "--scan", "batch3.pdf", "--page", "1", "--copy", "9", "--page-of-copy", "3")
        #expect(unknown.error == "error: The project has no bulk scan 'batch3.pdf': it has 'batch1.pdf', 'batch2.pdf'.\n")
        let noCopy = try run(folder, "assign", "exam", "--scan", "batch1.pdf", "--page", "\(smudged)", "--copy", "21", "--page-of-copy", "3")
        #expect(noCopy.error == "error: There is no copy 21: the exam was printed as copies 1–20.\n")

        // The smudged page placed by hand, the missing one scanned later (upside down).
        let assigned = try run(folder, "assign", "exam", "--scan", "batch1.pdf", "--page", "\(smudged)", "--copy", "9", "--page-of-copy", "3")
        #expect(assigned.output.hasPrefix("Placed batch1.pdf page \(smudged) as copy 9 page 3.\nExam T16: 19 complete copies"), "\(assigned.error)")
        try ScanFactory.writeBulkScan(of: folder.file("print.pdf"), sheets: [Self.sheet(copy: 5, page: 2, upsideDown: true)],
                                      to: URL(fileURLWithPath: folder.file("rescan.pdf")), style: Self.style, seed: 18)
        let added = try run(folder, "add-scans", "exam", "rescan.pdf")
        #expect(added.output.hasPrefix("Exam T16: 20 complete copies of 3 pages; 0 of 20 printed copies not scanned.\n"), "\(added.error)")
        #expect(!added.output.contains("missing:"))

        // Every page is in the right copy, upright: its own code and printed page marker read back from a render.
        let reader = CodeReader()
        for copy in 1...Self.copies {
            let booklet = folder.file(String(format: "exam.ezgrader/scans/copy-%04d.pdf", copy))
            let document = try PDFDocument(path: booklet)
            #expect(document.pageCount == Self.pages)
            for page in 1...Self.pages {
                let bitmap = try document.page(at: page - 1).renderRGB(dpi: 200)
                let grey = Self.grey(bitmap)
                let symbols = reader.read(grey: grey, width: bitmap.width, height: bitmap.height)
                let codes: [String] = symbols.compactMap { symbol in PageCode(text: symbol.text).map { "\($0.copy)/\($0.page)" } }
                if (copy, page) != (9, 3) {  // its code is smudged: the printed marker alone tells
                    #expect(codes == ["\(copy)/\(page)"], "copy \(copy) page \(page)")
                    let turns: [Int] = symbols.map { $0.uprightRotation }
                    #expect(turns == [0], "copy \(copy) page \(page) upright")
                }
                #expect(MarkedExamWriter.pageNumber(grey: grey, width: bitmap.width, height: bitmap.height, dpi: 200) == page,
                        "copy \(copy) page \(page): printed marker")
            }
        }
        // Pages are copied untouched: the upside-down page's JPEG is the scan's, byte for byte.
        let scanned = PDFObjects.pageImages(folder.file("exam.ezgrader/bulk/batch1.pdf"))
        let booklet = PDFObjects.pageImages(folder.file("exam.ezgrader/scans/copy-0002.pdf"))
        #expect(booklet[0] == scanned[at(Self.sheet(copy: 2, page: 1, upsideDown: true)) - 1])

        // Matching by hand, and the copies listed.
        // Without a roster, every name is a new one: --new says so.
        let unchecked = try run(folder, "match", "exam", "--copy", "3", "--student", "Schmidt, Anna")
        #expect(unchecked.status == 1)
        #expect(unchecked.error == "error: The project has no roster, so 'Schmidt, Anna' cannot be checked against it: "
            + "give --new to match a copy to a name of your own.\n")
        #expect(try run(folder, "match", "exam", "--copy", "3", "--student", "Schmidt, Anna", "--new").output == "Copy 3 is Schmidt, Anna.\n")
        let taken3 = try run(folder, "match", "exam", "--copy", "4", "--student", "schmidt, anna", "--new")
        #expect(taken3.error == "error: Another copy already is 'schmidt, anna': check the student for copy 4.\n")
        let listed = try run(folder, "match", "exam").output
        #expect(listed.hasPrefix("copy 1: Copy 1 — not matched\ncopy 2: Copy 2 — not matched\ncopy 3: Schmidt, Anna\n"))
        let status = try run(folder, "status", "exam").output
        #expect(status.contains("Schmidt, Anna"))
    }

    /// A render's grey levels (the mean of red, green and blue).
    private static func grey(_ bitmap: PageBitmap) -> [UInt8] {
        // Through pointers: a debug build runs this many times faster than array subscripts.
        bitmap.rgb.withUnsafeBufferPointer { rgb in
            (0..<bitmap.width * bitmap.height).map { index in
                let pixel = rgb.baseAddress! + 3 * index
                return UInt8((Int(pixel[0]) + Int(pixel[1]) + Int(pixel[2])) / 3)
            }
        }
    }

    @Test func copiesPreparedForRosterStudentsMatchThemselves() throws {
        let folder = TemporaryFolder()
        try ScanFactory.writeMarkedExam(to: URL(fileURLWithPath: folder.file("exam.pdf")), pageCount: 2)
        try "file,name,id\na.pdf,\"Schmidt, Anna\",S1\nb.pdf,Ben Okafor,S2\n".write(toFile: folder.file("roster.csv"), atomically: true, encoding: .utf8)
        let prepared = try run(folder, "prepare", "exam.pdf", "--roster", "roster.csv", "--copies", "3", "--exam-id", "R1", "-o", "print.pdf")
        #expect(prepared.output.hasPrefix("Wrote print.pdf: exam R1, 3 copies × 2 pages, copies 1–2 for the roster's students.\n"), "\(prepared.error)")
        #expect(try PDFDocument(path: folder.file("print.pdf")).pageCount == 6)
        // The exam's own page is copied untouched: its content stream is still there, the code drawn over it.
        let sheets: [BulkSheet] = [.printed(pageIndex: 3), .printed(pageIndex: 0), .printed(pageIndex: 1), .printed(pageIndex: 2),
                                   .printed(pageIndex: 4, upsideDown: true), .printed(pageIndex: 5)]
        try ScanFactory.writeBulkScan(of: folder.file("print.pdf"), sheets: sheets, to: URL(fileURLWithPath: folder.file("scan.pdf")),
                                      style: Self.style, seed: 3)
        let created = try run(folder, "new", "exam", "--bulk", "scan.pdf", "--roster", "roster.csv")
        #expect(created.output.hasPrefix("Created exam.ezgrader: 3 students × 2 pages.\n"), "\(created.error)")
        let listed = try run(folder, "match", "exam").output
        #expect(listed == "copy 1: Schmidt, Anna\ncopy 2: Ben Okafor\ncopy 3: Copy 3 — not matched\n")
        // Matching by hand takes roster students only (by name or id), unless --new.
        let stranger = try run(folder, "match", "exam", "--copy", "3", "--student", "Nobody")
        #expect(stranger.error == "error: 'Nobody' is not one of the roster's 2 students (by name or roster id): check the spelling, "
            + "or give --new to match a copy to a name the roster does not have.\n")
        #expect(try run(folder, "match", "exam", "--copy", "3", "--student", "Cleo Diaz", "--new", "--json").output
            == "{\n  \"copy\" : 3,\n  \"heldBack\" : false,\n  \"matched\" : true,\n  \"student\" : \"Cleo Diaz\"\n}\n")

        let tooMany = try run(folder, "prepare", "exam.pdf", "--roster", "roster.csv", "--copies", "1", "-o", "x.pdf")
        #expect(tooMany.status == 1)
        #expect(tooMany.error == "error: 'roster.csv' lists 2 students but only 1 copies are printed: raise --copies to at least 2.\n")
        let noCodes = try run(folder, "new", "plain", "--bulk", "exam.pdf")
        #expect(noCodes.status == 1)
        #expect(noCodes.error.hasPrefix("error: No page of 'exam.pdf' carries an ezgrader page code"))
        #expect(!FileManager.default.fileExists(atPath: folder.file("plain.ezgrader")))
    }

    @Test func aFixedCountSplitFindsADroppedOrDoubledPageAtItsCopy() throws {
        let folder = TemporaryFolder()
        let names = ["Ann", "Ben", "Cleo", "Dev", "Eva", "Finn", "Gus", "Hana"]
        let files = try TestClass.scanned(names, pages: 4, in: folder)
        // Finn's page 3 was not fed: every page after it would shift to the wrong student.
        try runCommand("/usr/bin/qpdf", ["--empty", "--pages"] + Array(files[0..<5]) + [files[5], "1,2,4", files[6], files[7], "--", folder.file("dropped.pdf")])
        let refused = try run(folder, "new", "exam", "--pages-per-student", "4", "dropped.pdf")
        #expect(refused.status == 1)
        // Named at Finn's copy; his pages 3 and 4 share a layout, so page 3 is named or listed as alike.
        #expect(refused.error.hasPrefix("error: The split every 4 pages is out of step: copy 6 page "), "\(refused.error)")
        #expect(refused.error.contains(": copy 6's page 3 was dropped") || refused.error.contains(": copy 6's page 4 was dropped (or its page 3"),
                "\(refused.error)")
        #expect(!FileManager.default.fileExists(atPath: folder.file("exam.ezgrader")))

        // Cleo's last page fed twice: the extra one stands where Dev's page 1 should be.
        try runCommand("/usr/bin/qpdf", ["--empty", "--pages"] + Array(files[0..<2]) + [files[2], "1-4,4"] + Array(files[3...]) + ["--", folder.file("doubled.pdf")])
        let doubled = try run(folder, "new", "exam", "--pages-per-student", "4", "doubled.pdf")
        #expect(doubled.status == 1)
        #expect(doubled.error.contains("copy 4 page 1 (doubled.pdf page 13) looks like page 4"), "\(doubled.error)")
        #expect(doubled.error.contains(": copy 3's page 4 was fed twice (doubled.pdf page 13 is the extra one)"), "\(doubled.error)")

        try runCommand("/usr/bin/qpdf", ["--empty", "--pages"] + files + ["--", folder.file("whole.pdf")])
        let created = try run(folder, "new", "exam", "--pages-per-student", "4", "whole.pdf", "--json")
        #expect(created.status == 0, "\(created.error)")
        #expect(created.output.contains("\"students\" : 8,") && created.output.contains("\"completeCopies\" : 8,")
                && created.output.contains("\"problems\" : [\n\n  ]"), "\(created.output)")
    }

    /// Two pages of one copy fed the wrong way round: the split goes ahead (nothing after them is
    /// out of step) and lists both for a look, and `status` and `info` still list them later.
    @Test func aSplitsDoubtsAreListedByStatusAndInfo() throws {
        let folder = TemporaryFolder()
        // The last copy's pages 2 and 3 swapped (the first copies make each position's reference).
        let files = try TestClass.scanned(["Ann", "Ben", "Cleo", "Dev", "Eva"], pages: 4, in: folder)
        try runCommand("/usr/bin/qpdf", ["--empty", "--pages"] + files.dropLast() + [files[4], "1,3,2,4", "--", folder.file("stack.pdf")])
        let created = try run(folder, "new", "exam", "--pages-per-student", "4", "stack.pdf")
        #expect(created.status == 0, "\(created.error)")
        let doubts = created.output.split(separator: "\n").filter { $0.contains("check: ") }.map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(doubts.count == 2 && doubts[0].hasPrefix("check: copy 5 page 2 (stack.pdf page 18) looks like page 3")
                && doubts[1].hasPrefix("check: copy 5 page 3 (stack.pdf page 19) looks like page 2"), "\(created.output)")
        let status = try run(folder, "status", "exam").output
        #expect(status.hasSuffix(doubts.map { "  " + $0 + "\n" }.joined()), "\(status)")
        let info = try run(folder, "info", "exam").output
        #expect(doubts.allSatisfy { info.contains("  " + $0 + "\n") }, "\(info)")
        let json = try run(folder, "status", "exam", "--json").output
        #expect(json.contains("\"kind\" : \"check\"") && json.contains("\"copy\" : 5,\n        \"copyPage\" : 2,\n        \"file\" : \"stack.pdf\""), "\(json)")
    }

    /// Clean stacks of 12 and 40 copies × 4 pages, fed in order, are split without a doubt.
    @Test(arguments: [12, 40]) func aCleanStackSplitsEveryFourPages(copies: Int) throws {
        let folder = TemporaryFolder()
        let files = try TestClass.scanned((1...copies).map { "S\($0)" }, pages: 4, in: folder)
        try runCommand("/usr/bin/qpdf", ["--empty", "--pages"] + files + ["--", folder.file("stack.pdf")])
        let created = try run(folder, "new", "exam", "--pages-per-student", "4", "stack.pdf", "--json")
        #expect(created.status == 0, "\(created.error)")
        #expect(created.output.contains("\"students\" : \(copies),") && created.output.contains("\"completeCopies\" : \(copies),")
                && created.output.contains("\"problems\" : [\n\n  ]"), "\(created.output)")
    }

    @Test func bulkRefusesTheOptionsItCannotHonour() throws {
        let folder = TemporaryFolder()
        FileManager.default.createFile(atPath: folder.file("batch.pdf"), contents: Data("%PDF-1.4".utf8))
        let master = try run(folder, "new", "exam", "--pages-per-student", "2", "batch.pdf", "--master", "blank.pdf")
        #expect(master.status == 1)
        #expect(master.error == "error: --master does not work with --pages-per-student: its copies are aligned to the first complete copy. "
            + "Leave out --master (with --bulk, give it the exam as it went to ezgrader prepare).\n")
        let password = try run(folder, "new", "exam", "--pages-per-student", "2", "batch.pdf", "--password", "secret")
        #expect(password.status == 1)
        #expect(password.error == "error: --password does not work with --bulk or --pages-per-student: bulk scans are read without a password. "
            + "Decrypt them first (qpdf --decrypt --password=… locked.pdf open.pdf) and leave out --password.\n")
        #expect(!FileManager.default.fileExists(atPath: folder.file("exam.ezgrader")))
    }
}
