internal import CCairo
import Foundation
import GraderAlignment
import GraderCore

/// Scans of a one-page quiz of four questions — a number written in answer boxes, a one-word
/// answer, a multiple-choice letter written by hand and a free-form derivation — each student's
/// answers in their own hand (one of several letter forms, their own size, slant, pen and
/// wobble; digits by pen in their own styles), the page placed a little off on the copier.
public enum AnswerSheetScan {
    /// What one student wrote; nil leaves the answer blank.
    public struct Answers: Sendable, Equatable {
        /// The digits written in the answer boxes, one a box from the first.
        public var number: String?
        /// The word on the answer line.
        public var word: String?
        /// The letter in the answer box.
        public var letter: String?
        /// Whether the derivation was written.
        public var derivation: Bool

        /// Creates answers.
        public init(number: String?, word: String?, letter: String?, derivation: Bool) {
            self.number = number
            self.word = word
            self.letter = letter
            self.derivation = derivation
        }
    }

    /// The answer boxes of question 1.
    public static let numberBoxes = IDBoxField(id: "Q1", page: 1, left: 360, top: 96, boxWidth: 20, boxHeight: 26, pitch: 23, count: 3)
    /// The grade boxes' top-left corners, one per question (where a rubric puts them).
    public static let gradeBoxes: [(x: Double, y: Double)] = [(500, 96), (500, 177), (500, 262), (500, 332)]
    /// The letter forms of the class's hands (font families the glyphs are taken from).
    static let families = ["DejaVu Sans", "Liberation Serif", "Nimbus Sans Narrow", "C059", "Liberation Mono"]

    /// The page with `answers` written by student `student`, rendered at `pixelsPerPoint`: the image
    /// and the transform from reference points to points of the image as its alignment would give
    /// it (the exact place, give or take half a point).
    public static func render(_ answers: Answers, student: Int, pixelsPerPoint: Double = 1.5) throws -> (image: GrayImage, transform: SimilarityTransform) {
        var rng = SplitMix64(seed: UInt64(student), 0xA5)
        let w = Int((612 * pixelsPerPoint).rounded()), h = Int((792 * pixelsPerPoint).rounded())
        let angle = rng.symmetric(0.005)
        let shift = (rng.symmetric(4), rng.symmetric(4))
        let exact = SimilarityTransform(rotation: angle, scale: 1, about: (306, 396), shift: shift)
        let seen = exact.shifted(by: (rng.symmetric(0.5), rng.symmetric(0.5)))
        let hand = Handwriting(rng: &rng), pen = PenHand(seed: UInt64(student) &+ 9000)
        let family = families[student % families.count]
        var noiseRng = SplitMix64(seed: UInt64(student), 0xB6)
        let bytes = try InkCanvas.render(width: w, height: h, pointsToPixels: pixelsPerPoint, context: "answer sheet \(student)") { cr in
            cairo_translate(cr, exact.tx, exact.ty)
            cairo_rotate(cr, angle)
            printExam(cr)
            write(answers, cr, hand: hand, pen: pen, family: family, rng: &rng)
        } develop: { pixels, stride in
            PaperNoise.develop(pixels, width: w, height: h, stride: stride, noise: 0.6, rng: &noiseRng)
            return (0..<h).flatMap { y in pixels[(y * stride)..<(y * stride + w)] }
        }
        return (GrayImage(width: w, height: h, bytes: bytes, pixelsPerPoint: pixelsPerPoint), seen)
    }

    /// A one-page scanned PDF (Letter, a JPEG at 150 dpi) of `answers` written by `student`.
    public static func writePage(to url: URL, _ answers: Answers, student: Int) throws {
        let image = try render(answers, student: student, pixelsPerPoint: 150 / 72).image
        let jpeg = try image.bytes.withUnsafeBufferPointer {
            try GrayJPEGEncoder.encode($0, width: image.width, height: image.height, pitch: image.width, quality: 80)
        }
        try CairoPDF.write(to: url, width: 612, height: 792, title: "quiz \(student)") { cr, _ in
            try JPEGPagePainter.paintPage(jpeg, pixelWidth: image.width, pixelHeight: image.height, pageWidth: 612, pageHeight: 792,
                                          on: cr, context: "writing \(url.path)")
        }
    }

