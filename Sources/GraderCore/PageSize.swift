/// A page’s size as displayed — crop box with /Rotate applied — in PDF points (1/72 inch).
public struct PageSize: Hashable, Sendable, CustomStringConvertible {
    /// Width in points.
    public let width: Double
    /// Height in points.
    public let height: Double

    /// Creates a size in points.
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    public var description: String { "\(Int(width.rounded()))×\(Int(height.rounded())) pt" }
}
