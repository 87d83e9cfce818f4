/// A rectangle on a page in points, from the top-left corner of the page as displayed, y down.
public struct PageRect: Hashable, Sendable {
    /// Top-left corner.
    public var origin: PagePoint
    /// Width in points.
    public var width: Double
    /// Height in points.
    public var height: Double

    /// Creates a rectangle.
    public init(origin: PagePoint, width: Double, height: Double) {
        self.origin = origin
        self.width = width
        self.height = height
    }
}

extension PageRect {
    /// True when the two rectangles share some area (touching edges do not count).
    public func overlaps(_ other: PageRect) -> Bool {
        origin.x < other.origin.x + other.width && other.origin.x < origin.x + width
            && origin.y < other.origin.y + other.height && other.origin.y < origin.y + height
    }

    /// The rectangle grown by `margin` on every side.
    public func expanded(by margin: Double) -> PageRect {
        PageRect(origin: PagePoint(x: origin.x - margin, y: origin.y - margin), width: width + 2 * margin, height: height + 2 * margin)
    }

    /// True when the whole rectangle lies on a page of `size`.
    public func fits(on size: PageSize) -> Bool {
        origin.x >= 0 && origin.y >= 0 && origin.x + width <= size.width && origin.y + height <= size.height
    }
}

/// One thing the grade layer draws on a page, already resolved to points on that page. The
/// export draws exactly these; the core decides what they are.
public enum GradeMark: Hashable, Sendable {
    /// A grade box: a frame with "earned / max" (or "? / max") inside; `graded` picks the style.
    case gradeBox(frame: PageRect, text: String, graded: Bool)
    /// A pen stroke: a smooth, round-capped path.
    case ink(points: [PagePoint], color: RGBColor, width: Double)
    /// A pen stroke whose width follows the pen's pressure: `widths[i]` is the width from point `i` to `i + 1`.
    case pressedInk(points: [PagePoint], color: RGBColor, widths: [Double])
    /// A highlighter's stroke: a smooth, round-capped path, translucent (`opacity`), drawn under the pen's ink.
    case highlight(points: [PagePoint], color: RGBColor, width: Double, opacity: Double)
    /// A typed note: its text wraps at `maxWidth` points.
    case note(text: String, at: PagePoint, fontSize: Double, color: RGBColor, maxWidth: Double)
    /// A rubric stamp: the item's label at `at` (its top-left corner), framed, wrapping at `maxWidth` points.
    case stamp(text: String, at: PagePoint, maxWidth: Double)
    /// The student's total ("Total 17.5 / 24 · 2 questions ungraded"), drawn in the page's top margin at the right.
    /// It keeps clear of `avoiding` (the page's grade boxes, a printed page code) where the page allows.
    case total(text: String, avoiding: [PageRect] = [])
}

/// The grade layer of one page: the page's displayed size and what to draw on it.
public struct PageMarks: Hashable, Sendable {
    /// Size of the page as displayed.
    public var size: PageSize
    /// The marks, drawn in order.
    public var marks: [GradeMark]

    /// Creates a page's marks.
    public init(size: PageSize, marks: [GradeMark]) {
        self.size = size
        self.marks = marks
    }
}
