/// One printed bubble as found on a school's blank answer sheet.
public struct BubbleShape: Hashable, Sendable, Codable {
    /// Centre, in points on the blank page.
    public var centre: PagePoint
    /// Outer width and height of the printed outline, in points (an ellipse or a box may differ).
    public var width: Double
    public var height: Double
    /// How dark the bubble's inside is on the blank (printed letters, shading), 0 (paper) … 1 (black),
    /// relative to the paper just around it: the ink a student adds is measured against this.
    public var blankInk: Double
    /// True when the template was found on a student's filled copy and this bubble was filled on
    /// it: its look on that sheet (and `blankInk`) is an empty neighbour's.
    public var filledOnSheet: Bool

    /// Creates a shape.
    public init(centre: PagePoint, width: Double, height: Double, blankInk: Double, filledOnSheet: Bool = false) {
        self.centre = centre
        self.width = width
        self.height = height
        self.blankInk = blankInk
        self.filledOnSheet = filledOnSheet
    }

    private enum CodingKeys: String, CodingKey { case x, y, w, h, ink, filled }

    /// Decodes a shape stored compactly (`x`, `y`, `w`, `h`, `ink`, `filled` when true).
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(centre: PagePoint(x: try c.decode(Double.self, forKey: .x), y: try c.decode(Double.self, forKey: .y)),
                  width: try c.decode(Double.self, forKey: .w), height: try c.decode(Double.self, forKey: .h),
                  blankInk: try c.decode(Double.self, forKey: .ink), filledOnSheet: try c.decodeIfPresent(Bool.self, forKey: .filled) ?? false)
    }

    /// Encodes the shape compactly, to a hundredth of a point.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        func rounded(_ value: Double) -> Double { (value * 100).rounded() / 100 }
        try c.encode(rounded(centre.x), forKey: .x)
        try c.encode(rounded(centre.y), forKey: .y)
        try c.encode(rounded(width), forKey: .w)
        try c.encode(rounded(height), forKey: .h)
        try c.encode((blankInk * 1000).rounded() / 1000, forKey: .ink)
        if filledOnSheet { try c.encode(true, forKey: .filled) }
    }
}

/// A bubble block as found on the school's blank sheet: every bubble's place, size and blank ink,
/// and which blank page they were found on. Scans are registered to that page and read against it.
public struct BubbleTemplate: Hashable, Sendable, Codable {
    /// The blank sheet, relative to the project folder ("blanks/school-sheet.pdf").
    public var blankFile: String
    /// The page of the blank sheet (1-based).
    public var blankPage: Int
    /// Every bubble, row-major (row × choices + choice).
    public var shapes: [BubbleShape]

    /// Creates a template.
    public init(blankFile: String, blankPage: Int, shapes: [BubbleShape]) {
        self.blankFile = blankFile
        self.blankPage = blankPage
        self.shapes = shapes
    }

    /// The shape of `row`'s `choice` in a block of `choices` per row; nil out of range.
    public func shape(row: Int, choice: Int, choices: Int) -> BubbleShape? {
        let index = row * choices + choice
        return choice >= 0 && choice < choices && index >= 0 && index < shapes.count ? shapes[index] : nil
    }

    /// The rectangle enclosing every bubble, in points.
    public var bounds: PageRect {
        guard let first = shapes.first else { return PageRect(origin: PagePoint(x: 0, y: 0), width: 0, height: 0) }
        var (minX, minY) = (first.centre.x - first.width / 2, first.centre.y - first.height / 2)
        var (maxX, maxY) = (first.centre.x + first.width / 2, first.centre.y + first.height / 2)
        for shape in shapes {
            minX = min(minX, shape.centre.x - shape.width / 2)
            minY = min(minY, shape.centre.y - shape.height / 2)
            maxX = max(maxX, shape.centre.x + shape.width / 2)
            maxY = max(maxY, shape.centre.y + shape.height / 2)
        }
        return PageRect(origin: PagePoint(x: minX, y: minY), width: maxX - minX, height: maxY - minY)
    }

    /// The smallest half-width or half-height of any bubble, in points.
    public var smallestRadius: Double { shapes.map { min($0.width, $0.height) / 2 }.min() ?? 0 }
}
