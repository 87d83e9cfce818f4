internal import CCairo
import Foundation

/// Writes a scanned booklet whose every page is misplaced exactly as told (`CopierPlacement`), so
/// tests know where each printed spot landed.
enum TruthBookletWriter {
    /// See `ScanFactory.writeTruthBooklet`.
    static func write(to url: URL, studentName: String?, studentNumber: Int, placements: [CopierPlacement],
                      dpi: Double, seed: UInt64, textRendering: TextRendering) throws {
        let context = "writing scanned booklet \(url.path)"
        guard let first = placements.first else { throw ScanFactoryError(context: context, reason: "a booklet needs at least one page") }
        var studentRNG = SplitMix64(seed: seed, UInt64(bitPattern: Int64(studentNumber)), 0x4A4D)
        let hand = Handwriting(rng: &studentRNG)
        try CairoPDF.write(to: url, width: first.paperWidth, height: first.paperHeight, title: "Exam booklet — \(studentName ?? "master")") { cr, surface in
            for (index, placement) in placements.enumerated() {
                let page = index + 1, pageContext = "\(context), page \(page)"
                cairo_pdf_surface_set_size(surface, placement.paperWidth, placement.paperHeight)
                let width = Int((placement.paperWidth / 72 * dpi).rounded()), height = Int((placement.paperHeight / 72 * dpi).rounded())
                var rng = SplitMix64(seed: seed, UInt64(bitPattern: Int64(studentNumber)), UInt64(page), 0x7247)
                var noiseRNG = SplitMix64(seed: rng.next())
                let jpeg = try InkCanvas.render(
                    width: width, height: height, pointsToPixels: dpi / 72, context: pageContext,
                    draw: { cr in
                        CairoText.render(cr, with: textRendering)
                        if placement.upsideDown {
                            cairo_translate(cr, placement.paperWidth, placement.paperHeight)
                            cairo_rotate(cr, .pi)
                        }
                        let (cx, cy) = (ExamLayout.pageWidth / 2, ExamLayout.pageHeight / 2)
                        cairo_translate(cr, cx + placement.dx, cy + placement.dy)
                        cairo_rotate(cr, placement.rotationDegrees * .pi / 180)
                        cairo_scale(cr, placement.scale, placement.scale)
                        cairo_translate(cr, -cx, -cy)
                        switch placement.content {
                        case .exam, .examPage:
                            let printed = if case .examPage(let other) = placement.content { other } else { page }
                            let painter = PrintedExamPainter(mode: .coverage, ruled: placement.printing == .full, sparse: placement.printing == .sparse)
                            let spaces = painter.paint(cr, page: printed, footer: "Exam booklet — page \(printed)")
                            guard let studentName else { return }
                            if printed == 1 {
                                hand.writeText(cr, studentName, x: PrintedExamPainter.nameLineStart + 8,
                                               baseline: PrintedExamPainter.nameBaseline - 1, size: 17, rng: &rng)
                            }
                            for space in spaces { HandwrittenAnswers.write(cr, in: space, hand: hand, rng: &rng) }
                            if placement.writing == .crowded { HandwrittenAnswers.crowd(cr, hand: hand, rng: &rng) }
                        case .foreign:
                            paintForeignPage(cr)
                        case .blank:
                            break
                        }
                    },
                    develop: { pixels, stride in
                        PaperNoise.develop(pixels, width: width, height: height, stride: stride, noise: 0.35, rng: &noiseRNG)
                        return try GrayJPEGEncoder.encode(UnsafeBufferPointer(pixels), width: width, height: height, pitch: stride, quality: 70)
                    })
                try JPEGPagePainter.paintPage(jpeg, pixelWidth: width, pixelHeight: height,
                                              pageWidth: placement.paperWidth, pageHeight: placement.paperHeight, on: cr, context: pageContext)
            }
        }
    }

    /// A page of another document: a titled form of labelled boxes, nowhere near the exam's layout.
    private static func paintForeignPage(_ cr: OpaquePointer) {
        cairo_set_source_rgba(cr, 0, 0, 0, 0.9)
        CairoText.setFont(cr, size: 16, bold: true)
        CairoText.show(cr, "Laboratory safety checklist", x: 120, y: 150)
        CairoText.setFont(cr, size: 10)
        for row in 0..<9 {
            for column in 0..<2 {
                let (x, y) = (90 + Double(column) * 230, 200 + Double(row) * 58)
                cairo_set_line_width(cr, 1.5)
                cairo_rectangle(cr, x, y, 24, 24)
                cairo_stroke(cr)
                CairoText.show(cr, "Item \(row * 2 + column + 1): goggles, gloves, coat", x: x + 32, y: y + 16)
            }
        }
    }
}
