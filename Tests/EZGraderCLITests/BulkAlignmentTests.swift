import Foundation
import GraderCore
import GraderPDF
import ScanFactory
import Testing
import TestSupport

/// Bulk copies aligned like any other page: `new --bulk --master` aligns every page of every
/// copy to the exam as it went to `prepare` (without `--master`, to the first complete copy),
/// `status` says so, and a box typed on a printed frame of the exam lands on that frame of every
/// copy as scanned — skewed, shifted by 5 mm, one page upside down — within 4 pt.
@Suite struct BulkAlignmentTests {
    private static let style = ScanStyle(dpi: 100, jpegQuality: 70, maxSkewDegrees: 2, maxOffsetPoints: 14, noise: 0.3)
    /// The sheets fed: three copies of two pages, copy 2's first page upside down.
    private static let sheets: [(copy: Int, page: Int, upsideDown: Bool)] = [(1, 1, false), (1, 2, false), (2, 1, true), (2, 2, false),
                                                                            (3, 1, false), (3, 2, false)]
    /// The top-left corner of the first answer frame on page 1 of the marked exam.
    private static let frame = PagePoint(x: 72, y: 130)

    @Test func everyPageOfEveryCopyIsAlignedAndItsBoxesSitOnThePrintedFrames() throws {
        let folder = TemporaryFolder()
        try ScanFactory.writeMarkedExam(to: URL(fileURLWithPath: folder.file("exam.pdf")), pageCount: 2)
        try run(folder, "prepare", "exam.pdf", "--copies", "3", "--exam-id", "T32", "-o", "print.pdf")
        try ScanFactory.writeBulkScan(of: folder.file("print.pdf"),
                                      sheets: Self.sheets.map { .printed(pageIndex: ($0.copy - 1) * 2 + $0.page - 1, upsideDown: $0.upsideDown) },
                                      to: URL(fileURLWithPath: folder.file("scan.pdf")), style: Self.style, seed: 32)

        let created = try run(folder, "new", "exam", "--bulk", "scan.pdf", "--master", "exam.pdf")
        #expect(created.status == 0, "\(created.error)")
        let status = try run(folder, "status", "exam").output
        #expect(status.contains("\nPages aligned to the reference: 6 of 6 (lowest match "), "\(status)")

        let added = try run(folder, "question", "add", "exam", "--page", "1", "--at", "\(Self.frame.x),\(Self.frame.y)", "--max", "4")
        #expect(added.status == 0, "\(added.error)")
        for (index, sheet) in Self.sheets.enumerated() where sheet.page == 1 {
            let png = folder.file("copy-\(sheet.copy).png")
            let preview = try run(folder, "preview", "exam", "--student", "Copy \(sheet.copy)", "--page", "1", "--dpi", "144", "-o", png)
            #expect(preview.status == 0, "\(preview.error)")
            let truth = ScanFactory.bulkSheetPlacement(Self.frame, sheet: index, upsideDown: sheet.upsideDown, seed: 32, style: Self.style)
            let bitmap = try PageBitmap(pngAt: png, dpi: 144)
            let corner = try #require(bitmap.redBoxCorner(near: truth), "copy \(sheet.copy): no box near the printed frame")
            #expect(hypot(corner.x - truth.x, corner.y - truth.y) <= 4, "copy \(sheet.copy): box at \(corner), frame at \(truth)")
        }

        // Without the exam, the first complete copy is the reference: every page is still aligned.
        let again = try run(folder, "new", "again", "--bulk", "scan.pdf")
        #expect(again.status == 0, "\(again.error)")
        #expect(try run(folder, "status", "again").output.contains("\nPages aligned to the reference: 6 of 6 (lowest match "))
    }
}
