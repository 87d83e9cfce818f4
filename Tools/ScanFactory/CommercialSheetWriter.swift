internal import CCairo
import Foundation
import GraderCore

extension ScanFactory {
    /// The blank sheet as the school prints it: a vector PDF (no marks, no noise), with `idBoxes`
    /// printed on it when given.
    public static func writeBlankSheet(_ design: CommercialSheetDesign, idBoxes: IDBoxField? = nil, to url: URL) throws {
        try CairoPDF.write(to: url, width: design.pageWidth, height: design.pageHeight, title: design.name) { cr, _ in
            CommercialSheetPainter(design: design, mode: .vector).paint(cr)
            if let idBoxes {
                var unused = SplitMix64(seed: 0)
                IDFieldScan.paint(cr, idBoxes, boxes: [], writer: .glyphs, rng: &unused)
            }
            cairo_show_page(cr)
        }
    }

    /// A filled sheet, scanned or photographed: one page that is a single grey JPEG.
    ///
    /// The page (form and pencil marks) is drawn flat through the capture's placement over the
    /// scanner bed, then tilted through the camera's homography, lit unevenly, grained and encoded.
    /// - Parameters:
    ///   - marks: per field id, per row, what the student drew (for studentID and numeric fields a
    ///     position's digit as `.filled(d)` or `.blank`; for a checkbox `.filled(0)` or `.blank`);
    ///     fields and rows not given are left blank.
    ///   - seed: varies the pencil strokes, the lighting and the noise.
    ///   - written: a student number written by pen in printed boxes, on the sheet like its marks.
    @discardableResult
    public static func writeFilledSheet(
        _ design: CommercialSheetDesign, marks: [String: [BubbleMark]], capture: SheetCapture, seed: UInt64,
        written: IDFieldScan.WrittenNumber? = nil, to url: URL
    ) throws -> FilledSheetTruth {
        let context = "writing filled sheet \(url.path)"
        let style = capture.style
        guard style.dpi.isFinite, (10...1200).contains(style.dpi), (1...100).contains(style.jpegQuality) else {
            throw ScanFactoryError(context: context, reason: "dpi must be 10…1200 and JPEG quality 1…100")
        }
        guard abs(capture.perspectiveDegrees) < 45 else {
            throw ScanFactoryError(context: context, reason: "a perspective of \(capture.perspectiveDegrees)° is not a photo of the page")
        }
        let truth = try sheetTruth(design, marks: marks, context: context)

        var rng = SplitMix64(seed: seed, 0xC05E)
        var noiseRNG = SplitMix64(seed: rng.next()), lightRNG = SplitMix64(seed: rng.next())
        let lighting = UnevenLighting(strength: capture.lighting, rng: &lightRNG)
        let tilt = CameraTilt(degrees: capture.perspectiveDegrees, pageWidth: design.pageWidth, pageHeight: design.pageHeight)
        let (W, H, ppp) = (design.pageWidth, design.pageHeight, style.dpi / 72)
        let (width, height) = (Int((W * ppp).rounded()), Int((H * ppp).rounded()))
        let placed = capture.placement
        let pencil = pencilSize(design)

        let jpeg = try InkCanvas.render(
            width: width, height: height, pointsToPixels: ppp, context: context,
            draw: { cr in
                cairo_save(cr)
                placed.transform(cr, pageWidth: W, pageHeight: H)
                paintScannerBed(cr, width: W, height: H, noise: style.noise)
                CommercialSheetPainter(design: design, mode: .coverage).paint(cr)
                for field in design.fields {
                    for (row, mark) in (truth[field.id] ?? []).enumerated() {
                        PencilMarks.paint(cr, mark.mark, row: field.centres[row], width: field.bubbleWidth * pencil.x,
                                          height: field.bubbleHeight * pencil.y, rng: &rng)
                    }
                }
                if let written {
                    var penRNG = SplitMix64(seed: seed, 0x1D)
                    IDFieldScan.paint(cr, written.field, boxes: written.boxes, writer: written.writer, rng: &penRNG)
                }
                cairo_restore(cr)
                paintDust(cr, width: W, height: H, noise: style.noise, rng: &rng)
            },
            develop: { pixels, stride in
                if capture.perspectiveDegrees != 0 {
                    let bed = UInt8((255 * scannerBedDarkness(noise: style.noise)).rounded())
                    RasterWarp.warp(pixels, width: width, height: height, stride: stride, pixelsPerPoint: ppp,
                                    outside: bed, source: tilt.invert)
                }
                lighting.apply(to: pixels, width: width, height: height, stride: stride)
                PaperNoise.develop(pixels, width: width, height: height, stride: stride, noise: style.noise, rng: &noiseRNG)
                return try GrayJPEGEncoder.encode(
                    UnsafeBufferPointer(pixels), width: width, height: height, pitch: stride, quality: style.jpegQuality)
            })
        try CairoPDF.write(to: url, width: W, height: H, title: "\(design.name) — filled") { cr, _ in
            try JPEGPagePainter.paintPage(jpeg, pixelWidth: width, pixelHeight: height, pageWidth: W, pageHeight: H,
                                          on: cr, context: context)
        }
        return FilledSheetTruth(marks: truth, placement: placed, pageWidth: W, pageHeight: H, tilt: tilt)
    }

    /// The truth of every row of every field, after checking that `marks` fit the design.
    private static func sheetTruth(
        _ design: CommercialSheetDesign, marks: [String: [BubbleMark]], context: String
    ) throws -> [String: [BubbleMarkTruth]] {
        if let unknown = marks.keys.sorted().first(where: { design.field($0) == nil }) {
            throw ScanFactoryError(context: context, reason: "the design has no field \"\(unknown)\"")
        }
        var truth: [String: [BubbleMarkTruth]] = [:]
        for field in design.fields {
            let given = marks[field.id] ?? []
            guard given.count <= field.rows else {
                throw ScanFactoryError(context: context, reason: "\(given.count) rows of marks for field \"\(field.id)\" of \(field.rows) rows")
            }
            for (row, mark) in given.enumerated() where mark.choices.contains(where: { !field.choices.indices.contains($0) }) {
                throw ScanFactoryError(context: context, reason: "\(mark) in row \(row + 1) of field \"\(field.id)\" is outside its \(field.choices.count) choices")
            }
            truth[field.id] = (0..<field.rows).map { BubbleMarkTruth($0 < given.count ? given[$0] : .blank, choices: field.choices) }
        }
        return truth
    }

    /// How much bigger than the printed bubble a student's fill is: boxes get filled out to their corners.
    private static func pencilSize(_ design: CommercialSheetDesign) -> (x: Double, y: Double) {
        design.shape == .roundedRectangle ? (1.12, 1.2) : (1, 1)
    }
}

extension BubbleMark {
    /// The choices the mark touches (0-based).
    var choices: [Int] {
        switch self {
        case .blank: []
        case .filled(let c), .light(let c), .partial(let c), .tick(let c), .cross(let c): [c]
        case .erasedAndChanged(let erased, let chosen): [erased, chosen]
        case .double(let a, let b): [a, b]
        }
    }
}
