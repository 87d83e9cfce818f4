import GraderCore

/// A chart as plain shapes in points (origin top-left, y down), so one layout is drawn the same
/// way by cairo (PDF) and written as SVG (HTML).
public struct Figure: Sendable, Equatable {
    /// Where a text's anchor point sits along its baseline.
    public enum Anchor: String, Sendable, Equatable {
        /// The text starts at the point.
        case start
        /// The text is centred on the point.
        case middle
        /// The text ends at the point.
        case end
    }

    /// One drawn shape.
    public enum Shape: Sendable, Equatable {
        /// A filled rectangle.
        case rect(x: Double, y: Double, width: Double, height: Double, fill: RGBColor)
        /// A straight line.
        case line(x1: Double, y1: Double, x2: Double, y2: Double, color: RGBColor, width: Double, dashed: Bool)
        /// A filled disc.
        case circle(x: Double, y: Double, radius: Double, fill: RGBColor)
        /// A line of text; `y` is the baseline, `size` in points.
        case text(String, x: Double, y: Double, size: Double, anchor: Anchor, color: RGBColor, bold: Bool)
    }

    /// Width in points.
    public let width: Double
    /// Height in points.
    public let height: Double
    /// The shapes, painted in order.
    public private(set) var shapes: [Shape] = []

    /// An empty figure of `width` × `height` points.
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    /// Adds `shape` on top of the others.
    public mutating func add(_ shape: Shape) { shapes.append(shape) }

    /// Adds a line of text.
    public mutating func text(_ string: String, x: Double, y: Double, size: Double = 8, anchor: Anchor = .start,
                              color: RGBColor = .ink, bold: Bool = false) {
        add(.text(string, x: x, y: y, size: size, anchor: anchor, color: color, bold: bold))
    }

    /// Adds a line.
    public mutating func line(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, color: RGBColor = .ink,
                              width: Double = 0.75, dashed: Bool = false) {
        add(.line(x1: x1, y1: y1, x2: x2, y2: y2, color: color, width: width, dashed: dashed))
    }

    /// The figure as a standalone SVG element (user units = points), for an HTML page.
    public var svg: String {
        func number(_ value: Double) -> String { StatisticText.decimal(value, places: 2) }
        func color(_ c: RGBColor) -> String { "#" + [c.red, c.green, c.blue].map { String($0, radix: 16).leftPadded(2) }.joined() }
        var lines = ["<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(number(width))\" height=\"\(number(height))\" "
            + "viewBox=\"0 0 \(number(width)) \(number(height))\" font-family=\"DejaVu Sans, sans-serif\">"]
        for shape in shapes {
            switch shape {
            case .rect(let x, let y, let w, let h, let fill):
                lines.append("<rect x=\"\(number(x))\" y=\"\(number(y))\" width=\"\(number(w))\" height=\"\(number(h))\" fill=\"\(color(fill))\"/>")
            case .line(let x1, let y1, let x2, let y2, let stroke, let w, let dashed):
                lines.append("<line x1=\"\(number(x1))\" y1=\"\(number(y1))\" x2=\"\(number(x2))\" y2=\"\(number(y2))\" "
                    + "stroke=\"\(color(stroke))\" stroke-width=\"\(number(w))\"\(dashed ? " stroke-dasharray=\"3 2\"" : "")/>")
            case .circle(let x, let y, let r, let fill):
                lines.append("<circle cx=\"\(number(x))\" cy=\"\(number(y))\" r=\"\(number(r))\" fill=\"\(color(fill))\"/>")
            case .text(let string, let x, let y, let size, let anchor, let fill, let bold):
                lines.append("<text x=\"\(number(x))\" y=\"\(number(y))\" font-size=\"\(number(size))\" text-anchor=\"\(anchor.rawValue)\" "
                    + "fill=\"\(color(fill))\"\(bold ? " font-weight=\"bold\"" : "")>\(HTMLText.escape(string))</text>")
            }
        }
        return (lines + ["</svg>"]).joined(separator: "\n")
    }
}

extension RGBColor {
    /// The dark grey of text and axes in charts.
    public static let ink = RGBColor(red: 0x22, green: 0x22, blue: 0x22)
    /// The blue of bars and points.
    public static let chartBlue = RGBColor(red: 0x3A, green: 0x6E, blue: 0xA5)
    /// The light grey of grid lines and shaded zones.
    public static let chartGrid = RGBColor(red: 0xDD, green: 0xDD, blue: 0xDD)
    /// The orange of flagged questions and limits.
    public static let chartFlag = RGBColor(red: 0xD9, green: 0x6C, blue: 0x1E)

    /// The very light grey of shaded zones.
    public static let chartShade = RGBColor(red: 0xF1, green: 0xF1, blue: 0xF1)
    /// The mid grey of secondary labels.
    public static let chartMuted = RGBColor(red: 0x77, green: 0x77, blue: 0x77)
}

extension String {
    /// The string with `pad` in front until it is `length` characters long.
    func leftPadded(_ length: Int, with pad: Character = "0") -> String {
        String(repeating: pad, count: Swift.max(0, length - count)) + self
    }
}
