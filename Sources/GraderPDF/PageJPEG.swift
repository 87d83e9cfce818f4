internal import CCairo
internal import CTurboJPEG
import GraderCore

extension PDFPage {
    /// The page as displayed (turned by 180° when it was scanned `upsideDown`), `pixelWidth` pixels
    /// wide, as a JPEG (libjpeg-turbo, 4:2:0 at `quality`), with each rectangle of `covered` (points
    /// on the upright page) painted over in grey — how a grading view hides a student's name
    /// without the name ever leaving the machine.
    public func renderJPEG(pixelWidth: Int, covered: [PageRect] = [], upsideDown: Bool = false, quality: Int = 82) throws(PDFError) -> [UInt8] {
        let path = document.path
        guard pixelWidth > 0, size.width > 0 else {
            throw .drawingFailed(path: path, detail: "a page image \(pixelWidth) pixels wide is not possible")
        }
        let canvas: CairoCanvas
        if let scanned = try scanCanvas(pixelWidth: pixelWidth, upsideDown: upsideDown) {
            canvas = scanned
        } else {
            canvas = try renderedCanvas(dpi: Double(pixelWidth) / size.width * 72, for: path, upsideDown: upsideDown)
        }
        canvas.cover(covered)
        do {
            let bytes = try canvas.withPixels { pixels, stride in
                try Self.encode(pixels, width: canvas.width, height: canvas.height, stride: stride, quality: quality)
            }
            guard let bytes else { throw PDFError.drawingFailed(path: path, detail: "the rendered page has no pixels") }
            return bytes
        } catch let error as PDFError {
            throw error
        } catch {
            throw .drawingFailed(path: path, detail: "\(error)")
        }
    }

    /// Compresses cairo RGB24 pixels with `tjCompress2`.
    private static func encode(_ pixels: UnsafePointer<UInt8>, width: Int, height: Int, stride: Int, quality: Int) throws(PDFError) -> [UInt8] {
        guard let handle = tjInitCompress() else { throw .drawingFailed(path: "", detail: "libjpeg-turbo could not start") }
        defer { tjDestroy(handle) }
        var jpeg: UnsafeMutablePointer<UInt8>? = nil
        var size: UInt = 0
        defer { if let jpeg { tjFree(jpeg) } }
        let format = 1.littleEndian == 1 ? TJPF_BGRX : TJPF_XRGB
        let result = tjCompress2(handle, pixels, Int32(width), Int32(stride), Int32(height), Int32(format.rawValue),
                                 &jpeg, &size, Int32(TJSAMP_420.rawValue), Int32(min(max(quality, 1), 100)), 0)
        guard result == 0, let jpeg else {
            let message = tjGetErrorStr2(handle).map { String(cString: $0) } ?? "unknown error"
            throw .drawingFailed(path: "", detail: "JPEG encoding failed: \(message)")
        }
        return Array(UnsafeBufferPointer(start: jpeg, count: Int(size)))
    }
}
