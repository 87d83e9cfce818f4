import GraderCore
import GraderPDF

extension PageBitmap {
    /// The top-left corner (points) of a red grade box frame within 30 pt of `spot`: the topmost
    /// and leftmost red pixels there; nil when there are none.
    public func redBoxCorner(near spot: PagePoint) -> PagePoint? {
        let scale = dpi / 72
        var minX = Int.max, minY = Int.max
        for y in max(0, Int((spot.y - 30) * scale))..<max(0, min(height, Int((spot.y + 30) * scale))) {
            for x in max(0, Int((spot.x - 30) * scale))..<max(0, min(width, Int((spot.x + 30) * scale))) {
                let c = self[x, y]
                if Int(c.red) - Int(c.green) > 80, Int(c.red) - Int(c.blue) > 80 { (minX, minY) = (min(minX, x), min(minY, y)) }
            }
        }
        return minX == .max ? nil : PagePoint(x: Double(minX) / scale, y: Double(minY) / scale)
    }
}
