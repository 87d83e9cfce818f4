internal import CCairo
import Foundation
import GraderCore

extension ScanFactory {
    /// Writes a one-page scanned bubble answer sheet (US Letter, one grey JPEG) and returns what
    /// is on it: the printed blocks (a 20-question A–E block and a 7-digit student-ID grid), the
    /// truth of every row, and the scan's misplacement.
    ///
    /// - Parameters:
    ///   - answers: one mark per question (at most 20; missing rows are left blank).
    ///   - idDigits: the student number to fill into the ID grid (7 digits), nil to leave it blank.
    ///   - style: resolution, JPEG quality, noise, and the ranges of skew and offset.
    ///   - seed: varies the placement, the pencil strokes and the noise.
    ///   - maxScaleJitter: the copier scales the page by a random factor within 1 ± this.
    ///   - placement: forces the scan's placement (tests); nil draws it from `style` and the seed.
    ///   - studentName: written on the name line by hand, when given.
    @discardableResult
    public static func writeBubbleSheetBooklet(
        to url: URL, studentNumber: Int, answers: [BubbleMarkTruth], idDigits: String?,
        style: ScanStyle, seed: UInt64, maxScaleJitter: Double = 0.03,
        placement: BubbleSheetPlacement? = nil, studentName: String? = nil
    ) throws -> BubbleSheetLayout {
        let context = "writing bubble sheet \(url.path)"
        let answerBlock = BubbleSheetLayout.answerBlock, idBlock = BubbleSheetLayout.studentIDBlock
        guard answers.count <= answerBlock.rows else {
            throw ScanFactoryError(context: context, reason: "\(answers.count) answers for \(answerBlock.rows) questions")
        }
        let digits = try idDigits.map { text -> [Int] in
            let values = text.compactMap(\.wholeNumberValue)
            guard values.count == idBlock.rows, text.count == idBlock.rows else {
                throw ScanFactoryError(context: context, reason: "the student number must be \(idBlock.rows) digits, got \"\(text)\"")
            }
            return values
        }
        guard style.dpi.isFinite, (10...1200).contains(style.dpi), (1...100).contains(style.jpegQuality) else {
            throw ScanFactoryError(context: context, reason: "dpi must be 10…1200 and JPEG quality 1…100")
        }

        var rng = SplitMix64(seed: seed, UInt64(bitPattern: Int64(studentNumber)), 0xB5B5)
        let placed = placement ?? BubbleSheetPlacement(
            offsetX: rng.symmetric(style.maxOffsetPoints), offsetY: rng.symmetric(style.maxOffsetPoints),
            rotationDegrees: rng.symmetric(style.maxSkewDegrees), scale: 1 + rng.symmetric(maxScaleJitter))
        let answerTruth = (0..<answerBlock.rows).map { $0 < answers.count ? answers[$0] : BubbleMarkTruth(.blank) }
        let idTruth = (0..<idBlock.rows).map { position in
            BubbleMarkTruth(digits.map { .filled($0[position]) } ?? .blank, choices: idBlock.choices)
        }
        var handRNG = SplitMix64(seed: seed, UInt64(bitPattern: Int64(studentNumber)), 0x4A4D)
        let hand = Handwriting(rng: &handRNG)
        var noiseRNG = SplitMix64(seed: rng.next())

        let (width, height) = ScanPageRenderer.pixelSize(dpi: style.dpi)
        let jpeg = try InkCanvas.render(
            width: width, height: height, pointsToPixels: style.dpi / 72, context: context,
            draw: { cr in
                let W = BubbleSheetLayout.pageWidth, H = BubbleSheetLayout.pageHeight
                cairo_save(cr)
                placed.transform(cr, pageWidth: W, pageHeight: H)
                paintScannerBed(cr, width: W, height: H, noise: style.noise)
                BubbleSheetPainter.paintForm(cr, answers: answerBlock, studentID: idBlock)
                if let studentName {
                    hand.writeText(cr, studentName, x: 104, baseline: 119, size: 16, rng: &rng)
                }
                if let digits {
                    for (position, digit) in digits.enumerated() {
                        let box = BubbleSheetPainter.idWriteInBox(idBlock, position: position)
                        hand.writeText(cr, "\(digit)", x: box.x + 4, baseline: box.y + box.size - 3, size: 13, rng: &rng)
                    }
                }
                for (row, truth) in answerTruth.enumerated() {
                    paintMark(cr, truth.mark, block: answerBlock, row: row, rng: &rng)
                }
                for (position, truth) in idTruth.enumerated() {
                    paintMark(cr, truth.mark, block: idBlock, row: position, rng: &rng)
                }
                cairo_restore(cr)
                paintDust(cr, width: W, height: H, noise: style.noise, rng: &rng)
            },
            develop: { pixels, stride in
                PaperNoise.develop(pixels, width: width, height: height, stride: stride, noise: style.noise, rng: &noiseRNG)
                return try GrayJPEGEncoder.encode(
                    UnsafeBufferPointer(pixels), width: width, height: height, pitch: stride, quality: style.jpegQuality)
            })
        try CairoPDF.write(to: url, width: BubbleSheetLayout.pageWidth, height: BubbleSheetLayout.pageHeight,
                           title: "Bubble sheet — student \(studentNumber)") { cr, _ in
            try JPEGPagePainter.paintPage(
                jpeg, pixelWidth: width, pixelHeight: height, pageWidth: BubbleSheetLayout.pageWidth,
                pageHeight: BubbleSheetLayout.pageHeight, on: cr, context: context)
        }
        return BubbleSheetLayout(answers: answerBlock, studentID: idBlock, answerTruth: answerTruth,
                                 studentIDTruth: idTruth, placement: placed)
    }

