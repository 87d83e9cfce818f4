/// A position as a user gives it: each coordinate in points from the top-left corner of the page
/// as displayed, or as a percentage of the page's width or height. Resolved against a page's
/// size by the rules (`GradingRules.position`).
public struct PagePosition: Hashable, Sendable {
    /// One coordinate: points from the top or left edge, or a fraction (0…1) of the extent.
    public enum Coordinate: Hashable, Sendable {
        /// Points from the edge.
        case points(Double)
        /// A fraction of the page's width or height.
        case fraction(Double)

        func resolved(extent: Double) -> Double {
            switch self {
            case .points(let value): value
            case .fraction(let value): value * extent
            }
        }
    }

    /// Across, from the left edge.
    public var x: Coordinate
    /// Down, from the top edge.
    public var y: Coordinate

    /// A position in points.
    public init(_ point: PagePoint) {
        x = .points(point.x)
        y = .points(point.y)
    }

    /// Parses "430,60" (points), "70%,8%" (percentages) or a mix; nil when a part is not a plain
    /// decimal number (`DecimalNumber`).
    public init?(_ text: String) {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
        func coordinate(_ part: String) -> Coordinate? {
            let percent = part.hasSuffix("%")
            guard let value = DecimalNumber.parse(percent ? part.dropLast() : Substring(part)) else { return nil }
            return percent ? .fraction(value / 100) : .points(value)
        }
        guard parts.count == 2, let x = coordinate(parts[0]), let y = coordinate(parts[1]) else { return nil }
        (self.x, self.y) = (x, y)
    }

    /// The point on a page of `size`.
    public func point(on size: PageSize) -> PagePoint {
        PagePoint(x: x.resolved(extent: size.width), y: y.resolved(extent: size.height))
    }
}
