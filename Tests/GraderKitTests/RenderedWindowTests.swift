import Foundation
import GraderAlignment
import GraderKit
import GraderPDF
import ScanFactory
import Testing
import TestSupport

/// A window of a rendered page (an answer region's pixels) is the whole render cut, pixel for
/// pixel: on a scanned page (one JPEG, decoded at a reduced scale and shrunk in the window alone)
/// and on a drawn one (poppler).
@Suite struct RenderedWindowTests {
    @Test func aWindowOfARenderedPageIsTheWholeRenderCut() throws {
        let folder = TemporaryFolder()
        let scan = folder.file("scan.pdf"), drawn = folder.file("blank.pdf")
        try AnswerSheetScan.writePage(to: URL(fileURLWithPath: scan), AnswerSheetScan.Answers(number: "42", word: "Paris", letter: "C", derivation: true), student: 3)
        try AnswerSheetScan.writeBlank(to: URL(fileURLWithPath: drawn))
        let windows = [PixelWindow(x: 0, y: 0, width: 918, height: 1188), PixelWindow(x: 91, y: 303, width: 420, height: 97),
                       PixelWindow(x: 850, y: 1100, width: 200, height: 200), PixelWindow(x: 1, y: 777, width: 1, height: 1)]
        for path in [scan, drawn] {
            let page = try PDFDocument(path: path).page(at: 0)
            let whole = try GrayImage(rendering: page, pixelsPerPoint: 1.5)
            let size = GrayImage.renderedSize(of: page, pixelsPerPoint: 1.5)
            #expect(size.width == whole.width && size.height == whole.height)
            for window in windows {
                #expect(try GrayImage(rendering: page, pixelsPerPoint: 1.5, keeping: window) == whole.cropped(to: window), "\(path), \(window)")
            }
        }
    }
}
