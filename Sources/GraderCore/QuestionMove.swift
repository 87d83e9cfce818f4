/// Where a grade box goes when a grader moves it: to a position, or by a shift in points.
public enum QuestionMove: Hashable, Sendable {
    /// To this top-left corner (points or percentages, from the page's top-left corner).
    case to(PagePosition)
    /// By dx, dy points (right and down positive).
    case by(dx: Double, dy: Double)

    /// The box's new top-left corner, moved from `position` on a page of `size`; refused (never
    /// clamped) when it would lie off the page, naming the point it would land on.
    public func destination(from position: RelativePoint, page: Int, size: PageSize) throws(GradingError) -> RelativePoint {
        switch self {
        case .to(let target):
            return try GradingRules.position(target, page: page, size: size)
        case .by(let dx, let dy):
            guard dx.isFinite, dy.isFinite else { throw .badOffset("\(dx),\(dy)") }
            let start = position.point(on: size)
            return try GradingRules.position(PagePosition(PagePoint(x: start.x + dx, y: start.y + dy)), page: page, size: size)
        }
    }
}
