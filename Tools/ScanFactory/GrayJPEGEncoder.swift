internal import CTurboJPEG

/// Encodes 8-bit grey pixels as a one-component baseline JPEG with libjpeg-turbo (`tjCompress2`).
enum GrayJPEGEncoder {
    /// Compresses `height` rows of `width` grey pixels, rows `pitch` bytes apart, at `quality` (1…100).
    ///
    /// The returned bytes are exactly what libjpeg-turbo produced; the PDF embeds them unchanged.
    static func encode(
        _ pixels: UnsafeBufferPointer<UInt8>, width: Int, height: Int, pitch: Int, quality: Int
    ) throws -> [UInt8] {
        precondition(pitch >= width && pixels.count >= pitch * height, "pixel buffer too small")
        guard let handle = tjInitCompress() else {
            throw ScanFactoryError(context: "starting the JPEG encoder", reason: "tjInitCompress failed")
        }
        defer { tjDestroy(handle) }

        var jpeg: UnsafeMutablePointer<UInt8>? = nil
        var size: UInt = 0
        defer { if let jpeg { tjFree(jpeg) } }
        let result = tjCompress2(
            handle, pixels.baseAddress, Int32(width), Int32(pitch), Int32(height),
            Int32(TJPF_GRAY.rawValue), &jpeg, &size, Int32(TJSAMP_GRAY.rawValue),
            Int32(min(max(quality, 1), 100)), 0)
        guard result == 0, let jpeg else {
            let message = tjGetErrorStr2(handle).map { String(cString: $0) } ?? "unknown error"
            throw ScanFactoryError(
                context: "encoding a \(width)×\(height) grey JPEG", reason: "tjCompress2: \(message)")
        }
        return Array(UnsafeBufferPointer(start: jpeg, count: Int(size)))
    }
}
