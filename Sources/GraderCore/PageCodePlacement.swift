/// Where `prepare` prints a page's code by default, how big its label may print, and the area
/// around it that nothing exported may cover: the top-right corner, the code and its text at least
/// `margin` from every edge, so a copier's shift of a few millimetres never pushes them off the scan.
public enum PageCodePlacement {
    /// The least distance of the code's label (its white backing) from the page's edges: 30 pt, 10.6 mm.
    public static let margin = 30.0
    /// How far a copier may have moved the code on the scan (5 mm), kept clear around its label too.
    public static let copierShift = 14.2
    /// The side of a printed code, in points (about 17 mm): 3 px a module at 100 dpi.
    public static let codeSide = 48.0
    /// The widest a label's text or name prints: a longer one is set smaller to fit.
    public static let labelWidth = 120.0
    /// The size of the code's text (exam, copy, page, version) and the height of its line, under the symbol.
    public static let textFontSize = 5.5, textLineHeight = 7.0
    /// The size of the student's name (page 1 of a copy for a roster's student) and the height of its line, under the text.
    public static let nameFontSize = 9.0, nameLineHeight = 11.5

    /// The default top-left corner of a code of `side` points with a quiet zone of `quiet` points.
    public static func defaultCorner(on size: PageSize, side: Double, quiet: Double) -> PagePoint {
        PagePoint(x: size.width - margin - quiet - side, y: margin + quiet)
    }

    /// The most a label can cover whose code of `side` points with a `quiet` zone has its top-left
    /// corner at `corner`: the symbol and its quiet zone, then a line of text and a line of name,
    /// right-aligned with the quiet zone and at most `labelWidth` wide.
    public static func labelBounds(corner: PagePoint, side: Double, quiet: Double) -> PageRect {
        let width = max(labelWidth, side + 2 * quiet)
        return PageRect(origin: PagePoint(x: corner.x + side + quiet - width, y: corner.y - quiet),
                        width: width, height: side + 2 * quiet + textLineHeight + nameLineHeight)
    }

    /// The area the default code's label may take on a scan of a page of `size`, copier shift
    /// included: exported marks stay out of it.
    public static func keepClear(on size: PageSize) -> PageRect {
        // The smallest QR symbol (21 modules) has the widest quiet zone (2 modules).
        let quiet = 2 * codeSide / 21
        let label = labelBounds(corner: defaultCorner(on: size, side: codeSide, quiet: quiet), side: codeSide, quiet: quiet)
        return label.expanded(by: copierShift)
    }
}
