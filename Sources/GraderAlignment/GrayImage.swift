import GraderCore

/// A page rendered to 8-bit grey in memory, as the reader analyses it: one byte per pixel,
/// 0 = black … 255 = white, rows from the top.
///
/// Pixel (i, j) covers the square [i, i+1) × [j, j+1) in pixel space, and a point on the page
/// as displayed (points from the top-left corner, y down) lands at pixel-space position
/// `point × pixelsPerPoint`. That is the mapping of a poppler render at `72 × pixelsPerPoint` dpi.
public struct GrayImage: Sendable, Equatable {
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// `width × height` grey values, row by row from the top-left corner.
    public let bytes: [UInt8]
    /// Pixels per PDF point (dpi / 72).
    public let pixelsPerPoint: Double

    /// Wraps rendered grey pixels.
    public init(width: Int, height: Int, bytes: [UInt8], pixelsPerPoint: Double) {
        precondition(width > 0 && height > 0 && bytes.count == width * height,
                     "\(bytes.count) bytes for \(width)×\(height) pixels")
        precondition(pixelsPerPoint > 0, "pixels per point must be positive")
        self.width = width
        self.height = height
        self.bytes = bytes
        self.pixelsPerPoint = pixelsPerPoint
    }

    /// An image of one grey level (a blank page), for tests.
    public init(width: Int, height: Int, filledWith level: UInt8, pixelsPerPoint: Double) {
        self.init(width: width, height: height, bytes: [UInt8](repeating: level, count: width * height),
                  pixelsPerPoint: pixelsPerPoint)
    }

    /// The grey value of pixel (`x`, `y`).
    public subscript(x: Int, y: Int) -> UInt8 { bytes[y * width + x] }

    /// Where `point` (points on the displayed page) lands, in pixel space.
    public func pixelPosition(of point: PagePoint) -> (x: Double, y: Double) {
        (point.x * pixelsPerPoint, point.y * pixelsPerPoint)
    }

    /// The page's size as displayed, in points.
    public var pageSize: PageSize {
        PageSize(width: Double(width) / pixelsPerPoint, height: Double(height) / pixelsPerPoint)
    }

    /// The resolution at which to render a page so that a bubble's radius spans `pixelsPerRadius`
    /// pixels (7 by default): enough for a ring of ~1 pt to show and for a fill to be measured over
    /// a hundred pixels, with little work beyond that.
    public static func pixelsPerPoint(forBubbleDiameter diameter: Double, pixelsPerRadius: Double = 7) -> Double {
        pixelsPerRadius / (diameter / 2)
    }
}
