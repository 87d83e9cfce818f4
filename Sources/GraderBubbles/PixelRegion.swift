import GraderAlignment

/// A rectangle of whole pixels, clamped to an image: `x0..<x1` × `y0..<y1`.
struct PixelRegion: Equatable, Sendable {
    var x0: Int, y0: Int, x1: Int, y1: Int

    /// The pixels covering `minX…maxX` × `minY…maxY` (pixel space), clamped to `image`; nil when empty.
    init?(minX: Double, minY: Double, maxX: Double, maxY: Double, in image: GrayImage) {
        guard minX.isFinite, minY.isFinite, maxX.isFinite, maxY.isFinite else { return nil }
        x0 = max(0, Int(minX.rounded(.down)))
        y0 = max(0, Int(minY.rounded(.down)))
        x1 = min(image.width, Int(maxX.rounded(.up)) + 1)
        y1 = min(image.height, Int(maxY.rounded(.up)) + 1)
        guard x0 < x1, y0 < y1 else { return nil }
    }

    /// The pixels `x0..<x1` × `y0..<y1`, taken as they are.
    init(x0: Int, y0: Int, x1: Int, y1: Int) { (self.x0, self.y0, self.x1, self.y1) = (x0, y0, x1, y1) }

    var width: Int { x1 - x0 }
    var height: Int { y1 - y0 }
}
