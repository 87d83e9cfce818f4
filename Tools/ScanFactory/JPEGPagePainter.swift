internal import CCairo
import Foundation

/// Paints a JPEG over a whole PDF page so that cairo embeds the JPEG bytes unchanged (DCTDecode).
enum JPEGPagePainter {
    /// Paints `jpeg` (`pixelWidth`×`pixelHeight` pixels) scaled to `pageWidth`×`pageHeight` points
    /// as the page's only content, and ends the page.
    ///
    /// Cairo needs an image surface to carry the JPEG as mime data; an RGB24 surface of the same
    /// size is used because it is opaque (no soft mask) and is never read: the PDF backend writes
    /// the attached `image/jpeg` bytes instead of re-encoding the pixels. The page is shown while
    /// that surface is still alive: destroying it earlier would make cairo copy its (blank)
    /// pixels into the page's snapshot, 4 bytes a pixel, for nothing.
    static func paintPage(
        _ jpeg: [UInt8], pixelWidth: Int, pixelHeight: Int,
        pageWidth: Double, pageHeight: Double, on cr: OpaquePointer, context: String
    ) throws {
        var extents = cairo_rectangle_t(x: 0, y: 0, width: Double(pixelWidth), height: Double(pixelHeight))
        guard let image = cairo_recording_surface_create(CAIRO_CONTENT_COLOR, &extents)
        else { throw ScanFactoryError(context: context, reason: "cairo_recording_surface_create returned NULL") }
        defer { cairo_surface_destroy(image) }
        try CairoPDF.check(cairo_surface_status(image), context)

        // Cairo keeps the mime data until the surface's last reference goes (after the page is
        // written), so it gets its own malloc'd copy and frees it with `free`.
        guard let copy = malloc(jpeg.count) else {
            throw ScanFactoryError(context: context, reason: "out of memory for \(jpeg.count) JPEG bytes")
        }
        jpeg.withUnsafeBytes { _ = memcpy(copy, $0.baseAddress!, jpeg.count) }
        let status = cairo_surface_set_mime_data(
            image, CAIRO_MIME_TYPE_JPEG, copy.assumingMemoryBound(to: UInt8.self), UInt(jpeg.count),
            { free($0) }, copy)
        if status != CAIRO_STATUS_SUCCESS {
            free(copy)  // not taken over by cairo
            try CairoPDF.check(status, context)
        }

        cairo_save(cr)
        cairo_scale(cr, pageWidth / Double(pixelWidth), pageHeight / Double(pixelHeight))
        cairo_set_source_surface(cr, image, 0, 0)
        cairo_paint(cr)
        cairo_restore(cr)
        cairo_show_page(cr)
        try CairoPDF.check(cairo_status(cr), context)
    }
}
