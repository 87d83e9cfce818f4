internal import CCairo
internal import CJPEGBand

extension PDFPage {
    /// The page drawn `pixelWidth` pixels wide (the size `renderedCanvas` gives at that width) from
    /// its scanned JPEG decoded at a reduced DCT scale — for a page that is nothing but one JPEG over
    /// its whole media box; nil for any other page (poppler then draws it). The same picture as
    /// poppler's at a fraction of the cost: a 300 dpi page for a 1200-pixel view is decoded at half
    /// its size instead of whole.
    func scanCanvas(pixelWidth: Int, upsideDown: Bool) throws(PDFError) -> CairoCanvas? {
        let format = 1.littleEndian == 1 ? JPEG_BAND_BGRX : JPEG_BAND_XRGB  // cairo's RGB24 in memory
        guard pixelWidth > 0, size.width > 0, let jpeg = document.wholePageJPEG(page: index),
              var scan = ScaledScan(jpeg, minimumWidth: pixelWidth, format: format) else { return nil }
        let scale = Double(pixelWidth) / size.width
        let (width, height) = (size.width * scale, size.height * scale)
        let canvas = try CairoCanvas(width: Int(width.rounded(.up)), height: Int(height.rounded(.up)), for: document.path)
        let (scanWidth, scanHeight) = (scan.width, scan.height)
        let status = scan.bytes.withUnsafeMutableBufferPointer { buffer -> cairo_status_t in
            let image = cairo_image_surface_create_for_data(buffer.baseAddress, CAIRO_FORMAT_RGB24, Int32(scanWidth), Int32(scanHeight),
                                                            Int32(scanWidth * 4))
            defer { cairo_surface_destroy(image) }
            let context = canvas.context
            cairo_save(context)
            if upsideDown {
                cairo_translate(context, width, height)
                cairo_rotate(context, .pi)
            }
            cairo_scale(context, width / Double(scanWidth), height / Double(scanHeight))
            cairo_set_source_surface(context, image, 0, 0)
            cairo_pattern_set_filter(cairo_get_source(context), CAIRO_FILTER_GOOD)
            cairo_paint(context)
            cairo_restore(context)
            return cairo_status(context)
        }
        try CairoStatus.check(status, path: document.path)
        return canvas
    }
}
