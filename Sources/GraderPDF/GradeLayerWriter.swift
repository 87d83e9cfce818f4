internal import CCairo
import GraderCore

/// Draws the grade layer — grade boxes, ink, notes, totals — as vector PDF pages that hold only
/// the marks, to be laid over the untouched scans by page assembly.
public enum GradeLayerWriter {
    /// Writes one page per entry of `pages` (at least one), each of that entry's displayed size, with only its
    /// marks on a transparent background; written atomically, and byte-for-byte the same for the same marks.
    public static func write(_ pages: [PageMarks], to path: String) throws(PDFError) {
        try CairoPDFSurface.writeLayer(pages, named: "a grade layer", to: path, size: \.size) { page, cr in
            draw(page.marks, on: cr, size: page.size)
        }
    }

    /// How many characters of `text` no installed font can draw (they would print as boxes), so an
    /// export can say which font package to install before it writes.
    public static func missingGlyphCount(in text: String) -> Int {
        PangoText(text, fontSize: 11).unknownGlyphCount
    }

    /// The height in points `text` takes at `fontSize`, wrapped at `maxWidth` points, in the font
    /// the marks are drawn in: how the core lays out text it cannot measure (`CoverPage.TextHeight`).
    public static func textHeight(_ text: String, fontSize: Double, maxWidth: Double) -> Double {
        PangoText(text, fontSize: fontSize, maxWidth: maxWidth).logicalBox.height
    }

    /// Draws `marks` in order on `cr`, whose user space is the displayed page in points (origin
    /// top-left, y down); the context's state is the same afterwards.
    static func draw(_ marks: [GradeMark], on cr: OpaquePointer, size: PageSize) {
        for mark in marks {
            cairo_save(cr)
            switch mark {
            case .gradeBox(let frame, let text, let graded):
                MarkPainter.gradeBox(frame, text: text, graded: graded, on: cr)
            case .ink(let points, let color, let width):
                MarkPainter.ink(points, color: color, width: width, on: cr)
            case .pressedInk(let points, let color, let widths):
                MarkPainter.pressedInk(points, color: color, widths: widths, on: cr)
            case .highlight(let points, let color, let width, let opacity):
                MarkPainter.ink(points, color: color, width: width, opacity: opacity, on: cr)
            case .note(let text, let origin, let fontSize, let color, let maxWidth):
                MarkPainter.note(text, at: origin, fontSize: fontSize, color: color, maxWidth: maxWidth, on: cr)
            case .stamp(let text, let origin, let maxWidth):
                MarkPainter.stamp(text, at: origin, maxWidth: maxWidth, on: cr)
            case .total(let text, let avoiding):
                MarkPainter.total(text, pageSize: size, avoiding: avoiding, on: cr)
            }
            cairo_restore(cr)
        }
    }
}
