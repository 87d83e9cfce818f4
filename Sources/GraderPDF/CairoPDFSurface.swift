internal import CCairo
import GraderCore

/// A cairo PDF surface writing to a file, and the one context that draws on it; both are
/// destroyed once, and `finish()` reports a failed write instead of ignoring it.
final class CairoPDFSurface {
    /// The date written as /CreationDate, fixed so the same marks give the same bytes.
    static let fixedDate = "2026-01-01T00:00:00Z"

    private let surface: OpaquePointer
    /// The drawing context; its user space is the current page in points, origin top-left, y down.
    let context: OpaquePointer
    private let path: String

    /// Starts a PDF at `path` whose first page is `size` (`cairo_pdf_surface_create`).
    init(path: String, firstPage size: PageSize) throws(PDFError) {
        guard let surface = cairo_pdf_surface_create(path, size.width, size.height) else {
            throw .drawingFailed(path: path, detail: "cairo_pdf_surface_create returned NULL")
        }
        guard let context = cairo_create(surface) else {
            cairo_surface_destroy(surface)
            throw .drawingFailed(path: path, detail: "cairo_create returned NULL")
        }
        self.surface = surface
        self.context = context
        self.path = path
        try CairoStatus.check(cairo_surface_status(surface), path: path)
        cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_CREATE_DATE, Self.fixedDate)
        cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_CREATOR, "ezgrader")
    }

    deinit {
        cairo_destroy(context)
        cairo_surface_destroy(surface)
    }

    /// Sets the size of the page about to be drawn (`cairo_pdf_surface_set_size`, before any drawing on it).
    func beginPage(size: PageSize) {
        cairo_pdf_surface_set_size(surface, size.width, size.height)
    }

    /// Ends the current page (`cairo_show_page`).
    func endPage() {
        cairo_show_page(context)
    }

    /// Writes the rest of the file and closes it (`cairo_surface_finish`); throws if anything failed.
    func finish() throws(PDFError) {
        try CairoStatus.check(cairo_status(context), path: path)
        cairo_surface_finish(surface)
        try CairoStatus.check(cairo_surface_status(surface), path: path)
    }
}

extension CairoPDFSurface {
    /// Writes a layer to lay over other pages: one page per item (at least one), each of
    /// `size(item)` and drawn by `draw` on a transparent background, written atomically.
    static func writeLayer<Item>(_ items: [Item], named name: String, to path: String, size: (Item) -> PageSize,
                                 draw: (Item, OpaquePointer) -> Void) throws(PDFError) {
        // cairo would still write one blank page, which a plan would then lay over the wrong page.
        guard let first = items.first else { throw .drawingFailed(path: path, detail: "\(name) needs at least one page") }
        try AtomicOutput.write(to: path, expecting: .pdf) { temporary throws(PDFError) in
            let surface = try CairoPDFSurface(path: temporary, firstPage: size(first))
            for item in items {
                surface.beginPage(size: size(item))
                draw(item, surface.context)
                surface.endPage()
            }
            try surface.finish()
        }
    }
}
