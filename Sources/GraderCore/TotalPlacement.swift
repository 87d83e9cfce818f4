/// Where the student's total goes on page 1: in the top margin at the right as a rule, moved
/// left, to the left margin or to the foot of the page when a grade box or a printed page code
/// is in the way, so the total never covers either.
public enum TotalPlacement {
    /// The top-left corner of the total's backing of `width × height` points on a page of `size`,
    /// clear of every rectangle in `avoiding` where the page allows it.
    public static func corner(width: Double, height: Double, on size: PageSize, avoiding: [PageRect],
                              look: GradeLayerLook = .standard) -> PagePoint {
        let top = look.totalTop - look.totalPadding, right = size.width - look.totalRight + look.totalPadding
        func rect(_ x: Double, _ y: Double) -> PageRect { PageRect(origin: PagePoint(x: x, y: y), width: width, height: height) }
        func isClear(_ r: PageRect) -> Bool { r.fits(on: size) && !avoiding.contains { $0.overlaps(r) } }
        var candidates = [rect(right - width, top)]
        // Along the top margin, just left of each obstacle from the right.
        for obstacle in avoiding.sorted(by: { $0.origin.x > $1.origin.x }) {
            candidates.append(rect(obstacle.origin.x - 2 - width, top))
        }
        let left = look.totalRight - look.totalPadding, bottom = size.height - top - height
        candidates += [rect(left, top), rect(right - width, bottom), rect(left, bottom)]
        return (candidates.first(where: isClear) ?? candidates[0]).origin
    }
}
