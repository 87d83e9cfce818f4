import Foundation

/// Writes a scanned booklet: one full-page grey JPEG per page, embedded unchanged.
enum ScannedBookletWriter {
    /// Renders and embeds `pageCount` pages; see `ScanFactory.writeScannedBooklet`.
    static func write(to url: URL, studentName: String, studentNumber: Int, pageCount: Int,
                      style: ScanStyle, seed: UInt64) throws {
        let context = "writing scanned booklet \(url.path)"
        try validate(pageCount: pageCount, style: style, context: context)
        var studentRNG = SplitMix64(seed: seed, UInt64(bitPattern: Int64(studentNumber)), 0x4A4D)
        let hand = Handwriting(rng: &studentRNG)
        let L = ExamLayout.self

        try CairoPDF.write(to: url, width: L.pageWidth, height: L.pageHeight,
                           title: "Exam booklet — \(studentName)") { cr, _ in
            for page in 1...pageCount {
                let pageContext = "\(context), page \(page)"
                let rendered = try ScanPageRenderer.render(
                    page: page, studentName: studentName, studentNumber: studentNumber, hand: hand,
                    style: style, seed: seed, context: pageContext)
                try JPEGPagePainter.paintPage(
                    rendered.jpeg, pixelWidth: rendered.width, pixelHeight: rendered.height,
                    pageWidth: L.pageWidth, pageHeight: L.pageHeight, on: cr, context: pageContext)
            }
        }
    }

    private static func validate(pageCount: Int, style: ScanStyle, context: String) throws {
        func fail(_ reason: String) -> ScanFactoryError { ScanFactoryError(context: context, reason: reason) }
        guard pageCount >= 1 else { throw fail("page count must be at least 1, got \(pageCount)") }
        guard style.dpi.isFinite, (10...1200).contains(style.dpi) else {
            throw fail("dpi must be between 10 and 1200, got \(style.dpi)")
        }
        guard (1...100).contains(style.jpegQuality) else {
            throw fail("JPEG quality must be between 1 and 100, got \(style.jpegQuality)")
        }
        guard style.maxSkewDegrees.isFinite, style.maxOffsetPoints.isFinite, style.noise.isFinite else {
            throw fail("skew, offset and noise must be finite numbers")
        }
    }
}
