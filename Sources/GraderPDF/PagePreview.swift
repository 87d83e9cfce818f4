internal import CCairo
import GraderCore

/// PNG previews of a page as a grader will see it: the scan, the grade layer on top, and optionally
/// a coordinate grid for placing grade boxes.
public enum PagePreview {
    /// The coordinate grid of a preview: the reference page's points, drawn through the page's
    /// alignment so a grader sees where a position typed on the reference lands on this page.
    public struct Grid: Sendable, Equatable {
        /// The reference page's size: how far the grid runs.
        public var referenceSize: PageSize
        /// Reference points → points on the previewed page.
        public var transform: SimilarityTransform

        /// A grid of `referenceSize` laid through `transform` (identity: the page's own points).
        public init(referenceSize: PageSize, transform: SimilarityTransform = .identity) {
            self.referenceSize = referenceSize
            self.transform = transform
        }
    }

    /// Renders page `pageIndex` (0-based) of `document` at `dpi` — turned by 180° when it was
    /// scanned `upsideDown` — with `marks` drawn on top, each rectangle of `covered` painted over,
    /// and with `grid`, a labelled grid in points; writes it as a PNG at `path`, atomically.
    public static func writePNG(
        of document: PDFDocument, pageIndex: Int, marks: [GradeMark], covered: [PageRect] = [], dpi: Double, grid: Grid?,
        upsideDown: Bool = false, to path: String
    ) throws(PDFError) {
        guard pageIndex >= 0 && pageIndex < document.pageCount else {
            throw .noSuchPage(path: document.path, page: pageIndex + 1, pageCount: document.pageCount)
        }
        let page = try document.page(at: pageIndex)
        let canvas = try page.renderedCanvas(dpi: dpi, for: path, upsideDown: upsideDown)
        let size = page.size
        canvas.cover(covered)
        GradeLayerWriter.draw(marks, on: canvas.context, size: size)
        if let grid {
            cairo_save(canvas.context)
            let t = grid.transform
            var matrix = cairo_matrix_t()
            cairo_matrix_init(&matrix, t.a, t.b, -t.b, t.a, t.tx, t.ty)
            cairo_transform(canvas.context, &matrix)
            CoordinateGrid.draw(over: grid.referenceSize, pixel: 72 / dpi / max(t.scale, 0.1), on: canvas.context)
            cairo_restore(canvas.context)
        }
        try AtomicOutput.write(to: path, expecting: .png) { temporary throws(PDFError) in try canvas.writePNG(to: temporary) }
    }
}
