internal import CCairo
import Foundation

/// Renders one scanned exam page to a grey JPEG: printed exam, handwriting, copier skew and noise.
enum ScanPageRenderer {
    /// One page's JPEG and its pixel size.
    struct RenderedPage {
        var jpeg: [UInt8]
        var width: Int
        var height: Int
    }

    /// Pixel size of a US-Letter page at `dpi`.
    static func pixelSize(dpi: Double) -> (width: Int, height: Int) {
        (Int((ExamLayout.pageWidth / 72 * dpi).rounded()), Int((ExamLayout.pageHeight / 72 * dpi).rounded()))
    }

    /// Renders `page` of a student's booklet; `hand` is the student's handwriting.
    static func render(
        page: Int, studentName: String, studentNumber: Int, hand: Handwriting,
        style: ScanStyle, seed: UInt64, context: String
    ) throws -> RenderedPage {
        let (width, height) = pixelSize(dpi: style.dpi)
        var rng = SplitMix64(seed: seed, UInt64(bitPattern: Int64(studentNumber)), UInt64(page), 0x5CA7)
        let skew = rng.symmetric(style.maxSkewDegrees) * .pi / 180
        let offset = (rng.symmetric(style.maxOffsetPoints), rng.symmetric(style.maxOffsetPoints))
        var noiseRNG = SplitMix64(seed: rng.next())

        let jpeg = try InkCanvas.render(
            width: width, height: height, pointsToPixels: style.dpi / 72, context: context,
            draw: { cr in
                let L = ExamLayout.self
                cairo_save(cr)
                cairo_translate(cr, L.pageWidth / 2 + offset.0, L.pageHeight / 2 + offset.1)
                cairo_rotate(cr, skew)
                cairo_translate(cr, -L.pageWidth / 2, -L.pageHeight / 2)
                paintSheetEdge(cr, noise: style.noise)

                let printer = PrintedExamPainter(mode: .coverage, ruled: true)
                let spaces = printer.paint(cr, page: page, footer: "Exam booklet — page \(page)")
                if page == 1 {
                    hand.writeText(cr, studentName, x: PrintedExamPainter.nameLineStart + 8,
                                   baseline: PrintedExamPainter.nameBaseline - 1, size: 17, rng: &rng)
                    hand.writeText(cr, "S\(1000 + studentNumber)", x: PrintedExamPainter.numberLineStart + 10,
                                   baseline: PrintedExamPainter.nameBaseline - 1, size: 15, rng: &rng)
                }
                for space in spaces {
                    HandwrittenAnswers.write(cr, in: space, hand: hand, rng: &rng)
                }
                cairo_restore(cr)
                paintDust(cr, noise: style.noise, rng: &rng)
            },
            develop: { pixels, stride in
                PaperNoise.develop(pixels, width: width, height: height, stride: stride,
                                   noise: style.noise, rng: &noiseRNG)
                return try GrayJPEGEncoder.encode(
                    UnsafeBufferPointer(pixels), width: width, height: height, pitch: stride,
                    quality: style.jpegQuality)
            })
        return RenderedPage(jpeg: jpeg, width: width, height: height)
    }

    /// Shades the scanner bed outside the (skewed) sheet and draws the sheet's faint edge.
    private static func paintSheetEdge(_ cr: OpaquePointer, noise: Double) {
        let L = ExamLayout.self
        cairo_save(cr)
        cairo_set_fill_rule(cr, CAIRO_FILL_RULE_EVEN_ODD)
        cairo_rectangle(cr, -100, -100, L.pageWidth + 200, L.pageHeight + 200)
        cairo_rectangle(cr, 0, 0, L.pageWidth, L.pageHeight)
        cairo_set_source_rgba(cr, 0, 0, 0, 0.05 + 0.15 * noise)
        cairo_fill(cr)
        cairo_rectangle(cr, 0.5, 0.5, L.pageWidth - 1, L.pageHeight - 1)
        cairo_set_line_width(cr, 1)
        cairo_set_source_rgba(cr, 0, 0, 0, 0.1 + 0.3 * noise)
        cairo_stroke(cr)
        cairo_restore(cr)
    }

    /// Specks of dust on the scanner glass (not skewed with the sheet), more with more noise.
    private static func paintDust(_ cr: OpaquePointer, noise: Double, rng: inout SplitMix64) {
        let L = ExamLayout.self
        let specks = Int((noise * 40).rounded())
        for _ in 0..<specks {
            cairo_arc(cr, rng.uniform(0, L.pageWidth), rng.uniform(0, L.pageHeight),
                      rng.uniform(0.25, 0.9), 0, 2 * .pi)
            cairo_set_source_rgba(cr, 0, 0, 0, rng.uniform(0.2, 0.6))
            cairo_fill(cr)
        }
        if rng.chance(noise * 0.6) {  // a faint streak from a dirty copier glass
            let x = rng.uniform(L.pageWidth * 0.1, L.pageWidth * 0.9)
            cairo_rectangle(cr, x, 0, rng.uniform(0.4, 1.2), L.pageHeight)
            cairo_set_source_rgba(cr, 0, 0, 0, rng.uniform(0.04, 0.1))
            cairo_fill(cr)
        }
    }
}
