import GraderCore

/// A note laid out as the grade layer draws it — measured in its font, wrapped at its width — so
/// a grading view can draw the same lines at the same places as the PDF. Points from the page's
/// top-left corner, y down.
public struct NoteLayout: Sendable, Equatable {
    /// One line of the note: its text and its baseline's height on the page.
    public struct Line: Sendable, Equatable, Encodable {
        /// The line's text, without the white space it wrapped at.
        public let text: String
        /// Its baseline, in points from the top of the page.
        public let baseline: Double
    }

    /// The lines, top to bottom.
    public let lines: [Line]
    /// The light backing under the text.
    public let backing: PageRect
    /// The radius of the backing's corners where they are rounded (a stamp's).
    public let radius: Double

    /// `text` at `fontSize` (in bold with `bold`, as a stamp) with its top-left corner at `origin`, wrapped at `maxWidth` points.
    public init(_ text: String, at origin: PagePoint, fontSize: Double, bold: Bool = false, maxWidth: Double) {
        let laid = PangoText(text, fontSize: fontSize, bold: bold, maxWidth: maxWidth)
        lines = laid.lines.map { Line(text: $0.text, baseline: origin.y + $0.baseline) }
        backing = Self.backing(laid.logicalBox, at: origin, fontSize: fontSize)
        radius = Self.padding(fontSize)
    }

    /// The backing of text whose logical box is `box`: a padding proportional to the font around it.
    static func backing(_ box: PangoText.Box, at origin: PagePoint, fontSize: Double) -> PageRect {
        let padding = Self.padding(fontSize)
        return PageRect(origin: PagePoint(x: origin.x + box.x - padding, y: origin.y + box.y - padding),
                        width: box.width + 2 * padding, height: box.height + 2 * padding)
    }

    /// How far the backing reaches past the text, and the radius of its corners.
    static func padding(_ fontSize: Double) -> Double { max(fontSize * 0.15, 1) }
}
