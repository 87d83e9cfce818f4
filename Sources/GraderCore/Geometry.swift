/// A point on a page in PDF points, from the top-left corner of the page as displayed, y down.
public struct PagePoint: Hashable, Sendable {
    /// Distance from the left edge, in points.
    public var x: Double
    /// Distance from the top edge, in points.
    public var y: Double

    /// Creates a point.
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }
}

/// A position kept relative to the page's size (0…1 on each axis), so a box placed on a Letter
/// scan lands at the same place on an A4 scan of the same page.
public struct RelativePoint: Hashable, Sendable, Codable {
    /// Fraction of the page width from the left edge.
    public var x: Double
    /// Fraction of the page height from the top edge.
    public var y: Double

    /// Creates a relative position.
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// Converts a point on a page of `size`; nil when it lies off the page.
    public init?(_ point: PagePoint, on size: PageSize) {
        guard point.x >= 0, point.y >= 0, point.x <= size.width, point.y <= size.height else { return nil }
        self.init(x: point.x / size.width, y: point.y / size.height)
    }

    /// The point on a page of `size`.
    public func point(on size: PageSize) -> PagePoint { PagePoint(x: x * size.width, y: y * size.height) }

    /// True when inside the page (0…1 on both axes).
    public var isOnPage: Bool { (0...1).contains(x) && (0...1).contains(y) }
}

/// An sRGB colour, 0…255 per channel.
public struct RGBColor: Hashable, Sendable, Codable, CustomStringConvertible {
    /// Red, green, blue.
    public var red: UInt8, green: UInt8, blue: UInt8

    /// Creates a colour.
    public init(red: UInt8, green: UInt8, blue: UInt8) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    /// Grading red, the default ink.
    public static let red = RGBColor(red: 0xD0, green: 0x10, blue: 0x10)

    private static let named: [String: RGBColor] = [
        "red": .red, "black": RGBColor(red: 0, green: 0, blue: 0), "blue": RGBColor(red: 0x10, green: 0x40, blue: 0xD0),
        "green": RGBColor(red: 0x10, green: 0x90, blue: 0x30), "orange": RGBColor(red: 0xE0, green: 0x70, blue: 0x00),
    ]

    /// Parses `#RRGGBB` or one of red, black, blue, green, orange.
    public init?(_ text: String) {
        let lowered = text.lowercased()
        if let color = Self.named[lowered] { self = color; return }
        guard lowered.hasPrefix("#"), lowered.count == 7, let value = UInt32(lowered.dropFirst(), radix: 16) else { return nil }
        self.init(red: UInt8(value >> 16 & 0xFF), green: UInt8(value >> 8 & 0xFF), blue: UInt8(value & 0xFF))
    }

    /// `#rrggbb`.
    public var description: String {
        "#" + [red, green, blue].map { String(format: "%02x", $0) }.joined()
    }
}
