import Foundation
import GraderCore

/// Makes synthetic exam PDFs, scanned or born-digital, for samples, tests and benchmarks.
///
/// Every function is deterministic (the same arguments give byte-identical files) and safe to
/// call from several threads at once on different files.
public enum ScanFactory {
    /// Writes a scanned booklet: `pageCount` US-Letter pages (612×792 pt), each exactly one grey
    /// JPEG (DCTDecode, 1 component) painted over the full page and embedded byte-for-byte as the
    /// encoder produced it. `studentNumber` and `seed` vary the handwriting, skew, offset and noise.
    public static func writeScannedBooklet(
        to url: URL, studentName: String, studentNumber: Int, pageCount: Int,
        style: ScanStyle = .sample, seed: UInt64 = 1
    ) throws {
        try ScannedBookletWriter.write(
            to: url, studentName: studentName, studentNumber: studentNumber, pageCount: pageCount,
            style: style, seed: seed)
    }

    /// Writes a born-digital booklet: `pageCount` Letter pages of vector text in embedded DejaVu Sans,
    /// with the student's name, "Page N of M — <studentName>" on each page, questions and typed answers.
    public static func writeBornDigitalBooklet(to url: URL, studentName: String, pageCount: Int) throws {
        try BornDigitalBookletWriter.write(to: url, studentName: studentName, pageCount: pageCount)
    }

    /// Writes a vector PDF with one page per entry of `pageSizes` (points), each showing
    /// "<label> p<N>" near its top-left corner and a 20 pt black square 72 pt from the top and left.
    public static func writeVectorPDF(
        to url: URL, label: String, pageSizes: [(width: Double, height: Double)]
    ) throws {
        try VectorPDFWriter.write(to: url, label: label, pageSizes: pageSizes)
    }

    /// Writes a scanned booklet with one page per entry of `placements`, each misplaced exactly as
    /// it says (shift, rotation, scale, paper size, upside down, or another page altogether), with
    /// the student's handwriting; without a `studentName`, the unwritten exam (a master copy).
    /// `textRendering` says how the printed text is rasterised (the same whatever ran before).
    public static func writeTruthBooklet(
        to url: URL, studentName: String?, studentNumber: Int, placements: [CopierPlacement], dpi: Double = 100, seed: UInt64 = 1,
        textRendering: TextRendering = .unhinted
    ) throws {
        try TruthBookletWriter.write(to: url, studentName: studentName, studentNumber: studentNumber, placements: placements,
                                     dpi: dpi, seed: seed, textRendering: textRendering)
    }

    /// The top-left corner of the printed score box of question `slot` (0 or 1) on exam page `page`,
    /// in points on the unmisplaced Letter page: where a grader puts that question's grade box.
    public static func scoreBoxOrigin(page: Int, slot: Int) -> (x: Double, y: Double) {
        ExamLayout.scoreBoxOrigin(areaTop: ExamLayout.questionArea(page: page, slot: slot).top)
    }

    /// Writes a bulk scan of `sheets` taken from the printed PDF at `printed` (one grey JPEG per
    /// page, rendered from the printed page with the style's skew, offset and noise; upside-down
    /// sheets turned, smudged codes blotted, blank backs empty paper).
    public static func writeBulkScan(of printed: String, sheets: [BulkSheet], to url: URL, style: ScanStyle = .sample,
                                     seed: UInt64 = 1) throws {
        try BulkScanWriter.write(printed: printed, sheets: sheets, to: url, style: style, seed: seed)
    }

    /// Where a printed point `p` of sheet `number` (0-based) of a bulk scan written with `seed` and
    /// `style` lands on the scanned page shown upright (an upside-down sheet turned back).
    public static func bulkSheetPlacement(_ p: PagePoint, sheet number: Int, upsideDown: Bool = false, seed: UInt64 = 1,
                                          style: ScanStyle = .sample) -> PagePoint {
        let (degrees, offset, scale) = BulkScanWriter.placement(ofSheet: number, seed: seed, style: style)
        let (cx, cy) = (ExamLayout.pageWidth / 2, ExamLayout.pageHeight / 2), angle = degrees * .pi / 180
        let (x, y) = ((p.x - cx) * scale, (p.y - cy) * scale)
        let (rx, ry) = (x * cos(angle) - y * sin(angle), x * sin(angle) + y * cos(angle))
        // Turned upright by 180° about the centre, the shift changes sign; the skew stays.
        let sign = upsideDown ? -1.0 : 1.0
        return PagePoint(x: cx + rx + sign * offset.0, y: cy + ry + sign * offset.1)
    }

    /// Writes an exam to print whose pages each carry their number as a row of squares (see `MarkedExamWriter`).
    public static func writeMarkedExam(to url: URL, pageCount: Int) throws {
        try MarkedExamWriter.write(to: url, pageCount: pageCount)
    }
}

