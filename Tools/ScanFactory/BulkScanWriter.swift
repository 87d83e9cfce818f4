internal import CCairo
import Foundation
import GraderCore
import GraderPDF

/// One sheet fed through the scanner of a bulk scan.
public enum BulkSheet: Sendable, Equatable {
    /// A page of the printed PDF (0-based), possibly upside down, possibly with an ink blot over
    /// the square whose top-left corner is `smudge` (points on the printed page).
    case printed(pageIndex: Int, upsideDown: Bool = false, smudge: PagePoint? = nil)
    /// A page of the printed PDF (0-based) a student answered: each bubble of `diameter` points
    /// centred at a point of `filled` (points on the printed page) filled in pencil.
    case answered(pageIndex: Int, filled: [PagePoint], diameter: Double)
    /// A page of the printed PDF (0-based) a student wrote on: lines of their handwriting in the
    /// answer frames of `examPage` of the marked exam (`MarkedExamWriter.answerFrames`), possibly upside down.
    case written(pageIndex: Int, examPage: Int, student: Int, upsideDown: Bool = false)
    /// An empty duplex back.
    case blank
    /// The blank back of a printed page (0-based) whose print shows through the paper: mirrored and faint.
    case showThrough(pageIndex: Int)
}

/// "Scans" printed pages: each sheet is rendered from the printed PDF, laid on the scanner bed
/// with a small random skew and offset (turned over when upside down), developed into grainy grey
/// paper and embedded as one grey JPEG per page, as a copier's bulk scan would be.
enum BulkScanWriter {
    static func write(printed path: String, sheets: [BulkSheet], to url: URL, style: ScanStyle, seed: UInt64) throws {
        let context = "writing bulk scan \(url.path)"
        let document = try PDFDocument(path: path)
        let L = ExamLayout.self
        let (width, height) = ScanPageRenderer.pixelSize(dpi: style.dpi)
        try CairoPDF.write(to: url, width: L.pageWidth, height: L.pageHeight, title: "Bulk scan") { cr, _ in
            for (number, sheet) in sheets.enumerated() {
                var rng = SplitMix64(seed: seed, UInt64(number), 0xB0CC)
                let (skewDegrees, offset, scale) = placement(&rng, style: style)
                let skew = skewDegrees * .pi / 180
                var noiseRNG = SplitMix64(seed: rng.next())
                var printed: (coverage: [UInt8], width: Int, stride: Int)?
                var turn = 0.0, smudge: PagePoint?, mirrored = false, pencil: (filled: [PagePoint], diameter: Double)?
                var writing: (frames: [PageRect], hand: Handwriting)?
                switch sheet {
                case .printed(let index, let upsideDown, let blot):
                    printed = try coverage(of: document.page(at: index), dpi: style.dpi)
                    turn = upsideDown ? .pi : 0
                    smudge = blot
                case .answered(let index, let filled, let diameter):
                    printed = try coverage(of: document.page(at: index), dpi: style.dpi)
                    pencil = (filled, diameter)
                case .written(let index, let examPage, let student, let upsideDown):
                    printed = try coverage(of: document.page(at: index), dpi: style.dpi)
                    turn = upsideDown ? .pi : 0
                    var studentRNG = SplitMix64(seed: seed, UInt64(student), 0x4A4D)
                    writing = (MarkedExamWriter.answerFrames(page: examPage), Handwriting(rng: &studentRNG))
                case .showThrough(let index):
                    printed = try coverage(of: document.page(at: index), dpi: style.dpi)
                    mirrored = true
                case .blank:
                    break
                }
                let jpeg = try InkCanvas.render(
                    width: width, height: height, pointsToPixels: style.dpi / 72, context: context,
                    draw: { cr in
                        cairo_translate(cr, L.pageWidth / 2 + offset.0, L.pageHeight / 2 + offset.1)
                        cairo_rotate(cr, skew + turn)
                        cairo_scale(cr, scale, scale)
                        // Seen from the back, the front's print is mirrored left to right, and faint.
                        if mirrored { cairo_scale(cr, -1, 1) }
                        cairo_translate(cr, -L.pageWidth / 2, -L.pageHeight / 2)
                        if let printed { try paint(printed, dpi: style.dpi, opacity: mirrored ? 0.22 : 1, on: cr, context: context) }
                        if let smudge { blot(cr, at: smudge, rng: &rng) }
                        for frame in writing?.frames ?? [] {
                            for baseline in stride(from: frame.origin.y + 22, to: frame.origin.y + frame.height - 6, by: 20) {
                                writing!.hand.writeLine(cr, left: frame.origin.x + 10, right: frame.origin.x + frame.width - 10,
                                                        baseline: baseline, rng: &rng)
                            }
                        }
                        for centre in pencil?.filled ?? [] {
                            PencilMarks.paint(cr, .filled(0), row: [centre], width: pencil!.diameter, height: pencil!.diameter, rng: &rng)
                        }
                    },
                    develop: { pixels, stride in
                        PaperNoise.develop(pixels, width: width, height: height, stride: stride, noise: style.noise, rng: &noiseRNG)
                        return try GrayJPEGEncoder.encode(UnsafeBufferPointer(pixels), width: width, height: height, pitch: stride,
                                                          quality: style.jpegQuality)
                    })
                try JPEGPagePainter.paintPage(jpeg, pixelWidth: width, pixelHeight: height, pageWidth: L.pageWidth,
                                              pageHeight: L.pageHeight, on: cr, context: "\(context), sheet \(number + 1)")
            }
        }
    }

