internal import CCairo
import Foundation
import GraderAlignment
import GraderCore

/// Scans of a student-number field: the printed boxes with what a student wrote in each, on
/// grainy paper, the page placed a little off where its alignment says (as a copier leaves it).
public enum IDFieldScan {
    /// What one box holds.
    public enum Box: Sendable, Equatable {
        /// A digit written in the box.
        case digit(Int)
        /// Nothing.
        case empty
        /// A digit written, then scribbled over (the student wrote the right one elsewhere).
        case crossedOut(Int)
    }

    /// Who wrote the digits.
    public enum Writer: Sendable {
        /// The project's handwriting generator (font glyphs, shaken and slanted): the training hand.
        case glyphs
        /// Pen strokes through key points in one student's habits: hands the reader never saw.
        case pen(PenHand)
    }

    /// The page area around `field` (a margin of 12 points) with `boxes` written by `writer`, rendered at
    /// `pixelsPerPoint`, the page moved by up to `misplacement` points and turned slightly: the image
    /// and the transform from the field's reference points to points of that image as its alignment
    /// would give it (the exact place less the misplacement).
    public static func render(_ field: IDBoxField, boxes: [Box], writer: Writer, seed: UInt64,
                              pixelsPerPoint: Double = 3, misplacement: Double = 1.5) throws -> (image: GrayImage, transform: SimilarityTransform) {
        var rng = SplitMix64(seed: seed, 0x1D)
        let outline = field.outline, margin = 12.0
        let widthPoints = outline.width + 2 * margin, heightPoints = outline.height + 2 * margin
        let w = Int((widthPoints * pixelsPerPoint).rounded()), h = Int((heightPoints * pixelsPerPoint).rounded())
        let angle = rng.symmetric(0.006)
        let shift = (rng.symmetric(misplacement), rng.symmetric(misplacement))
        // Field reference points → image points: the field's corner at the margin, moved and turned.
        let exact = SimilarityTransform(rotation: angle, scale: 1, about: (outline.origin.x, outline.origin.y),
                                        shift: (margin - outline.origin.x + shift.0, margin - outline.origin.y + shift.1))
        let nominal = SimilarityTransform(a: 1, b: 0, tx: margin - outline.origin.x, ty: margin - outline.origin.y)
        var noiseRng = SplitMix64(seed: seed, 0x2D)
        let bytes = try InkCanvas.render(width: w, height: h, pointsToPixels: pixelsPerPoint, context: "ID field \(seed)") { cr in
            cairo_translate(cr, exact.tx, exact.ty)
            cairo_rotate(cr, angle)
            paint(cr, field, boxes: boxes, writer: writer, rng: &rng)
        } develop: { pixels, stride in
            PaperNoise.develop(pixels, width: w, height: h, stride: stride, noise: 0.6, rng: &noiseRng)
            return (0..<h).flatMap { y in pixels[(y * stride)..<(y * stride + w)] }
        }
        return (GrayImage(width: w, height: h, bytes: bytes, pixelsPerPoint: pixelsPerPoint), nominal)
    }

    /// Draws `field`'s printed boxes and `boxes` written in them by `writer` (cairo in reference-page points).
    static func paint(_ cr: OpaquePointer, _ field: IDBoxField, boxes: [Box], writer: Writer, rng: inout SplitMix64) {
        let hand = Handwriting(rng: &rng)
        cairo_set_source_rgba(cr, 0, 0, 0, 0.85)
        cairo_set_line_width(cr, 1)
        for index in 0..<field.count {
            let box = field.box(index)
            cairo_rectangle(cr, box.origin.x, box.origin.y, box.width, box.height)
        }
        cairo_stroke(cr)
        for (index, content) in boxes.enumerated() where index < field.count {
            write(cr, content, in: field.box(index), writer: writer, hand: hand, rng: &rng)
        }
    }

