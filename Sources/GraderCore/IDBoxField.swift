/// A row of printed boxes in which each student writes their student number, one digit a box:
/// part of the rubric (`id_boxes:`), placed on every copy through its page's alignment.
///
/// Positions are in points on the reference page, from its top-left corner (y down).
public struct IDBoxField: Hashable, Sendable, Codable {
    /// A stable identifier within the rubric ("student-number").
    public var id: String
    /// The page (1-based) the boxes are printed on.
    public var page: Int
    /// The top-left corner of the first box's printed outline: points from the left and top edges.
    public var left: Double, top: Double
    /// One box's outline: width and height in points.
    public var boxWidth: Double, boxHeight: Double
    /// From the left edge of one box to the left edge of the next, in points.
    public var pitch: Double
    /// How many boxes (digits).
    public var count: Int

    /// Creates a field.
    public init(id: String, page: Int, left: Double, top: Double, boxWidth: Double, boxHeight: Double, pitch: Double, count: Int) {
        self.id = id
        self.page = page
        self.left = left
        self.top = top
        self.boxWidth = boxWidth
        self.boxHeight = boxHeight
        self.pitch = pitch
        self.count = count
    }

    /// The outline of box `index` (0-based, left to right) on the reference page.
    public func box(_ index: Int) -> PageRect {
        PageRect(origin: PagePoint(x: left + Double(index) * pitch, y: top), width: boxWidth, height: boxHeight)
    }

    /// The whole field's outline (every box), for showing the crop a person confirms.
    public var outline: PageRect {
        PageRect(origin: PagePoint(x: left, y: top), width: Double(count - 1) * pitch + boxWidth, height: boxHeight)
    }

    /// What is wrong with the field's geometry, nil when nothing is.
    public var problem: String? {
        if count < 1 || count > 20 { return "count must be 1 to 20 boxes, got \(count)" }
        if boxWidth < 6 || boxHeight < 6 || boxWidth > 144 || boxHeight > 144 { return "a box must be 6 to 144 points on each side" }
        if pitch < boxWidth { return "pitch (\(pitch)) must be at least the box width (\(boxWidth)): boxes may not overlap" }
        if page < 1 { return "page must be 1 or more" }
        return nil
    }
}
