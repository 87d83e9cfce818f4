internal import CCairo
import GraderCore

/// An opaque-white RGB image in memory (cairo image surface) and the one context drawing on it;
/// both are destroyed once.
final class CairoCanvas {
    /// Width in pixels.
    let width: Int
    /// Height in pixels.
    let height: Int
    private let surface: OpaquePointer
    /// The drawing context; user space starts as pixels, origin top-left, y down.
    let context: OpaquePointer

    /// A `width`×`height` canvas filled with white; `path` names the file it is for, in errors.
    init(width: Int, height: Int, for path: String) throws(PDFError) {
        guard width > 0, height > 0, width <= 32_767, height <= 32_767 else {
            throw .drawingFailed(path: path, detail: "an image of \(width)×\(height) pixels is not possible: use a lower dpi")
        }
        // RGB24 cannot be transparent, so pixels never need un-premultiplying.
        surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, Int32(width), Int32(height))
        context = cairo_create(surface)
        self.width = width
        self.height = height
        try CairoStatus.check(cairo_status(context), path: path)
        cairo_set_source_rgb(context, 1, 1, 1)
        cairo_paint(context)
    }

    /// The image of the PNG file at `path` (`cairo_image_surface_create_from_png`).
    init(png path: String) throws(PDFError) {
        let image = cairo_image_surface_create_from_png(path)
        guard cairo_surface_status(image) == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(image)
            throw .unreadable(path: path, reason: "not a PNG that cairo can read")
        }
        // Painted onto white, so a PNG with transparency reads as it looks.
        let width = Int(cairo_image_surface_get_width(image)), height = Int(cairo_image_surface_get_height(image))
        surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, Int32(width), Int32(height))
        context = cairo_create(surface)
        self.width = width
        self.height = height
        cairo_set_source_rgb(context, 1, 1, 1)
        cairo_paint(context)
        cairo_set_source_surface(context, image, 0, 0)
        cairo_paint(context)
        cairo_surface_destroy(image)
    }

    deinit {
        cairo_destroy(context)
        cairo_surface_destroy(surface)
    }

    /// The pixels, 3 bytes (red, green, blue) per pixel, row by row from the top.
    func rgbBytes() -> [UInt8] {
        cairo_surface_flush(surface)
        let stride = Int(cairo_image_surface_get_stride(surface))
        guard let data = cairo_image_surface_get_data(surface) else { return [] }
        let (width, height) = (width, height)
        // A `while` loop over pointers: debug builds (the tests) run it many times faster than
        // ranges and array subscripts.
        return [UInt8](unsafeUninitializedCapacity: width * height * 3) { bytes, initialized in
            var out = bytes.baseAddress!
            var y = 0
            while y < height {
                // Each pixel is one native-endian 32-bit word 0xXXRRGGBB.
                let row = UnsafeRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
                var x = 0
                while x < width {
                    let pixel = row[x]
                    out[0] = UInt8(truncatingIfNeeded: pixel &>> 16)
                    out[1] = UInt8(truncatingIfNeeded: pixel &>> 8)
                    out[2] = UInt8(truncatingIfNeeded: pixel)
                    out += 3
                    x &+= 1
                }
                y &+= 1
            }
            initialized = width * height * 3
        }
    }

    /// Writes the image as a PNG at `path` (`cairo_surface_write_to_png`).
    func writePNG(to path: String) throws(PDFError) {
        cairo_surface_flush(surface)
        try CairoStatus.check(cairo_surface_write_to_png(surface, path), path: path)
    }
}

extension CairoCanvas {
    /// Calls `body` with the surface's pixels: rows `stride` bytes apart, each pixel one
    /// native-endian 32-bit word 0xXXRRGGBB (B, G, R, X in memory on little-endian machines).
    func withPixels<T>(_ body: (UnsafePointer<UInt8>, _ stride: Int) throws -> T) throws -> T? {
        cairo_surface_flush(surface)
        guard let data = cairo_image_surface_get_data(surface) else { return nil }
        return try body(UnsafePointer(data), Int(cairo_image_surface_get_stride(surface)))
    }
}

extension CairoCanvas {
    /// Paints each rectangle (in the context's user space) in a flat grey that hides what is under it.
    func cover(_ rects: [PageRect]) {
        guard !rects.isEmpty else { return }
        cairo_save(context)
        cairo_set_source_rgb(context, 0.78, 0.78, 0.8)
        for rect in rects { cairo_rectangle(context, rect.origin.x, rect.origin.y, rect.width, rect.height) }
        cairo_fill(context)
        cairo_restore(context)
    }
}