    private static func write(_ cr: OpaquePointer, _ content: Box, in box: PageRect, writer: Writer, hand: Handwriting,
                              rng: inout SplitMix64) {
        let digit: Int
        switch content {
        case .empty: return
        case .digit(let d), .crossedOut(let d): digit = d
        }
        cairo_save(cr)
        defer { cairo_restore(cr) }
        switch writer {
        case .glyphs:
            hand.takePen(cr)
            let size = box.height * rng.uniform(0.8, 1.05)
            let x = box.origin.x + box.width * rng.uniform(0.12, 0.35)
            hand.writeText(cr, String(digit), x: x, baseline: box.origin.y + box.height * rng.uniform(0.78, 0.9), size: size, rng: &rng)
        case .pen(let pen):
            cairo_set_source_rgba(cr, 0, 0, 0, rng.uniform(0.75, 0.95))
            cairo_set_line_width(cr, pen.penWidth)
            cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
            cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)
            let height = box.height * pen.size * rng.uniform(0.92, 1.08), width = height * pen.aspect
            let x = box.origin.x + (box.width - width) / 2 + rng.symmetric(box.width * 0.08) - pen.slant * height / 2
            let top = box.origin.y + (box.height - height) / 2 + rng.symmetric(box.height * 0.06)
            PenDigits.draw(cr, digit: digit, x: x, top: top, width: width, height: height, hand: pen, rng: &rng)
        }
        if case .crossedOut = content {
            // A zigzag scribble over the digit.
            cairo_set_line_width(cr, 1.4)
            var points: [(Double, Double)] = []
            for step in 0..<7 {
                points.append((box.origin.x + box.width * (0.15 + 0.7 * Double(step % 2)) + rng.symmetric(1.5),
                               box.origin.y + box.height * (0.2 + 0.1 * Double(step)) + rng.symmetric(1)))
            }
            PenDigits.smoothStroke(cr, points)
        }
    }
}

extension IDFieldScan {
    /// A one-page scanned PDF (Letter) with `field` at its place on the page and `boxes` written in
    /// it, and the same printed header and footer blocks on every page (what alignment locks on to:
    /// a row of boxes alone looks the same shifted by one box).
    public static func writePage(to url: URL, _ field: IDBoxField, boxes: [Box], writer: Writer, seed: UInt64) throws {
        let scan = try render(field, boxes: boxes, writer: writer, seed: seed)
        let image = scan.image, ppp = image.pixelsPerPoint
        let jpeg = try image.bytes.withUnsafeBufferPointer {
            try GrayJPEGEncoder.encode($0, width: image.width, height: image.height, pitch: image.width, quality: 85)
        }
        try CairoPDF.write(to: url, width: 612, height: 792, title: "ID field \(seed)") { cr, _ in
            cairo_set_source_rgb(cr, 0, 0, 0)
            for (x, y, w, h) in [(40.0, 40.0, 220.0, 14.0), (40.0, 64.0, 130.0, 7.0), (430.0, 40.0, 140.0, 9.0), (60.0, 720.0, 90.0, 24.0), (400.0, 700.0, 150.0, 6.0)] {
                cairo_rectangle(cr, x, y, w, h)
            }
            cairo_fill(cr)
            // The image's origin is the field's corner less the margin (where its nominal transform puts it).
            cairo_translate(cr, -scan.transform.tx, -scan.transform.ty)
            try JPEGPagePainter.paintPage(jpeg, pixelWidth: image.width, pixelHeight: image.height,
                                          pageWidth: Double(image.width) / ppp, pageHeight: Double(image.height) / ppp,
                                          on: cr, context: "writing \(url.path)")
        }
    }
}

extension IDFieldScan {
    /// A student number written by hand in printed boxes on a bubble sheet (`ScanFactory.writeFilledSheet`).
    public struct WrittenNumber: Sendable {
        /// Where the boxes are printed.
        public let field: IDBoxField
        /// What each box holds, left to right.
        public let boxes: [Box]
        /// Who wrote it.
        public let writer: Writer

        /// `number`'s digits written in `field` by `writer` ("_" or any non-digit: that box left empty).
        public init(_ number: String, in field: IDBoxField, writer: Writer) {
            self.field = field
            self.boxes = number.map { $0.wholeNumberValue.map { .digit($0) } ?? .empty }
            self.writer = writer
        }
    }
}
