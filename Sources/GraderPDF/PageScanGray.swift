import GraderAssembly
internal import CJPEGBand

/// Grey pixels of a page, row by row, one byte each (0 black … 255 white).
public struct GrayPixels: Sendable {
    /// Size in pixels.
    public let width: Int, height: Int
    /// `width × height` bytes.
    public let bytes: [UInt8]
}

/// A page's scanned JPEG decoded in grey a band of rows at a time from the top (`PDFPage.scanGrayRows`).
public struct GrayScanRows {
    /// Size in pixels of the whole page at the scale decoded.
    public var width: Int { rows.width }
    /// Size in pixels of the whole page at the scale decoded.
    public var height: Int { rows.height }
    private let rows: ScaledScanRows
    private let page: PDFPage

    fileprivate init(_ rows: ScaledScanRows, of page: PDFPage) {
        (self.rows, self.page) = (rows, page)
    }

    /// The next `count` rows (fewer at the bottom), `width` bytes each; throws naming the file
    /// and page when the JPEG's data cannot be decoded (a truncated end still gives grey rows).
    public func next(_ count: Int) throws(PDFError) -> [UInt8] {
        do {
            return try rows.next(count)
        } catch {
            throw page.undecodable(error)
        }
    }
}

extension PDFPage {
    /// The page's scanned JPEG decoded in grey, straight from its bytes, at the smallest of
    /// libjpeg's DCT scales (1/8, 1/4, 3/8, 1/2, …) at least `minimumWidth` pixels wide — for a page
    /// that is nothing but one JPEG over its whole media box (see `ScanImageReader`); nil for any
    /// other page, or when the JPEG cannot be decoded (poppler then renders it). Decoding at 1/8
    /// reads little more than the JPEG's DC coefficients: many times faster than a full decode.
    public func scanGray(minimumWidth: Int) -> GrayPixels? {
        guard let jpeg = document.wholePageJPEG(page: index),
              let scan = ScaledScan(jpeg, minimumWidth: minimumWidth, format: JPEG_BAND_GREY) else { return nil }
        return GrayPixels(width: scan.width, height: scan.height, bytes: scan.bytes)
    }

    /// The page's scanned JPEG as `scanGray` decodes it, but a band of rows at a time from the
    /// top, so a reader that finds what it looks for near the top never decodes the rest; nil for
    /// a page that is not one JPEG, or one not decoded here (CMYK, smaller than `minimumWidth`);
    /// throws naming the file and page when the JPEG cannot be decoded at all.
    public func scanGrayRows(minimumWidth: Int) throws(PDFError) -> GrayScanRows? {
        guard let jpeg = document.wholePageJPEG(page: index) else { return nil }
        do {
            return try ScaledScanRows(jpeg, minimumWidth: minimumWidth, format: JPEG_BAND_GREY).map { GrayScanRows($0, of: self) }
        } catch {
            throw undecodable(error)
        }
    }

    /// The error for this page's JPEG that libjpeg cannot decode.
    fileprivate func undecodable(_ error: JPEGDecodeError) -> PDFError {
        .damaged(path: document.path, detail: "page \(index + 1)'s scanned image cannot be decoded: \(error.message)")
    }
}
