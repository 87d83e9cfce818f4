/// Where `prepare` prints a page's code by default, and the area around it that nothing exported
/// may cover: the top-right corner, the code and its text at least `margin` from every edge, so
/// a copier's shift of a few millimetres never pushes them off the scan.
public enum PageCodePlacement {
    /// The least distance of the code's label (its white backing) from the page's edges: 30 pt, 10.6 mm.
    public static let margin = 30.0
    /// How far a copier may have moved the code on the scan (5 mm), kept clear around its label too.
    public static let copierShift = 14.2

    /// The default top-left corner of a code of `side` points with a quiet zone of `quiet` points.
    public static func defaultCorner(on size: PageSize, side: Double, quiet: Double) -> PagePoint {
        PagePoint(x: size.width - margin - quiet - side, y: margin + quiet)
    }

    /// The area the default code's label (a 48 pt code, its quiet zone and text) may take on a
    /// scan of a page of `size`, copier shift included: exported marks stay out of it.
    public static func keepClear(on size: PageSize) -> PageRect {
        let labelWidth = 62.0, labelHeight = 80.0
        return PageRect(origin: PagePoint(x: size.width - margin - labelWidth - copierShift, y: margin - copierShift),
                        width: labelWidth + 2 * copierShift, height: labelHeight + 2 * copierShift)
    }
}
