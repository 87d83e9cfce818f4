internal import CCairo
internal import CPoppler

extension PDFPage {
    /// Renders the page as displayed (rotation, crop box) at `dpi` into RGB pixels in memory, over white.
    public func renderRGB(dpi: Double) throws(PDFError) -> PageBitmap {
        let canvas = try renderedCanvas(dpi: dpi, for: document.path)
        return PageBitmap(width: canvas.width, height: canvas.height, dpi: dpi, rgb: canvas.rgbBytes())
    }

    /// A white canvas with the page drawn on it by `poppler_page_render` (the screen path: /Rotate and the
    /// crop box applied), turned by 180° when `upsideDown`; its context is left in points of the displayed
    /// page, origin top-left, y down.
    func renderedCanvas(dpi: Double, for path: String, upsideDown: Bool = false) throws(PDFError) -> CairoCanvas {
        let size = self.size, scale = dpi / 72
        let width = (size.width * scale).rounded(.up), height = (size.height * scale).rounded(.up)
        // At inf or NaN dpi there is no pixel size at all (Int(_:) would trap); CairoCanvas refuses what cairo cannot hold.
        guard abs(width) < 1e9, abs(height) < 1e9 else {
            throw .drawingFailed(path: path, detail: "a page at \(dpi) dpi has no usable size in pixels: use a lower dpi")
        }
        let canvas = try CairoCanvas(width: Int(width), height: Int(height), for: path)
        cairo_scale(canvas.context, scale, scale)
        cairo_save(canvas.context)
        if upsideDown {
            cairo_translate(canvas.context, size.width, size.height)
            cairo_rotate(canvas.context, .pi)
        }
        cairo_scale(canvas.context, userUnit, userUnit)  // poppler draws in the page's own units
        poppler_page_render(handle, canvas.context)
        cairo_restore(canvas.context)
        return canvas
    }
}
