import GraderAssembly
internal import CTurboJPEG

/// A scanned page's JPEG decoded straight from its bytes at the smallest of libjpeg's DCT scales
/// (1/8, 1/4, 3/8, 1/2, …) at least `minimumWidth` pixels wide: many times faster than decoding
/// it whole, which poppler always does.
struct ScaledScan {
    /// Size in pixels.
    let width: Int, height: Int
    /// `width × height` pixels of `bytesPerPixel` bytes, row by row.
    var bytes: [UInt8]

    /// `jpeg` decoded in `format` (`bytesPerPixel` bytes a pixel); nil when it is not the image
    /// the PDF declares, is CMYK, has no scale wide enough, or cannot be decoded.
    init?(_ jpeg: ScanJPEG, minimumWidth: Int, format: TJPF, bytesPerPixel: Int) {
        guard minimumWidth > 0, let handle = tjInitDecompress() else { return nil }
        defer { tjDestroy(handle) }
        let decoded = jpeg.bytes.withUnsafeBufferPointer { buffer -> (Int, Int, [UInt8])? in
            guard let base = buffer.baseAddress else { return nil }
            var width: Int32 = 0, height: Int32 = 0, subsampling: Int32 = 0, colorspace: Int32 = 0
            guard tjDecompressHeader3(handle, base, UInt(buffer.count), &width, &height, &subsampling, &colorspace) == 0,
                  Int(width) == jpeg.width, Int(height) == jpeg.height,
                  colorspace != TJCS_CMYK.rawValue, colorspace != TJCS_YCCK.rawValue
            else { return nil }
            var count: Int32 = 0
            guard let factors = tjGetScalingFactors(&count) else { return nil }
            // The smallest scale whose width is still wide enough (TJSCALED: rounded up).
            let scale = { (size: Int32, factor: tjscalingfactor) in (Int(size) * Int(factor.num) + Int(factor.denom) - 1) / Int(factor.denom) }
            guard let factor = UnsafeBufferPointer(start: factors, count: Int(count))
                .filter({ $0.num <= $0.denom && scale(width, $0) >= minimumWidth }).min(by: { scale(width, $0) < scale(width, $1) })
            else { return nil }
            let (scaledWidth, scaledHeight) = (scale(width, factor), scale(height, factor))
            var pixels = [UInt8](repeating: 255, count: scaledWidth * scaledHeight * bytesPerPixel)
            let result = pixels.withUnsafeMutableBufferPointer {
                tjDecompress2(handle, base, UInt(buffer.count), $0.baseAddress, Int32(scaledWidth), Int32(scaledWidth * bytesPerPixel),
                              Int32(scaledHeight), Int32(format.rawValue), 0)
            }
            // Warnings (a truncated scan) still give pixels; errors give none.
            guard result == 0 || tjGetErrorCode(handle) == TJERR_WARNING.rawValue else { return nil }
            return (scaledWidth, scaledHeight, pixels)
        }
        guard let (width, height, bytes) = decoded else { return nil }
        (self.width, self.height, self.bytes) = (width, height, bytes)
    }
}
