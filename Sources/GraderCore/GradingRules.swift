/// The grade layer's rules for values a grader types, shared by every front end.
public enum GradingRules {
    /// A valid maximum: a positive number of quarter points.
    public static func maximum(_ text: String) throws(GradingError) -> Points {
        guard let points = Points(text), points > .zero else { throw .badMaximum(text) }
        return points
    }

    /// A valid score for `question`: "?" or 0…max in quarter points.
    public static func score(_ text: String, for question: NumberedQuestion) throws(GradingError) -> Score {
        if text.trimmingCharacters(in: .whitespaces) == "?" { return .ungraded }
        guard let value = Double(text.trimmingCharacters(in: .whitespaces)), value.isFinite, text.allSatisfy(\.isASCII)
        else { throw .notANumber(text) }
        guard let points = Points(text), points >= .zero, points <= question.question.maxPoints else {
            throw .scoreOutOfRange(value: text.trimmingCharacters(in: .whitespaces), question: question.name,
                                   max: question.question.maxPoints)
        }
        return .points(points)
    }

    /// A position on a page, given in points or percentages ("430,60" or "70%,8%"), converted to
    /// a relative position on a page of `size`. Refused when not understood or off the page.
    public static func position(_ text: String, page: Int, size: PageSize) throws(GradingError) -> RelativePoint {
        guard let position = PagePosition(text) else { throw .badPosition(text) }
        return try self.position(position, page: page, size: size)
    }

    /// A typed position converted to a relative position on a page of `size`; refused when off
    /// the page.
    public static func position(_ position: PagePosition, page: Int, size: PageSize) throws(GradingError) -> RelativePoint {
        let point = position.point(on: size)
        guard let relative = RelativePoint(point, on: size) else {
            throw .positionOffPage(x: point.x, y: point.y, page: page, size: size)
        }
        return relative
    }

    /// A score for `question` that fits it: ungraded, or 0…max.
    public static func fits(_ score: Score, _ question: NumberedQuestion) throws(GradingError) -> Score {
        guard let points = score.earned else { return score }
        guard points >= .zero, points <= question.question.maxPoints else {
            throw .scoreOutOfRange(value: points.description, question: question.name, max: question.question.maxPoints)
        }
        return score
    }

    /// A pen's pressures for a stroke of `points` points: one per point, each 0…1.
    public static func pressures(_ values: [Double], points: Int) throws(GradingError) -> [Double] {
        guard values.count == points, values.allSatisfy({ $0.isFinite && (0...1).contains($0) }) else {
            throw .badPressures(given: values.count, points: points)
        }
        return values
    }

    /// A page number inside the booklet.
    public static func page(_ page: Int, pages: Int) throws(GradingError) -> Int {
        guard (1...max(pages, 1)).contains(page) else { throw .pageOutOfRange(page: page, pages: pages) }
        return page
    }
}
