import GraderCore

/// The rectangle pen strokes cover, in the writing area's units (x right, y down).
struct InkBounds: Equatable {
    var minX: Double, maxX: Double, minY: Double, maxY: Double

    /// The bounds of `points`; nil for none, or for a point that is not a finite number.
    init?(_ points: [PagePoint]) {
        guard let first = points.first, points.allSatisfy({ $0.x.isFinite && $0.y.isFinite }) else { return nil }
        (minX, maxX, minY, maxY) = (first.x, first.x, first.y, first.y)
        for p in points { (minX, maxX, minY, maxY) = (min(minX, p.x), max(maxX, p.x), min(minY, p.y), max(maxY, p.y)) }
    }

    var width: Double { maxX - minX }
    var height: Double { maxY - minY }
    var midY: Double { (minY + maxY) / 2 }

    /// Both rectangles.
    func union(_ other: InkBounds) -> InkBounds {
        var both = self
        (both.minX, both.maxX, both.minY, both.maxY) = (min(minX, other.minX), max(maxX, other.maxX), min(minY, other.minY), max(maxY, other.maxY))
        return both
    }

    /// How far the two rectangles share their width (negative: the gap between them).
    func sharedWidth(_ other: InkBounds) -> Double { min(maxX, other.maxX) - max(minX, other.minX) }

    /// Whether the rectangles touch once this one is grown by `margin` on every side.
    func touches(_ other: InkBounds, margin: Double) -> Bool {
        minX - margin <= other.maxX && other.minX <= maxX + margin && minY - margin <= other.maxY && other.minY <= maxY + margin
    }
}
