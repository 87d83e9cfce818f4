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
        guard let jpeg = document.wholePageJPEG(page: index),
              let scan = ScaledScan(jpeg, minimumWidth: minimumWidth, format: TJPF_GRAY, bytesPerPixel: 1) else { return nil }
        return GrayPixels(width: scan.width, height: scan.height, bytes: scan.bytes)
    }
}
