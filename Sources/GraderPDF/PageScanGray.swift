import GraderAssembly
internal import CTurboJPEG

/// Grey pixels of a page, row by row, one byte each (0 black … 255 white).
public struct GrayPixels: Sendable {
    /// Size in pixels.
    public let width: Int, height: Int
    /// `width × height` bytes.
    public let bytes: [UInt8]
}

extension PDFPage {
    /// The page's scanned JPEG decoded in grey, straight from its bytes, at the smallest of
    /// libjpeg's DCT scales (1/8, 1/4, 3/8, 1/2, …) at least `minimumWidth` pixels wide — for a page
    /// that is nothing but one JPEG over its whole media box (see `ScanImageReader`); nil for any
    /// other page, or when the JPEG cannot be decoded (poppler then renders it). Decoding at 1/8
    /// reads little more than the JPEG's DC coefficients: many times faster than a full decode.
    public func scanGray(minimumWidth: Int) -> GrayPixels? {
        guard minimumWidth > 0, let jpeg = document.wholePageJPEG(page: index) else { return nil }
        guard let handle = tjInitDecompress() else { return nil }
        defer { tjDestroy(handle) }
        return jpeg.bytes.withUnsafeBufferPointer { buffer -> GrayPixels? in
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
            var pixels = [UInt8](repeating: 255, count: scaledWidth * scaledHeight)
            let result = pixels.withUnsafeMutableBufferPointer {
                tjDecompress2(handle, base, UInt(buffer.count), $0.baseAddress, Int32(scaledWidth), Int32(scaledWidth), Int32(scaledHeight),
                              Int32(TJPF_GRAY.rawValue), 0)
            }
            // Warnings (a truncated scan) still give pixels; errors give none.
            guard result == 0 || tjGetErrorCode(handle) == TJERR_WARNING.rawValue else { return nil }
            return GrayPixels(width: scaledWidth, height: scaledHeight, bytes: pixels)
        }
    }
}
