/// A grade box's width and height in points; its top-left corner is the question's position.
/// Kept in points (not relative to the page) so a box drawn to cover a printed score frame keeps
/// that frame's size on every scan.
public struct BoxSize: Hashable, Sendable, CustomStringConvertible {
    /// Width in points.
    public var width: Double
    /// Height in points.
    public var height: Double

    /// Creates a size in points.
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    /// The size of a box given none: room for "12.5 / 20".
    public static let standard = BoxSize(width: 64, height: 22)

    /// Parses "w,h" in points; nil when a part is not a plain decimal number (`DecimalNumber`).
    public init?(_ text: String) {
        guard let parts = DecimalNumber.list(text, count: 2) else { return nil }
        self.init(width: parts[0], height: parts[1])
    }

    /// "90,24": what a user types to get this size.
    public var description: String { "\(format(width)),\(format(height))" }
}
