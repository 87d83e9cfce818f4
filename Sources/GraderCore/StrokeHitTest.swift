/// Erasing hits a stroke's path, never its bounding box: a touch erases a stroke when it lies
/// within `tolerance` points of the polyline (plus half the pen width).
@_spi(Rules) public enum StrokeHitTest {
    /// True when `touch` (points on a page of `size`) lies on `stroke`.
    public static func hits(_ stroke: InkStroke, at touch: PagePoint, on size: PageSize, tolerance: Double = 4) -> Bool {
        let path = stroke.points.map { $0.point(on: size) }
        let reach = tolerance + stroke.width / 2
        guard let first = path.first else { return false }
        if path.count == 1 { return distance(touch, first) <= reach }
        return zip(path, path.dropFirst()).contains { distanceToSegment(touch, $0, $1) <= reach }
    }

    static func distance(_ a: PagePoint, _ b: PagePoint) -> Double {
        ((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y)).squareRoot()
    }

    static func distanceToSegment(_ p: PagePoint, _ a: PagePoint, _ b: PagePoint) -> Double {
        let dx = b.x - a.x, dy = b.y - a.y
        let lengthSquared = dx * dx + dy * dy
        guard lengthSquared > 0 else { return distance(p, a) }
        let t = min(1, max(0, ((p.x - a.x) * dx + (p.y - a.y) * dy) / lengthSquared))
        return distance(p, PagePoint(x: a.x + t * dx, y: a.y + t * dy))
    }
}
