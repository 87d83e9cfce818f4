import GraderCore

/// A school's answer sheet as printed: its fields and how it looks.
public struct CommercialSheetDesign: Sendable, Hashable {
    /// The form's name, printed as its title.
    public var name: String
    /// Page width in points.
    public var pageWidth: Double
    /// Page height in points.
    public var pageHeight: Double
    /// Every bubble field, in printed order.
    public var fields: [PrintedField]
    /// Where the name, class and date lines are printed.
    public var nameBox: PageRect
    /// The outline of every bubble.
    public var shape: PrintedBubbleShape
    /// Darkness of the bubble outlines: 0.2–0.4 (light "drop-out" ink).
    public var ringTone: Double
    /// Choice letters and digits printed inside each bubble in the ring tone.
    public var lettersInside: Bool
    /// Alternate choice columns of answer fields sit on a ~10 % grey band.
    public var shadedColumns: Bool
    /// A black bar at the left page edge for every row of the first answer field.
    public var timingMarks: Bool
    /// Black squares near the four corners.
    public var cornerMarks: Bool

    /// Creates a design.
    public init(
        name: String, pageWidth: Double, pageHeight: Double, fields: [PrintedField], nameBox: PageRect,
        shape: PrintedBubbleShape, ringTone: Double, lettersInside: Bool, shadedColumns: Bool,
        timingMarks: Bool, cornerMarks: Bool
    ) {
        self.name = name
        self.pageWidth = pageWidth
        self.pageHeight = pageHeight
        self.fields = fields
        self.nameBox = nameBox
        self.shape = shape
        self.ringTone = ringTone
        self.lettersInside = lettersInside
        self.shadedColumns = shadedColumns
        self.timingMarks = timingMarks
        self.cornerMarks = cornerMarks
    }

    /// The field named `id`.
    public func field(_ id: String) -> PrintedField? { fields.first { $0.id == id } }

    /// Centres of the timing marks' rows: every row of the first answer field.
    var timingRows: [Double] {
        guard timingMarks, let answers = fields.first(where: \.isAnswerField) else { return [] }
        return answers.centres.map { $0[0].y }
    }
}
