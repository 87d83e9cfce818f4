import Foundation
import GraderCore
import GraderPDF
import Testing
import TestSupport

extension ExportLayerTests {
    /// The PNG preview a grader looks at: the scan, the marks in place, and a grid to read positions off.
    @Suite struct PagePreviewTests {
        @Test func previewShowsTheBoxInRedWhereItWasPlaced() throws {
            let folder = TemporaryFolder()
            let source = try TestClass.scanned(["Anna"], pages: 2, in: folder)[0]
            let frame = PageRect(origin: PagePoint(x: 330, y: 420), width: 90, height: 30)
            let png = folder.file("preview.png")
            try PagePreview.writePNG(
                of: PDFDocument(path: source), pageIndex: 1, marks: [.gradeBox(frame: frame, text: "2 / 4", graded: true)],
                dpi: 72, grid: nil, to: png)
            let image = try PageBitmap(pngAt: png, dpi: 72)
            #expect(image.width == 612 && image.height == 792)
            let borderRed = (Int(frame.origin.y) + 2..<Int(frame.origin.y + frame.height) - 2)
                .filter { image[Int(frame.origin.x), $0].isClose(to: .red) }.count
            #expect(borderRed > 20, "the left border is red")
            #expect(image[PagePoint(x: frame.origin.x + 5, y: frame.origin.y + 5)] == RGBColor(red: 255, green: 255, blue: 255),
                    "the box is filled white over the scan")
            #expect(image[PagePoint(x: frame.origin.x - 3, y: frame.origin.y + 15)].isClose(to: .red) == false,
                    "nothing red just outside the frame")
            #expect(folder.fileNames.filter { $0.contains("partial") }.isEmpty)
        }

        @Test func pageThatDoesNotExistIsReported() throws {
            let folder = TemporaryFolder()
            let source = try TestClass.scanned(["Anna"], pages: 2, in: folder)[0]
            let png = folder.file("preview.png")
            #expect(throws: PDFError.noSuchPage(path: source, page: 3, pageCount: 2)) {
                try PagePreview.writePNG(of: PDFDocument(path: source), pageIndex: 2, marks: [], dpi: 72, grid: nil, to: png)
            }
            #expect(PDFError.noSuchPage(path: "Anna.pdf", page: 3, pageCount: 2).localizedDescription
                == "'Anna.pdf' has no page 3: it has 2 pages, so give a page from 1 to 2.")
            #expect(!FileManager.default.fileExists(atPath: png))
        }

        @Test func gridLinesAndLabelsShowPoints() throws {
            let folder = TemporaryFolder()
            let source = try LayerFixtures.sourcePDF(LayerFixtures.geometries[0], in: folder)
            let plain = folder.file("plain.png"), gridded = folder.file("grid.png")
            let document = try PDFDocument(path: source)
            try PagePreview.writePNG(of: document, pageIndex: 0, marks: [], dpi: 72, grid: nil, to: plain)
            try PagePreview.writePNG(of: document, pageIndex: 0, marks: [], dpi: 72, grid: PagePreview.Grid(referenceSize: try document.page(at: 0).size), to: gridded)
            let before = try PageBitmap(pngAt: plain, dpi: 72), after = try PageBitmap(pngAt: gridded, dpi: 72)
            let blueish = { (color: RGBColor) in Int(color.blue) - Int(color.red) > 30 }
            #expect(!blueish(before[400, 250]) && blueish(after[400, 250]), "a darker line at x = 400 pt")
            #expect(blueish(after[450, 260]), "a light line at x = 450 pt")
            #expect(blueish(after[520, 300]), "a line at y = 300 pt")
            #expect(!blueish(after[425, 275]), "nothing between lines")
            let topLabel = (401..<430).flatMap { x in (1..<14).map { after[x, $0] } }.filter { Int($0.red) < 120 }.count
            #expect(topLabel > 10, "the label 400 along the top edge")
        }
    }
}
