internal import CCairo

/// An 8-bit page image that cairo draws into as ink coverage (an A8 surface over a Swift buffer).
///
/// Cairo's A8 format stores coverage, so 0 is bare paper and 255 is solid ink; `develop` then
/// turns coverage into grey in place (see `PaperNoise`), which avoids a second buffer and any
/// per-pixel cairo calls.
enum InkCanvas {
    /// Draws with `draw` (context already scaled from points to pixels), then hands the pixels to `develop`.
    ///
    /// The cairo surface and context are destroyed before `develop` runs; the buffer holds `height`
    /// rows `stride` bytes apart, of which the first `width` bytes are pixels.
    static func render<Result>(
        width: Int, height: Int, pointsToPixels scale: Double, context: String,
        draw: (_ cr: OpaquePointer) throws -> Void,
        develop: (_ pixels: UnsafeMutableBufferPointer<UInt8>, _ stride: Int) throws -> Result
    ) throws -> Result {
        let stride = Int(cairo_format_stride_for_width(CAIRO_FORMAT_A8, Int32(width)))
        guard stride > 0 else {
            throw ScanFactoryError(context: context, reason: "image width \(width) is too large for cairo")
        }
        var pixels = [UInt8](repeating: 0, count: stride * height)
        return try pixels.withUnsafeMutableBufferPointer { buffer in
            try drawInk(into: buffer, width: width, height: height, stride: stride, scale: scale,
                        context: context, draw: draw)
            return try develop(buffer, stride)
        }
    }

    private static func drawInk(
        into buffer: UnsafeMutableBufferPointer<UInt8>, width: Int, height: Int, stride: Int,
        scale: Double, context: String, draw: (_ cr: OpaquePointer) throws -> Void
    ) throws {
        guard let surface = cairo_image_surface_create_for_data(
            buffer.baseAddress, CAIRO_FORMAT_A8, Int32(width), Int32(height), Int32(stride))
        else { throw ScanFactoryError(context: context, reason: "cairo_image_surface_create_for_data returned NULL") }
        defer { cairo_surface_destroy(surface) }
        try CairoPDF.check(cairo_surface_status(surface), context)

        guard let cr = cairo_create(surface) else {
            throw ScanFactoryError(context: context, reason: "cairo_create returned NULL")
        }
        defer { cairo_destroy(cr) }
        cairo_scale(cr, scale, scale)
        // Flatten curves to within 0.3 px (cairo's default is 0.1): invisible on a scan, and
        // pen scribbles are mostly curves, so this is the bulk of the rasterising cost.
        cairo_set_tolerance(cr, 0.3)
        try draw(cr)
        try CairoPDF.check(cairo_status(cr), context)
        cairo_surface_flush(surface)
    }
}