    /// Where sheet `number` (0-based) of a bulk scan written with `seed` and `style` lies on the
    /// scanner bed: its skew in degrees (clockwise) about the page centre, then its shift in points, and its scale.
    static func placement(ofSheet number: Int, seed: UInt64, style: ScanStyle) -> (skewDegrees: Double, offset: (Double, Double), scale: Double) {
        var rng = SplitMix64(seed: seed, UInt64(number), 0xB0CC)
        return placement(&rng, style: style)
    }

    private static func placement(_ rng: inout SplitMix64, style: ScanStyle) -> (skewDegrees: Double, offset: (Double, Double), scale: Double) {
        let skew = rng.symmetric(style.maxSkewDegrees)
        let offset = (rng.symmetric(style.maxOffsetPoints), rng.symmetric(style.maxOffsetPoints))
        // Drawn last, and only when asked for: the sheets of full-size styles lie as before.
        return (skew, offset, style.minScale < 1 ? rng.uniform(style.minScale, 1) : 1)
    }

    /// The page rendered at `dpi` as ink coverage (255 − grey), rows `stride` bytes apart, ready for an A8 surface.
    private static func coverage(of page: PDFPage, dpi: Double) throws -> (coverage: [UInt8], width: Int, stride: Int) {
        let bitmap = try page.renderRGB(dpi: dpi)
        let stride = Int(cairo_format_stride_for_width(CAIRO_FORMAT_A8, Int32(bitmap.width)))
        var coverage = [UInt8](repeating: 0, count: stride * bitmap.height)
        let (width, height) = (bitmap.width, bitmap.height)
        // A `while` loop over pointers: debug builds (the tests) run it many times faster than
        // ranges and array subscripts.
        bitmap.rgb.withUnsafeBufferPointer { rgb in
            coverage.withUnsafeMutableBufferPointer { coverage in
                var pixel = rgb.baseAddress!
                var y = 0
                while y < height {
                    let row = coverage.baseAddress! + y * stride
                    var x = 0
                    while x < width {
                        let grey = (Int(pixel[0]) &* 77 &+ Int(pixel[1]) &* 150 &+ Int(pixel[2]) &* 29 &+ 128) &>> 8
                        row[x] = UInt8(truncatingIfNeeded: 255 &- grey)
                        pixel += 3
                        x &+= 1
                    }
                    y &+= 1
                }
            }
        }
        return (coverage, width, stride)
    }

    /// Paints a page's coverage (pixels at `dpi`) over the page in points, at `opacity`.
    private static func paint(_ printed: (coverage: [UInt8], width: Int, stride: Int), dpi: Double, opacity: Double,
                              on cr: OpaquePointer, context: String) throws {
        var pixels = printed.coverage
        try pixels.withUnsafeMutableBufferPointer { buffer in
            guard let image = cairo_image_surface_create_for_data(buffer.baseAddress, CAIRO_FORMAT_A8, Int32(printed.width),
                                                                  Int32(buffer.count / printed.stride), Int32(printed.stride))
            else { throw ScanFactoryError(context: context, reason: "cairo_image_surface_create_for_data returned NULL") }
            defer { cairo_surface_destroy(image) }
            cairo_save(cr)
            cairo_scale(cr, 72 / dpi, 72 / dpi)
            cairo_set_source_surface(cr, image, 0, 0)
            cairo_paint_with_alpha(cr, opacity)
            cairo_restore(cr)
        }
    }

    /// An ink blot hiding most of a 48 pt code whose top-left corner is `at`.
    private static func blot(_ cr: OpaquePointer, at: PagePoint, rng: inout SplitMix64) {
        cairo_save(cr)
        cairo_set_source_rgba(cr, 0, 0, 0, 0.92)
        for _ in 0..<6 {
            cairo_arc(cr, at.x + 24 + rng.symmetric(10), at.y + 24 + rng.symmetric(10), rng.uniform(12, 18), 0, 2 * .pi)
            cairo_fill(cr)
        }
        cairo_restore(cr)
    }
}
