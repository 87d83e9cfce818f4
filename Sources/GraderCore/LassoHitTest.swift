/// Which annotations a lasso takes: the loop a grader draws is closed from its last point back to
/// its first; a stroke is taken when most of its points (more than half) lie inside the loop, so a
/// loop that clips a stroke's tail still takes it and one that only crosses it does not; a note or
/// a rubric stamp when its top-left corner lies inside. Inside is the even-odd rule, so a loop drawn either way
/// round, or crossing itself, gives the same answer as its outline suggests.
@_spi(Rules) public enum LassoHitTest {
    /// True when the loop `loop` (points on the page) takes `stroke` (on a page of `size`); a loop
    /// of fewer than three points takes nothing.
    public static func takes(_ stroke: InkStroke, loop: [PagePoint], on size: PageSize) -> Bool {
        guard loop.count > 2, !stroke.points.isEmpty else { return false }
        let inside = stroke.points.filter { contains(loop, $0.point(on: size)) }.count
        return 2 * inside > stroke.points.count
    }

    /// True when the loop takes a note or a stamp whose top-left corner is `corner`: when that lies inside.
    public static func takes(corner: RelativePoint, loop: [PagePoint], on size: PageSize) -> Bool {
        loop.count > 2 && contains(loop, corner.point(on: size))
    }

    /// True when `point` lies inside the closed polygon `loop` (even-odd rule).
    public static func contains(_ loop: [PagePoint], _ point: PagePoint) -> Bool {
        guard var previous = loop.last else { return false }
        var inside = false
        for current in loop {
            if (current.y > point.y) != (previous.y > point.y),
               point.x < (previous.x - current.x) * (point.y - current.y) / (previous.y - current.y) + current.x {
                inside.toggle()
            }
            previous = current
        }
        return inside
    }
}
