import Foundation

/// The grade layer's rules for values a grader types, shared by every front end.
@_spi(Rules) public enum GradingRules {
    /// A valid maximum: a positive number of quarter points.
    public static func maximum(_ text: String) throws(GradingError) -> Points {
        guard let points = Points(text), points > .zero else { throw .badMaximum(text) }
        return points
    }

    /// A valid score for `question`: "?" or 0…max in quarter points.
    public static func score(_ text: String, for question: NumberedQuestion) throws(GradingError) -> Score {
        if text.trimmingCharacters(in: .whitespaces) == "?" { return .ungraded }
        guard DecimalNumber.points(text) != nil else { throw .notANumber(text) }
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

    /// The longest exam title, in characters: a report's heading on one line.
    public static let maxTitleLength = 120

    /// An exam title as typed, spaces around it dropped; nil (the folder's name again) when blank.
    /// Refused with a line break or another control character, or longer than `maxTitleLength`.
    public static func examTitle(_ text: String) throws(GradingError) -> String? {
        let title = text.trimmingCharacters(in: .whitespaces)
        guard title.count <= maxTitleLength, !title.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            throw .badTitle(text)
        }
        return title.isEmpty ? nil : title
    }

    /// The smallest width or height a grade box may have, in points: "? / 4" stays legible.
    public static let minBoxSide = 8.0

    /// A box size "w,h" in points, each at least `minBoxSide`.
    public static func boxSize(_ text: String) throws(GradingError) -> BoxSize {
        guard let size = BoxSize(text) else { throw .badBoxSize(text) }
        return try boxSize(size)
    }

    /// A box size whose sides are each at least `minBoxSide` points.
    public static func boxSize(_ size: BoxSize) throws(GradingError) -> BoxSize {
        guard size.width >= minBoxSide, size.height >= minBoxSide else { throw .badBoxSize(size.description) }
        return size
    }

