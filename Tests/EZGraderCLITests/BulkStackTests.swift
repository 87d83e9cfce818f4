import Foundation
import GraderCodes
import GraderCore
import GraderPDF
import ScanFactory
import Testing
import TestSupport

/// A small prepared class scanned in bulk with a copier's worse accidents: blank backs showing the
/// front's code through the paper (fed before their front), a missing page; the typed JSON of the
/// bulk commands, the held-back pages in status and info, and undo of add-scans.
@Suite struct BulkStackTests {
    private static let style = ScanStyle(dpi: 150, jpegQuality: 70, maxSkewDegrees: 1.0, maxOffsetPoints: 6, noise: 0.3)

    @Test func aShowThroughBackIsBlankAndItsFrontIsKept() throws {
        let folder = TemporaryFolder()
        try ScanFactory.writeMarkedExam(to: URL(fileURLWithPath: folder.file("exam.pdf")), pageCount: 2)
        try run(folder, "prepare", "exam.pdf", "--copies", "3", "--exam-id", "SHOW", "-o", "print.pdf")
        // Every front fed back first: the blank back shows the front's code mirrored and faint.
        let sheets: [BulkSheet] = (0..<6).flatMap { [BulkSheet.showThrough(pageIndex: $0), .printed(pageIndex: $0)] }
        try ScanFactory.writeBulkScan(of: folder.file("print.pdf"), sheets: sheets, to: URL(fileURLWithPath: folder.file("scan.pdf")),
                                      style: Self.style, seed: 32)
        let created = try run(folder, "new", "exam", "--bulk", "scan.pdf")
        #expect(created.output == """
            Created exam.ezgrader: 3 students × 2 pages.
            Exam SHOW: 3 complete copies of 2 pages; 0 of 3 printed copies not scanned.
              blank, skipped: \((0..<6).map { "scan.pdf page \(2 * $0 + 1)" }.joined(separator: ", "))

            """, "\(created.error)")
        // Each copy is made of the fronts: page 2k + 2 of the scan.
        let booklet = PDFObjects.pageImages(folder.file("exam.ezgrader/scans/copy-0002.pdf"))
        let scanned = PDFObjects.pageImages(folder.file("exam.ezgrader/bulk/scan.pdf"))
        #expect(booklet == [scanned[5], scanned[7]])
    }

    /// A symbol seen mirrored (from the back of the paper) or light grey is told apart from a printed one, at any turn.
    @Test func aMirroredOrFaintSymbolIsToldApart() throws {
        let matrix = try QREncoder.matrix(for: "EZG1:SHOW:3/40:1/4:")
        let module = 4, side = 200
        func image(mirrored: Bool, grey: UInt8, turned: Bool) -> [UInt8] {
            var pixels = [UInt8](repeating: 255, count: side * side)
            for row in 0..<matrix.size {
                for column in 0..<matrix.size where matrix[column, row] {
                    var (x, y) = (mirrored ? matrix.size - 1 - column : column, row)
                    if turned { (x, y) = (matrix.size - 1 - x, matrix.size - 1 - y) }
                    for dy in 0..<module { for dx in 0..<module { pixels[(40 + y * module + dy) * side + 40 + x * module + dx] = grey } }
                }
            }
            return pixels
        }
        let reader = CodeReader()
        for turned in [false, true] {
            let printed = reader.read(grey: image(mirrored: false, grey: 20, turned: turned), width: side, height: side)
            #expect(printed.map(\.mirrored) == [false] && printed.allSatisfy { $0.darkLevel < 128 }, "turned \(turned)")
            let back = reader.read(grey: image(mirrored: true, grey: 200, turned: turned), width: side, height: side)
            #expect(back.map(\.mirrored) == [true] && back.allSatisfy { $0.darkLevel >= 128 }, "turned \(turned)")
        }
    }

    @Test func theCodeIsPrintedTenMillimetresFromEveryEdge() throws {
        let folder = TemporaryFolder()
        try ScanFactory.writeVectorPDF(to: URL(fileURLWithPath: folder.file("blank.pdf")), label: "", pageSizes: [(612, 792)])
        try run(folder, "prepare", "blank.pdf", "--copies", "1", "--exam-id", "EDGE", "-o", "print.pdf")
        let bitmap = try PDFDocument(path: folder.file("print.pdf")).page(at: 0).renderRGB(dpi: 72)
        // The code and its text: the ink right of the page's middle and above its first quarter.
        var inked: [(x: Int, y: Int)] = []
        for y in 0..<(bitmap.height / 4) {
            for x in (bitmap.width / 2)..<bitmap.width where bitmap.rgb[3 * (y * bitmap.width + x)] < 128 { inked.append((x, y)) }
        }
        let top = try #require(inked.map(\.y).min()), right = try #require(inked.map(\.x).max())
        #expect(top >= 29 && bitmap.width - 1 - right >= 29, "code's ink from \(top) pt at the top, \(bitmap.width - 1 - right) pt at the right")
    }

    @Test func bulkCommandsGiveTypedJSONHeldBackPagesShowAndUndoTakesAScanAway() throws {
        let folder = TemporaryFolder()
        try ScanFactory.writeMarkedExam(to: URL(fileURLWithPath: folder.file("exam.pdf")), pageCount: 2)
        try run(folder, "prepare", "exam.pdf", "--copies", "3", "--exam-id", "JSON", "-o", "print.pdf")
        // Copy 2's page 2 is missing.
        try ScanFactory.writeBulkScan(of: folder.file("print.pdf"), sheets: [0, 1, 2, 4, 5].map { .printed(pageIndex: $0) },
                                      to: URL(fileURLWithPath: folder.file("scan.pdf")), style: Self.style, seed: 33)
        let created = try run(folder, "new", "exam", "--bulk", "scan.pdf", "--json")
        #expect(created.status == 0, "\(created.error)")
        #expect(created.output == """
            {
              "completeCopies" : 2,
              "heldBackCopies" : 1,
              "pages" : 2,
              "problems" : [
                {
                  "copy" : 2,
                  "copyPage" : 2,
                  "kind" : "missing",
                  "message" : "missing: copy 2 page 2 — scan it and run: ezgrader add-scans exam.ezgrader SCAN.pdf (copy 2 is held back until complete)"
                }
              ],
              "project" : "exam.ezgrader",
              "students" : 2,
              "unscannedCopies" : 0
            }

            """)
        // status and info show what is held back.
        let status = try run(folder, "status", "exam").output
        #expect(status.hasSuffix("Exam JSON: 2 complete copies of 2 pages, 1 held back (pages missing); 0 of 3 printed copies not scanned.\n"
            + "  missing: copy 2 page 2 — scan it and run: ezgrader add-scans exam.ezgrader SCAN.pdf (copy 2 is held back until complete)\n"), "\(status)")
        let info = try run(folder, "info", "exam", "--json").output
        #expect(info.contains("\"heldBackCopies\" : 1"), "\(info)")
        #expect(try run(folder, "status", "exam", "--json").output.contains("\"kind\" : \"missing\""))

        // The missing page added, undone, and added again.
        try ScanFactory.writeBulkScan(of: folder.file("print.pdf"), sheets: [.printed(pageIndex: 3)],
                                      to: URL(fileURLWithPath: folder.file("rescan.pdf")), style: Self.style, seed: 34)
        let added = try run(folder, "add-scans", "exam", "rescan.pdf", "--json")
        #expect(added.output.contains("\"completeCopies\" : 3,") && added.output.contains("\"problems\" : [\n\n  ]"), "\(added.output)\(added.error)")
        // Redo brings the scan and the booklet back; undo takes them away again.
        #expect(try run(folder, "undo", "exam").status == 0)
        #expect(!FileManager.default.fileExists(atPath: folder.file("exam.ezgrader/bulk/rescan.pdf")))
        #expect(try run(folder, "redo", "exam").status == 0)
        #expect(FileManager.default.fileExists(atPath: folder.file("exam.ezgrader/bulk/rescan.pdf")))
        #expect(try run(folder, "status", "exam").output.contains("Exam JSON: 3 complete copies"))
        #expect(try run(folder, "export", "pdf", "exam", "--out", "graded").status == 0)
        #expect(try run(folder, "undo", "exam").status == 0)
        #expect(!FileManager.default.fileExists(atPath: folder.file("exam.ezgrader/bulk/rescan.pdf")))
        #expect(!FileManager.default.fileExists(atPath: folder.file("exam.ezgrader/scans/copy-0002.pdf")))
        let again = try run(folder, "add-scans", "exam", "rescan.pdf")
        #expect(again.status == 0, "\(again.error)")
        #expect(again.output.hasPrefix("Exam JSON: 3 complete copies of 2 pages; 0 of 3 printed copies not scanned.\n"), "\(again.output)")
        #expect(try PDFDocument(path: folder.file("exam.ezgrader/scans/copy-0002.pdf")).pageCount == 2)

        // The exported total keeps clear of the printed code and of a grade box where the total would go.
        #expect(try run(folder, "question", "add", "exam", "--page", "1", "--at", "440,12", "--max", "4", "--label", "Q1").status == 0)
        let exported = try run(folder, "export", "pdf", "exam", "--out", "graded", "--all")
        #expect(exported.status == 0, "\(exported.error)")
        let file = try #require(try FileManager.default.contentsOfDirectory(atPath: folder.file("graded")).filter { $0.hasSuffix(".pdf") }.sorted().first)
        let page = try PDFDocument(path: folder.file("graded/" + file)).page(at: 0).renderRGB(dpi: 72)
        func red(in rect: PageRect) -> Int {
            var count = 0
            for y in max(0, Int(rect.origin.y))..<min(page.height, Int(rect.origin.y + rect.height)) {
                for x in max(0, Int(rect.origin.x))..<min(page.width, Int(rect.origin.x + rect.width)) {
                    let pixel = 3 * (y * page.width + x)
                    if page.rgb[pixel] > 200 && page.rgb[pixel + 1] < 60 && page.rgb[pixel + 2] < 60 { count += 1 }
                }
            }
            return count
        }
        let size = PageSize(width: Double(page.width), height: Double(page.height))
        #expect(red(in: PageRect(origin: PagePoint(x: 0, y: 0), width: size.width, height: size.height)) > 20, "the total is drawn")
        #expect(red(in: PageCodePlacement.keepClear(on: size)) == 0)
        #expect(red(in: PageRect(origin: PagePoint(x: 440, y: 12), width: 64, height: 22)) == 0)
    }
}
