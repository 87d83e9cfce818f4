import GraderOMR
import GraderPDF

extension GrayImage {
    /// Renders `page` with poppler at `pixelsPerPoint` and keeps one grey byte per pixel
    /// (luma of the RGB render; a grey scan renders with equal channels).
    init(rendering page: PDFPage, pixelsPerPoint: Double) throws {
        let bitmap = try page.renderRGB(dpi: pixelsPerPoint * 72)
        let count = bitmap.width * bitmap.height
        let grey = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            bitmap.rgb.withUnsafeBufferPointer { rgb in
                for i in 0..<count {
                    let r = Int(rgb[3 * i]), g = Int(rgb[3 * i + 1]), b = Int(rgb[3 * i + 2])
                    buffer[i] = UInt8((r * 77 + g * 150 + b * 29 + 128) >> 8)
                }
            }
            initialized = count
        }
        self.init(width: bitmap.width, height: bitmap.height, bytes: grey, pixelsPerPoint: pixelsPerPoint)
    }
}
