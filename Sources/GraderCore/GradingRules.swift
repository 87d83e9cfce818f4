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
    /// a relative position on a page of `size`. Refused when off the page.
    public static func position(_ text: String, page: Int, size: PageSize) throws(GradingError) -> RelativePoint {
        let parts = text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        func coordinate(_ part: String, extent: Double) -> Double? {
            if part.hasSuffix("%") { return Double(part.dropLast()).map { $0 / 100 * extent } }
            return Double(part)
        }
        guard parts.count == 2, let x = coordinate(parts[0], extent: size.width),
              let y = coordinate(parts[1], extent: size.height)
        else { throw .badPosition(text) }
        guard let relative = RelativePoint(PagePoint(x: x, y: y), on: size) else {
            throw .positionOffPage(x: x, y: y, page: page, size: size)
        }
        return relative
    }

    /// A page number inside the booklet.
    public static func page(_ page: Int, pages: Int) throws(GradingError) -> Int {
        guard (1...max(pages, 1)).contains(page) else { throw .pageOutOfRange(page: page, pages: pages) }
        return page
    }
}