    /// Where the box of `question` (its name, for messages) goes: its top-left corner at
    /// `position`, relative to a page of `pageSize`. A position measured on an aligned student's
    /// page is carried back through `alignment` (reference → that page) to the reference page of
    /// `reference`, where it is kept. Refused, never clamped, when any part of the box would lie
    /// off the page it is kept on.
    public static func box(at position: PagePosition, size: BoxSize, question: String, page: Int, pageSize: PageSize,
                           through alignment: (transform: SimilarityTransform, reference: PageSize)? = nil) throws(GradingError) -> RelativePoint {
        var corner = position.point(on: pageSize), target = pageSize
        if let alignment, let inverse = alignment.transform.inverse {
            let onReference = inverse.apply(corner)
            target = alignment.reference
            // Within half a point of the edge counts as on it (the round trip through the transform).
            corner = PagePoint(x: onReference.x.clamped(-0.5, target.width - size.width + 0.5, to: 0, target.width - size.width),
                               y: onReference.y.clamped(-0.5, target.height - size.height + 0.5, to: 0, target.height - size.height))
        }
        guard PageRect(origin: corner, width: size.width, height: size.height).fits(on: target),
              let relative = RelativePoint(corner, on: target)
        else { throw .boxOffPage(question: question, x: corner.x, y: corner.y, box: size, page: page, size: target) }
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

    /// A shift "dx,dy" in points (right and down positive); both plain decimals.
    public static func offset(_ text: String) throws(GradingError) -> (dx: Double, dy: Double) {
        guard let parts = DecimalNumber.list(text, count: 2) else { throw .badOffset(text) }
        return (parts[0], parts[1])
    }

    /// The resolutions a page preview may be rendered at, in dots per inch.
    public static let resolutions: ClosedRange<Double> = 10...1200

    /// A preview resolution inside `resolutions` (a page rendered at 1e309 dpi has no size).
    public static func resolution(_ dpi: Double) throws(GradingError) -> Double {
        guard resolutions.contains(dpi) else { throw .badResolution(format(dpi)) }
        return dpi
    }

    /// A preview resolution typed as text ("150").
    public static func resolution(_ text: String) throws(GradingError) -> Double {
        guard let dpi = DecimalNumber.parse(text) else { throw .badResolution(text) }
        return try resolution(dpi)
    }

    /// A point typed as "x,y" in points from the page's top-left corner (no percentages).
    public static func point(_ text: String) throws(GradingError) -> PagePoint {
        guard let parts = DecimalNumber.list(text, count: 2) else { throw .badPoint(text) }
        return PagePoint(x: parts[0], y: parts[1])
    }

    /// A rectangle typed as "x,y,width,height" in points; width and height above 0.
    public static func region(_ text: String) throws(GradingError) -> PageRect {
        guard let parts = DecimalNumber.list(text, count: 4), parts[2] > 0, parts[3] > 0 else { throw .badRegion(text) }
        return PageRect(origin: PagePoint(x: parts[0], y: parts[1]), width: parts[2], height: parts[3])
    }

    /// A name region typed as "[page:]x,y,width,height" in points (page 1 unless given).
    public static func nameRegion(_ text: String) throws(GradingError) -> NameRegion {
        let parts = text.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
        let page = parts.count == 2 ? parts[0].trimmingCharacters(in: .whitespaces) : "1"
        guard let number = Int(page), number > 0, page.allSatisfy(\.isASCII) else { throw .badRegion(text) }
        do { return NameRegion(page: number, rect: try region(String(parts[parts.count - 1]))) } catch { throw .badRegion(text) }
    }

    /// Points typed for a rubric item or an adjustment ("-1", "2.5", "+0.5"), in quarter points.
    public static func itemPoints(_ text: String) throws(GradingError) -> Points {
        guard let points = Points(text) else { throw .badItemPoints(text) }
        return points
    }

    /// The longest label a question may have: it heads a CSV column and sits in a grade box.
    public static let maxLabelLength = 40

    /// A question's label, trimmed (nil when none or blank): at most `maxLabelLength` characters,
    /// and not of the form p<page>q<n>, which is how unlabelled questions are called and would
    /// make two questions answer to one name.
    public static func label(_ text: String?) throws(GradingError) -> String? {
        guard let label = text?.trimmingCharacters(in: .whitespacesAndNewlines), !label.isEmpty else { return nil }
        guard label.count <= maxLabelLength else { throw .labelTooLong(String(label.prefix(20)), length: label.count) }
        if label.firstMatch(of: /^[pP][0-9]+[qQ][0-9]+$/) != nil { throw .reservedLabel(label) }
        return label
    }

    /// Font sizes a note may have, in points.
    public static let noteSizes: ClosedRange<Double> = 4...72
    /// Pen widths an ink stroke may have, in points.
    public static let inkWidths: ClosedRange<Double> = 0.1...50
    /// The longest note, in characters.
    public static let maxNoteLength = 2000

    /// A note's text: something to read (not only spaces), at most `maxNoteLength` characters.
    public static func noteText(_ text: String) throws(GradingError) -> String {
        guard !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { throw .emptyNote }
        guard text.count <= maxNoteLength else { throw .noteTooLong(length: text.count) }
        return text
    }

    /// A note's font size inside `noteSizes`.
    public static func noteSize(_ size: Double) throws(GradingError) -> Double {
        guard noteSizes.contains(size) else { throw .badNoteSize(format(size)) }
        return size
    }

    /// A note's font size typed as text ("11").
    public static func noteSize(_ text: String) throws(GradingError) -> Double {
        guard let size = DecimalNumber.parse(text) else { throw .badNoteSize(text) }
        return try noteSize(size)
    }

    /// A pen width inside `inkWidths`.
    public static func inkWidth(_ width: Double) throws(GradingError) -> Double {
        guard inkWidths.contains(width) else { throw .badInkWidth(format(width)) }
        return width
    }

    /// A pen width typed as text ("1.5").
    public static func inkWidth(_ text: String) throws(GradingError) -> Double {
        guard let width = DecimalNumber.parse(text) else { throw .badInkWidth(text) }
        return try inkWidth(width)
    }

    /// A page number inside the booklet.
    public static func page(_ page: Int, pages: Int) throws(GradingError) -> Int {
        guard (1...max(pages, 1)).contains(page) else { throw .pageOutOfRange(page: page, pages: pages) }
        return page
    }
}

private extension Double {
    /// Inside `low…high`: pulled into `min…max`; outside: unchanged.
    func clamped(_ low: Double, _ high: Double, to min: Double, _ max: Double) -> Double {
        (low...high).contains(self) ? Swift.min(Swift.max(self, min), max) : self
    }
}
