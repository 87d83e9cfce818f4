import GraderAlignment
import GraderPDF

extension GrayImage {
    /// The size in pixels of `page` rendered at `pixelsPerPoint` (`init(rendering:pixelsPerPoint:)`).
    public static func renderedSize(of page: PDFPage, pixelsPerPoint: Double) -> (width: Int, height: Int) {
        let size = page.size
        return (Int((size.width * pixelsPerPoint).rounded(.up)), Int((size.height * pixelsPerPoint).rounded(.up)))
    }

    /// The pixels in `window` of `page` rendered at `pixelsPerPoint`: pixel for pixel the
    /// whole render's (`init(rendering:pixelsPerPoint:)`) cut to `window`. A page that is one
    /// scanned JPEG is decoded at a reduced scale and only the window shrunk to size — a small
    /// answer region costs a fraction of the whole page's shrinking; any other page is drawn
    /// whole by poppler and cut.
    public init(rendering page: PDFPage, pixelsPerPoint: Double, keeping window: PixelWindow) throws {
        let (width, height) = Self.renderedSize(of: page, pixelsPerPoint: pixelsPerPoint)
        if width > 0, height > 0, let scan = page.scanGray(minimumWidth: width), scan.width >= width, scan.height >= height {
            self = GrayImage(width: scan.width, height: scan.height, bytes: scan.bytes, pixelsPerPoint: Double(scan.width) / page.size.width)
                .shrunk(toWidth: width, height: height, pixelsPerPoint: pixelsPerPoint, keeping: window)
            return
        }
        self = try GrayImage(rendering: page, pixelsPerPoint: pixelsPerPoint).cropped(to: window)
    }
}
