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
        // "inf", "nan" and "1e309" parse as Doubles but are no place on a page.
        func coordinate(_ part: String, extent: Double) -> Double? {
            let value = part.hasSuffix("%") ? Double(part.dropLast()).map { $0 / 100 * extent } : Double(part)
            return value.flatMap { $0.isFinite ? $0 : nil }
        }
        guard parts.count == 2, let x = coordinate(parts[0], extent: size.width),
              let y = coordinate(parts[1], extent: size.height)
        else { throw .badPosition(text) }
        guard let relative = RelativePoint(PagePoint(x: x, y: y), on: size) else {
            throw .positionOffPage(x: x, y: y, page: page, size: size)
        }
        return relative
    }

    /// A shift "dx,dy" in points (right and down positive); both finite.
    public static func offset(_ text: String) throws(GradingError) -> (dx: Double, dy: Double) {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
            .map { Double($0.trimmingCharacters(in: .whitespaces)) }
        guard parts.count == 2, let dx = parts[0], let dy = parts[1], dx.isFinite, dy.isFinite else { throw .badOffset(text) }
        return (dx, dy)
    }

    /// The resolutions a page preview may be rendered at, in dots per inch.
    public static let resolutions: ClosedRange<Double> = 10...1200

    /// A preview resolution inside `resolutions` (a page rendered at 1e309 dpi has no size).
    public static func resolution(_ dpi: Double) throws(GradingError) -> Double {
        guard resolutions.contains(dpi) else { throw .badResolution(dpi) }
        return dpi
    }

    /// A page number inside the booklet.
    public static func page(_ page: Int, pages: Int) throws(GradingError) -> Int {
        guard (1...max(pages, 1)).contains(page) else { throw .pageOutOfRange(page: page, pages: pages) }
        return page
    }
}
