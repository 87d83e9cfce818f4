/// Where a grade box goes when a grader moves it: to a position, or by a shift in points.
public enum QuestionMove: Hashable, Sendable {
    /// To this top-left corner (points or percentages, from the page's top-left corner).
    case to(PagePosition)
    /// By dx, dy points (right and down positive).
    case by(dx: Double, dy: Double)

    /// The new top-left corner of `question`'s box, moved on a page of `size` from `start` (by
    /// default where its position puts it on that page) — carried back to the reference page through
    /// `alignment` when measured on an aligned student's page; refused (never clamped) when any part
    /// of the box would lie off the page, naming the point it would land on.
    public func destination(of question: NumberedQuestion, size: PageSize, from start: PagePoint? = nil,
                            through alignment: (transform: SimilarityTransform, reference: PageSize)? = nil) throws(GradingError) -> RelativePoint {
        let target: PagePosition
        switch self {
        case .to(let position):
            target = position
        case .by(let dx, let dy):
            guard dx.isFinite, dy.isFinite else { throw .badOffset("\(dx),\(dy)") }
            let start = start ?? question.question.position.point(on: size)
            target = PagePosition(PagePoint(x: start.x + dx, y: start.y + dy))
        }
        return try GradingRules.box(at: target, size: question.question.size, question: question.name, page: question.question.page,
                                    pageSize: size, through: alignment)
    }
}