    /// The names of the six sample students, in student-number order (1…6), as their sample files
    /// are named.
    public static let sampleBubbleSheetStudents = [
        "Anna Schmidt", "Ben Okafor", "O'Brien, Pat", "Zoë Lefèvre", "李明", "Marcus Johnson",
    ]

    /// Writes one scanned bubble sheet per sample student to `folder/bubble-sheets/<name>.pdf`
    /// (sample style, each with a student number 100100N and a mix of clean and awkward marks);
    /// returns the layouts in student order.
    @discardableResult
    public static func sampleBubbleSheets(in folder: URL) throws -> [BubbleSheetLayout] {
        let sheets = folder.appendingPathComponent("bubble-sheets", isDirectory: true)
        try FileManager.default.createDirectory(at: sheets, withIntermediateDirectories: true)
        return try sampleBubbleSheetStudents.enumerated().map { index, name in
            let number = index + 1
            return try writeBubbleSheetBooklet(
                to: sheets.appendingPathComponent(name + ".pdf"), studentNumber: number,
                answers: randomBubbleMarks(rows: 20, difficulty: 0.3, seed: UInt64(number)),
                idDigits: String(format: "%07d", 1_001_000 + number), style: .sample, seed: 1,
                studentName: name)
        }
    }

    /// Draws `mark` in `row` of `block` with the student's pencil.
    private static func paintMark(_ cr: OpaquePointer, _ mark: BubbleMark, block: BubbleBlock, row: Int, rng: inout SplitMix64) {
        let centres = block.choices.indices.map { block.centre(row: row, choice: $0) }
        PencilMarks.paint(cr, mark, row: centres, width: block.bubbleDiameter, height: block.bubbleDiameter, rng: &rng)
    }

    /// Darkness of the scanner bed around the sheet (its lid seen through the glass).
    static func scannerBedDarkness(noise: Double) -> Double { 0.05 + 0.15 * noise }

    /// Shades the scanner bed outside a `width`×`height` sheet (in the sheet's own coordinates).
    static func paintScannerBed(_ cr: OpaquePointer, width W: Double, height H: Double, noise: Double) {
        cairo_save(cr)
        cairo_set_fill_rule(cr, CAIRO_FILL_RULE_EVEN_ODD)
        cairo_rectangle(cr, -100, -100, W + 200, H + 200)
        cairo_rectangle(cr, 0, 0, W, H)
        cairo_set_source_rgba(cr, 0, 0, 0, scannerBedDarkness(noise: noise))
        cairo_fill(cr)
        cairo_restore(cr)
    }

    /// Specks of dust on the scanner glass over a `width`×`height` page, more with more noise.
    static func paintDust(_ cr: OpaquePointer, width W: Double, height H: Double, noise: Double, rng: inout SplitMix64) {
        for _ in 0..<Int((noise * 40).rounded()) {
            cairo_arc(cr, rng.uniform(0, W), rng.uniform(0, H), rng.uniform(0.25, 0.9), 0, 2 * .pi)
            cairo_set_source_rgba(cr, 0, 0, 0, rng.uniform(0.2, 0.6))
            cairo_fill(cr)
        }
    }
}
