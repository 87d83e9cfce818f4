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

    /// Parses "w,h" in points; nil when a part is not a finite number.
    public init?(_ text: String) {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false).map { Double($0.trimmingCharacters(in: .whitespaces)) }
        guard parts.count == 2, let width = parts[0], let height = parts[1], width.isFinite, height.isFinite else { return nil }
        self.init(width: width, height: height)
    }

    /// "90,24": what a user types to get this size.
    public var description: String { "\(format(width)),\(format(height))" }
}