    /// The unwritten quiz as a PDF (the master copy).
    public static func writeBlank(to url: URL) throws {
        try CairoPDF.write(to: url, width: 612, height: 792, title: "quiz") { cr, _ in
            cairo_set_source_rgb(cr, 0, 0, 0)
            printExam(cr)
        }
    }

    /// The printed quiz: a header and footer alignment locks on to, the questions, the boxes and lines.
    private static func printExam(_ cr: OpaquePointer) {
        cairo_save(cr)
        defer { cairo_restore(cr) }
        cairo_set_source_rgba(cr, 0, 0, 0, 0.9)
        for (x, y, w, h) in [(40.0, 36.0, 220.0, 14.0), (40.0, 58.0, 130.0, 6.0), (430.0, 36.0, 140.0, 9.0), (60.0, 730.0, 90.0, 20.0), (400.0, 740.0, 150.0, 6.0)] {
            cairo_rectangle(cr, x, y, w, h)
        }
        cairo_fill(cr)
        CairoText.setFont(cr, size: 11)
        CairoText.show(cr, "1. What is 6 × 7? Write it in the boxes:", x: 40, y: 114)
        CairoText.show(cr, "2. Which city is the capital of France?", x: 40, y: 192)
        CairoText.show(cr, "Answer:", x: 40, y: 222)
        CairoText.show(cr, "3. Which number is prime?  (A) 4   (B) 9   (C) 7   (D) 8", x: 40, y: 276)
        CairoText.show(cr, "Answer:", x: 352, y: 300)
        CairoText.show(cr, "4. Show that the derivative of x² is 2x.", x: 40, y: 346)
        cairo_set_line_width(cr, 1)
        for index in 0..<numberBoxes.count {
            let box = numberBoxes.box(index)
            cairo_rectangle(cr, box.origin.x, box.origin.y, box.width, box.height)
        }
        cairo_rectangle(cr, 400, 280, 30, 30)
        cairo_move_to(cr, 88, 224)
        cairo_line_to(cr, 330, 224)
        cairo_stroke(cr)
        cairo_set_source_rgba(cr, 0, 0, 0, 0.35)
        cairo_set_line_width(cr, 0.5)
        for line in stride(from: 380.0, through: 620, by: 24) {
            cairo_move_to(cr, 40, line)
            cairo_line_to(cr, 572, line)
        }
        cairo_stroke(cr)
    }

    private static func write(_ answers: Answers, _ cr: OpaquePointer, hand: Handwriting, pen: PenHand, family: String, rng: inout SplitMix64) {
        hand.takePen(cr)
        if let number = answers.number {
            cairo_save(cr)
            cairo_set_source_rgba(cr, 0, 0, 0, rng.uniform(0.75, 0.95))
            cairo_set_line_width(cr, pen.penWidth)
            cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
            cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)
            for (index, digit) in number.compactMap(\.wholeNumberValue).enumerated() where index < numberBoxes.count {
                let box = numberBoxes.box(index)
                let height = box.height * pen.size * rng.uniform(0.92, 1.08), width = height * pen.aspect
                let x = box.origin.x + (box.width - width) / 2 + rng.symmetric(box.width * 0.08) - pen.slant * height / 2
                let top = box.origin.y + (box.height - height) / 2 + rng.symmetric(box.height * 0.06)
                PenDigits.draw(cr, digit: digit, x: x, top: top, width: width, height: height, hand: pen, rng: &rng)
            }
            cairo_restore(cr)
        }
        if let word = answers.word {
            hand.writeText(cr, word, x: rng.uniform(96, 140), baseline: 220 + rng.symmetric(1.5), size: hand.xHeight * rng.uniform(2.0, 2.6),
                           family: family, rng: &rng)
        }
        if let letter = answers.letter {
            let size = rng.uniform(16, 22)
            hand.writeText(cr, letter, x: 415 - size * 0.33 + rng.symmetric(3), baseline: 295 + size * 0.36 + rng.symmetric(2), size: size,
                           family: family, rng: &rng)
        }
        if answers.derivation {
            for line in stride(from: 380.0, through: 380 + 24 * Double(rng.int(2...7)), by: 24) {
                hand.writeLine(cr, left: 44 + rng.uniform(0, 10), right: 560 - rng.uniform(0, 120), baseline: line - 2.5, rng: &rng)
            }
        }
    }
}
