import GraderCore

/// A Catmull-Rom spline through pen samples, as cubic Bézier segments cairo can draw: the curve
/// passes through every sample, with no corners between them.
enum SmoothPath {
    /// One cubic Bézier segment, starting where the previous one ended.
    struct Segment {
        let control1: PagePoint
        let control2: PagePoint
        let end: PagePoint
    }

    /// The segments from `points[0]` through every later point; the end tangents use the
    /// endpoints themselves, so two points give a straight line.
    static func bezierSegments(through points: [PagePoint]) -> [Segment] {
        guard points.count > 1 else { return [] }
        return (0..<points.count - 1).map { index in
            let before = points[max(index - 1, 0)], start = points[index]
            let end = points[index + 1], after = points[min(index + 2, points.count - 1)]
            return Segment(
                control1: PagePoint(x: start.x + (end.x - before.x) / 6, y: start.y + (end.y - before.y) / 6),
                control2: PagePoint(x: end.x - (after.x - start.x) / 6, y: end.y - (after.y - start.y) / 6),
                end: end)
        }
    }
}
