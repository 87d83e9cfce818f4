import GraderCore

/// PNG previews of a page as a grader will see it: the scan, the grade layer on top, and optionally
/// a coordinate grid for placing grade boxes.
public enum PagePreview {
    /// Renders page `pageIndex` (0-based) of `document` at `dpi` with `marks` drawn on top, and with
    /// `grid`, a labelled grid in points, and each rectangle of `covered` painted over; writes it
    /// as a PNG at `path`, atomically.
    public static func writePNG(
        of document: PDFDocument, pageIndex: Int, marks: [GradeMark], covered: [PageRect] = [], dpi: Double, grid: Bool, to path: String
    ) throws(PDFError) {
        guard pageIndex >= 0 && pageIndex < document.pageCount else {
            throw .noSuchPage(path: document.path, page: pageIndex + 1, pageCount: document.pageCount)
        }
        let page = try document.page(at: pageIndex)
        let canvas = try page.renderedCanvas(dpi: dpi, for: path)
        let size = page.size
        canvas.cover(covered)
        GradeLayerWriter.draw(marks, on: canvas.context, size: size)
        if grid { CoordinateGrid.draw(over: size, pixel: 72 / dpi, on: canvas.context) }
        try AtomicOutput.write(to: path, expecting: .png) { temporary throws(PDFError) in try canvas.writePNG(to: temporary) }
    }
}
