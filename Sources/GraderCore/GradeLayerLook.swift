/// How the grade layer looks, the same on the screen and in the PDF: the PDF drawing reads these
/// values and the server serves them to the browser (`GET /api/look`), which draws with them
/// instead of copies of its own, so the two cannot drift. Sizes are in points.
public struct GradeLayerLook: Sendable, Equatable {
    /// The look of every grading view and export.
    public static let standard = GradeLayerLook()

    /// A grade box's frame and text once a score is entered; also the student's total.
    public let gradedColor = RGBColor.red
    /// A grade box's frame and text while the score is still "?": orange, to be noticed, not read as a mark.
    public let ungradedColor = RGBColor(red: 0xE0, green: 0x70, blue: 0x00)
    /// Border width of a grade box.
    public let boxBorder = 1.2
    /// How far a box's opaque white backing reaches past its frame: a printed score frame the box
    /// was sized to cover vanishes with the digits in it.
    public let boxBacking = 2.0
    /// A box's text height as a share of the box's height (smaller when the text would not fit its width).
    public let boxTextScale = 0.6
    /// The size of a box given none.
    public let boxSize = BoxSize.standard
    /// The smallest width or height a box may have.
    public let minBoxSide = GradingRules.minBoxSide
    /// The pen a grader draws with.
    public let ink = InkStroke(points: [])
    /// How the pen's pressure sets a stroke's width: `width × (pressureFloor + pressureGain × pressure)`,
    /// so a pressure of one half draws the stroke's own width.
    public let pressureFloor = 0.35, pressureGain = 1.3
    /// The highlighter: one wide line in this colour at this opacity, under the pen's ink.
    public let highlighterColor = RGBColor(red: 0xFF, green: 0xD8, blue: 0x00), highlighterOpacity = 0.4, highlighterWidth = 12.0
    /// A typed note's font size when none is given.
    public let noteFontSize = TextNote(text: "", position: RelativePoint(x: 0, y: 0)).fontSize
    /// Opacity of the white backing under a note: legible over handwriting, which still shows faintly.
    public let noteBackingOpacity = 0.85
    /// A note wraps this far before the page's right edge, and never narrower than `minNoteWidth`.
    public let noteMargin = 18.0, minNoteWidth = 72.0
    /// A rubric stamp's font size and the width of its frame (drawn in `gradedColor`).
    public let stampFontSize = 10.0, stampBorder = 1.0
    /// Font size of the student's total.
    public let totalFontSize = 10.0
    /// Where the total's text ends (this far from the page's right edge) and starts (this far from its top).
    public let totalRight = 24.0, totalTop = 18.0
    /// How far the total's white backing reaches past its text, and the radius of its corners.
    public let totalPadding = 3.0
    /// The widths, in pixels, page images are rendered at; a request is served at the first one at least as wide.
    public let imageWidths = [480, 800, 1200, 1600, 2400]

    /// The width a note starting `x` points from the left of a page `pageWidth` wide wraps at.
    public func noteWidth(at x: Double, pageWidth: Double) -> Double { max(pageWidth - x - noteMargin, minNoteWidth) }

    /// The width of each segment of `stroke` (between points `i` and `i + 1`): its pressure-scaled
    /// width at the mean of the two ends' pressures; nil when the stroke has no pressures (one width throughout).
    public func segmentWidths(_ stroke: InkStroke) -> [Double]? {
        guard let pressures = stroke.pressures, pressures.count == stroke.points.count, pressures.count > 1 else { return nil }
        return (1..<pressures.count).map { stroke.width * (pressureFloor + pressureGain * (pressures[$0 - 1] + pressures[$0]) / 2) }
    }

    /// The page image width served for a request of `width` pixels.
    public func imageWidth(for width: Int) -> Int { imageWidths.first { $0 >= width } ?? imageWidths[imageWidths.count - 1] }
}

extension GradeLayerLook: Encodable {
    private enum CodingKeys: String, CodingKey {
        case gradedColor, ungradedColor, boxBorder, boxBacking, boxTextScale, boxSize, minBoxSide, inkColor, inkWidth, pressureFloor,
             pressureGain, highlighterColor, highlighterOpacity, highlighterWidth, noteFontSize, noteBackingOpacity, stampFontSize, stampBorder,
             totalFontSize, totalRight, totalTop, totalPadding, imageWidths
    }

    /// The JSON the browser reads: colours as "#rrggbb", the box size as {width, height}.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(gradedColor.description, forKey: .gradedColor)
        try container.encode(ungradedColor.description, forKey: .ungradedColor)
        try container.encode(boxBorder, forKey: .boxBorder)
        try container.encode(boxBacking, forKey: .boxBacking)
        try container.encode(boxTextScale, forKey: .boxTextScale)
        try container.encode(["width": boxSize.width, "height": boxSize.height], forKey: .boxSize)
        try container.encode(minBoxSide, forKey: .minBoxSide)
        try container.encode(ink.color.description, forKey: .inkColor)
        try container.encode(ink.width, forKey: .inkWidth)
        try container.encode(pressureFloor, forKey: .pressureFloor)
        try container.encode(pressureGain, forKey: .pressureGain)
        try container.encode(highlighterColor.description, forKey: .highlighterColor)
        try container.encode(highlighterOpacity, forKey: .highlighterOpacity)
        try container.encode(highlighterWidth, forKey: .highlighterWidth)
        try container.encode(noteFontSize, forKey: .noteFontSize)
        try container.encode(noteBackingOpacity, forKey: .noteBackingOpacity)
        try container.encode(stampFontSize, forKey: .stampFontSize)
        try container.encode(stampBorder, forKey: .stampBorder)
        try container.encode(totalFontSize, forKey: .totalFontSize)
        try container.encode(totalRight, forKey: .totalRight)
        try container.encode(totalTop, forKey: .totalTop)
        try container.encode(totalPadding, forKey: .totalPadding)
        try container.encode(imageWidths, forKey: .imageWidths)
    }
}
