import Foundation
import GraderCore
@testable import GraderKit
import ScanFactory
import Testing
import TestSupport

/// A bulk copy's code, printed at a known size, says how much the copier reduced its page
/// (`BulkScanReader.printScale`): what a copy taken as the reference allows the others.
@Suite struct PrintScaleTests {
    @Test(arguments: [100.0, 200.0])
    func theCodesSideGivesThePagesReductionWithinOnePointFivePercent(dpi: Double) throws {
        let folder = TemporaryFolder()
        try ScanFactory.writeMarkedExam(to: URL(fileURLWithPath: folder.file("exam.pdf")), pageCount: 1)
        _ = try ExamPreparation.prepare(exams: [folder.file("exam.pdf")], copies: 6, rosterPath: nil, codeAt: nil, examID: "SCALE",
                                        to: folder.file("print.pdf"))
        let style = ScanStyle(dpi: dpi, jpegQuality: 70, maxSkewDegrees: 2, maxOffsetPoints: 14, noise: 0.3, minScale: 0.9)
        // The fourth sheet fed upside down: its code is at the bottom of the scan.
        let sheets = (0..<6).map { BulkSheet.printed(pageIndex: $0, upsideDown: $0 == 3) }
        try ScanFactory.writeBulkScan(of: folder.file("print.pdf"), sheets: sheets, to: URL(fileURLWithPath: folder.file("scan.pdf")),
                                      style: style, seed: 77)
        for sheet in sheets.indices {
            let (a, b) = (PagePoint(x: 100, y: 100), PagePoint(x: 500, y: 700))
            let (pa, pb) = (ScanFactory.bulkSheetPlacement(a, sheet: sheet, upsideDown: sheet == 3, seed: 77, style: style),
                            ScanFactory.bulkSheetPlacement(b, sheet: sheet, upsideDown: sheet == 3, seed: 77, style: style))
            let truth = hypot(pb.x - pa.x, pb.y - pa.y) / hypot(b.x - a.x, b.y - a.y)
            let measured = try #require(BulkScanReader.printScale(ofPage: sheet, in: folder.file("scan.pdf")), "sheet \(sheet + 1): no code read")
            #expect(abs(measured - truth) <= 0.015, "sheet \(sheet + 1): measured \(measured), printed at \(truth)")
        }
        // The exam as printed: no code, no scale.
        #expect(BulkScanReader.printScale(ofPage: 0, in: folder.file("exam.pdf")) == nil)
    }
}
