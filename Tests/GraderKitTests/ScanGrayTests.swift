import Foundation
import GraderAlignment
import GraderBubbles
import GraderKit
@testable import GraderPDF
import ScanFactory
import TestSupport
import Testing

/// Scanned pages are read for alignment and bubbles straight from their JPEG at a reduced scale;
/// what comes out must look like poppler's render of the same page, and only scanned pages take
/// that path.
@Suite struct ScanGrayTests {
    @Test func aScannedPageIsDecodedFromItsJPEGAndLooksLikePopplersRender() throws {
        let folder = TemporaryFolder()
        let page = try scannedPage(in: folder, dpi: 150, quality: 70, seed: 7)
        // 150 dpi is 1275 pixels wide: 1/4 of it (319) is the smallest scale at least 306 wide.
        let scan = try #require(page.scanGray(minimumWidth: 306))
        #expect((scan.width, scan.height) == (319, 413))
        let fast = try GrayImage(rendering: page, pixelsPerPoint: 0.5)
        #expect((fast.width, fast.height) == (306, 396))
        let poppler = try page.renderRGB(dpi: 36)
        var difference = 0, ink = (fast: 0, poppler: 0)
        for index in 0..<(306 * 396) {
            let grey = (Int(poppler.rgb[3 * index]) * 77 + Int(poppler.rgb[3 * index + 1]) * 150 + Int(poppler.rgb[3 * index + 2]) * 29 + 128) >> 8
            difference += abs(grey - Int(fast.bytes[index]))
            ink.poppler += 255 - grey
            ink.fast += 255 - Int(fast.bytes[index])
        }
        // The same page: on average within a few grey levels, the same amount of ink within 5 %.
        #expect(Double(difference) / Double(306 * 396) < 6, "mean difference \(Double(difference) / Double(306 * 396))")
        #expect(abs(ink.fast - ink.poppler) * 100 < 5 * ink.poppler, "\(ink)")
    }

    @Test func aPageThatIsNotOneScannedJPEGIsLeftToPoppler() throws {
        let folder = TemporaryFolder()
        let drawn = folder.file("drawn.pdf")
        let content = "0 0 m 300 300 l S"
        try HostilePDF.write([
            "<< /Type /Catalog /Pages 2 0 R >>",
            "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
            "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R >>",
            "<< /Length \(content.utf8.count) >>\nstream\n\(content)\nendstream",
        ], to: drawn)
        #expect(try PDFDocument(path: drawn).page(at: 0).scanGray(minimumWidth: 306) == nil)
        #expect(try PDFDocument(path: drawn).page(at: 0).scanCanvas(pixelWidth: 600, upsideDown: false) == nil)
        // A scanned page turned by /Rotate is drawn by poppler too.
        let turned = folder.file("turned.pdf")
        try TestClass.scanned(["turned"], pages: 1, in: folder)
        try qpdf(folder.file("turned.pdf"), "--rotate=+90", "--replace-input")
        #expect(try PDFDocument(path: turned).page(at: 0).scanGray(minimumWidth: 100) == nil)
        #expect(try PDFDocument(path: folder.file("turned.pdf")).page(at: 0).size.width == 792)
    }

    /// A grading view's page image of a scan comes from its JPEG decoded at a reduced scale: the
    /// same picture as poppler's, upright or turned, at the same size.
    @Test func aScannedPagesViewImageIsDecodedFromItsJPEGAndLooksLikePopplersRender() throws {
        let folder = TemporaryFolder()
        let page = try scannedPage(in: folder, dpi: 200, quality: 75, seed: 11)
        for upsideDown in [false, true] {
            let fast = try #require(try page.scanCanvas(pixelWidth: 600, upsideDown: upsideDown))
            let poppler = try page.renderedCanvas(dpi: 600 / page.size.width * 72, for: folder.file("Anna.pdf"), upsideDown: upsideDown)
            #expect((fast.width, fast.height) == (poppler.width, poppler.height))
            let (fastPixels, popplerPixels) = (try rgb(fast), try rgb(poppler))
            let difference = zip(fastPixels, popplerPixels).reduce(0) { $0 + abs(Int($1.0) - Int($1.1)) }
            let ink = popplerPixels.reduce(0) { $0 + 255 - Int($1) }
            let mean = Double(difference) / Double(3 * fast.width * fast.height)
            // The same picture: within a few levels on average (the scan is printed text and handwriting, so ink is plenty).
            #expect(mean < 6, "mean difference \(mean), upside down: \(upsideDown)")
            #expect(Double(ink) / Double(3 * fast.width * fast.height) > 5, "the page has ink to compare")
        }
    }

    /// Page 1 of Anna's booklet scanned at `dpi` (a JPEG of `quality` over the whole page), written in `folder`.
    private func scannedPage(in folder: TemporaryFolder, dpi: Double, quality: Int, seed: UInt64) throws -> PDFPage {
        let path = folder.file("Anna.pdf")
        try ScanFactory.writeScannedBooklet(to: URL(fileURLWithPath: path), studentName: "Anna", studentNumber: 1, pageCount: 1,
                                            style: ScanStyle(dpi: dpi, jpegQuality: quality, maxSkewDegrees: 1, maxOffsetPoints: 6, noise: 0.2),
                                            seed: seed)
        return try PDFDocument(path: path).page(at: 0)
    }

    /// The canvas's pixels as R, G, B bytes, row by row.
    private func rgb(_ canvas: CairoCanvas) throws -> [UInt8] {
        try #require(try canvas.withPixels { base, stride in
            var bytes: [UInt8] = []
            bytes.reserveCapacity(3 * canvas.width * canvas.height)
            for y in 0..<canvas.height {
                for x in 0..<canvas.width { for channel in 0..<3 { bytes.append(base[y * stride + 4 * x + channel]) } }
            }
            return bytes
        })
    }
}
