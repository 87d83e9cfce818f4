/// What a bubble block asks for.
public enum BubbleBlockKind: String, Hashable, Sendable, Codable {
    /// One answer per question: exactly one bubble of a row may be filled.
    case singleAnswer
    /// Any number of answers per question ("mark all that apply").
    case multipleAnswer
    /// A student-ID grid: one column per digit position, the digits 0…9 stacked down the column.
    case studentID
    /// A numeric answer written in digit columns (0…9 down each column, a column per digit
    /// position): the whole block is one question, right when every digit matches the key.
    case numeric
    /// Checkboxes: one bubble per row, marked or not.
    case checkbox
    /// The exam's version field: one row whose choices are the versions' names; never scored.
    case version

    /// True for the kinds whose rows are digit positions of one number (student id, numeric answer).
    public var isDigitGrid: Bool { self == .studentID || self == .numeric }
}

/// A grid of printed answer bubbles on one page: part of the rubric, the same for every student.
///
/// Positions are in points from the top-left corner of the page as displayed (y down).
///
/// Geometry of an answer block (`.singleAnswer`, `.multipleAnswer`): one question per row,
/// top to bottom, choices left to right. The bubble of row `r` (0-based) and choice `c` has its
/// centre at `origin + (c × columnSpacing, r × rowSpacing)`.
///
/// Geometry of a student-ID grid (`.studentID`): `rows` is the number of digit positions, and
/// each digit position is a *column* read top to bottom `choices[0]`, `choices[1]`, … ("0"…"9").
/// The bubble of digit position `r` (0-based, left to right) and choice `c` has its centre at
/// `origin + (r × columnSpacing, c × rowSpacing)`. A reading's "row" is then a digit position.
public struct BubbleBlock: Hashable, Sendable, Codable, Identifiable {
    /// A stable identifier within the rubric ("mc1", "student-id").
    public var id: String
    /// The name shown to the grader ("Multiple choice", "Student number").
    public var name: String
    /// The page (1-based) the block is printed on, for every student.
    public var page: Int
    /// Centre of the first bubble of the first row (digit position), in points.
    public var origin: PagePoint
    /// Distance between the centres of consecutive rows (answer block) or digits (ID grid), in points.
    public var rowSpacing: Double
    /// Distance between the centres of consecutive choices (answer block) or digit positions (ID grid).
    public var columnSpacing: Double
    /// Outer diameter of a printed bubble ring, in points.
    public var bubbleDiameter: Double
    /// Number of questions (answer block) or digit positions (ID grid).
    public var rows: Int
    /// The labels of a row's bubbles, in printed order (A–E, or "0"…"9" for an ID grid).
    public var choices: [String]
    /// What the block asks for.
    public var kind: BubbleBlockKind
    /// Points a correct answer earns (zero for an ID grid).
    public var pointsPerQuestion: Points
    /// The question number of the first row; rows are numbered consecutively.
    public var firstQuestionNumber: Int
    /// The question labels of the rows, when the sheet prints its own ("1a", "1b", …); nil for
    /// `<id>-<number>`.
    public var rowLabels: [String]?
    /// Where every bubble was found on the school's blank sheet, row-major (row × choices + choice);
    /// nil for a block described by origin and spacing. Such a block is read against the blank.
    public var template: BubbleTemplate?

    /// The usual answer choices A–E.
    public static let letterChoices = ["A", "B", "C", "D", "E"]
    /// The digit choices of a student-ID grid, "0"…"9".
    public static let digitChoices = (0...9).map(String.init)

    /// Creates a block; choices default to A–E (digits for a student-ID grid).
    public init(
        id: String, name: String, page: Int, origin: PagePoint, rowSpacing: Double, columnSpacing: Double,
        bubbleDiameter: Double, rows: Int, choices: [String]? = nil, kind: BubbleBlockKind = .singleAnswer,
        pointsPerQuestion: Points = Points(quarters: 4), firstQuestionNumber: Int = 1, rowLabels: [String]? = nil,
        template: BubbleTemplate? = nil
    ) {
        self.id = id
        self.name = name
        self.page = page
        self.origin = origin
        self.rowSpacing = rowSpacing
        self.columnSpacing = columnSpacing
        self.bubbleDiameter = bubbleDiameter
        self.rows = rows
        self.choices = choices ?? (kind.isDigitGrid ? Self.digitChoices : kind == .checkbox ? ["X"] : Self.letterChoices)
        self.kind = kind
        self.pointsPerQuestion = kind == .studentID || kind == .version ? .zero : pointsPerQuestion
        self.firstQuestionNumber = firstQuestionNumber
        self.rowLabels = rowLabels
        self.template = template
    }

    /// The centre of the bubble of `row` (question or digit position, 0-based) and `choice` (0-based).
    public func centre(row: Int, choice: Int) -> PagePoint {
        if let template, let shape = template.shape(row: row, choice: choice, choices: choices.count) { return shape.centre }
        return kind.isDigitGrid
            ? PagePoint(x: origin.x + Double(row) * columnSpacing, y: origin.y + Double(choice) * rowSpacing)
            : PagePoint(x: origin.x + Double(choice) * columnSpacing, y: origin.y + Double(row) * rowSpacing)
    }

    /// Number of printed bubbles.
    public var bubbleCount: Int { rows * choices.count }

    /// The question number of `row` (0-based); nil for a digit grid, whose rows are digits.
    public func questionNumber(row: Int) -> Int? { kind.isDigitGrid ? nil : firstQuestionNumber + row }

    /// The label of the question `row` stands for ("mc-7", or the sheet's own row label); for a
    /// numeric field, its one question (its row label, or the block id: "q46").
    public func questionLabel(row: Int) -> String? {
        switch kind {
        case .studentID, .version: nil
        case .numeric: rowLabels?.first ?? id
        default: rowLabels.flatMap { row < $0.count ? $0[row] : nil } ?? "\(id)-\(firstQuestionNumber + row)"
        }
    }

    /// The rows that are questions of their own (a numeric field is one question: its first row).
    public var questionRows: [Int] {
        switch kind {
        case .studentID, .version: []
        case .numeric: [0]
        default: Array(0..<rows)
        }
    }

    /// The rectangle enclosing every ring of the block, in points.
    public var bounds: PageRect {
        if let template { return template.bounds }
        let last = centre(row: rows - 1, choice: choices.count - 1), radius = bubbleDiameter / 2
        let minX = min(origin.x, last.x) - radius, minY = min(origin.y, last.y) - radius
        return PageRect(origin: PagePoint(x: minX, y: minY),
                        width: abs(last.x - origin.x) + bubbleDiameter, height: abs(last.y - origin.y) + bubbleDiameter)
    }

    /// What is wrong with the definition, or nil when it can be read: sizes must be positive and
    /// the rings must not touch each other.
    public var problem: String? {
        if page < 1 { return "page must be 1 or more, got \(page)" }
        if rows < 1 { return "a bubble block needs at least one row, got \(rows)" }
        if kind == .version, rows != 1 { return "a version field has one row of bubbles (one per version), got \(rows) rows" }
        if kind == .checkbox ? choices.count != 1 : choices.count < 2 {
            return kind == .checkbox ? "a checkbox has one bubble per row, got \(choices.count) choices"
                : "a bubble block needs at least two choices, got \(choices.count)"
        }
        if Set(choices).count != choices.count { return "choice labels must differ: \(choices.joined(separator: ","))" }
        if let rowLabels, rowLabels.count != (kind == .numeric ? 1 : rows) {
            return "row_labels has \(rowLabels.count) labels for \(kind == .numeric ? 1 : rows) questions"
        }
        if let template {
            return template.shapes.count == bubbleCount ? nil : "the template has \(template.shapes.count) bubbles for \(bubbleCount)"
        }
        if !(bubbleDiameter > 0) { return "bubble diameter must be positive, got \(bubbleDiameter)" }
        if !(min(rowSpacing, columnSpacing) > bubbleDiameter) {
            return "row and column spacing (\(rowSpacing), \(columnSpacing) pt) must exceed the bubble diameter (\(bubbleDiameter) pt)"
        }
        return nil
    }

    private enum CodingKeys: String, CodingKey {
        case id, name, page, originX, originY, rowSpacing, columnSpacing, bubbleDiameter, rows, choices, kind
        case pointsPerQuestion, firstQuestionNumber, rowLabels, template
    }

    /// Decodes a block; points per question are stored as a decimal string ("2.5").
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let pointsText = try c.decode(String.self, forKey: .pointsPerQuestion)
        guard let points = Points(pointsText) else {
            throw DecodingError.dataCorruptedError(
                forKey: .pointsPerQuestion, in: c, debugDescription: "not a number of points: \(pointsText)")
        }
        self.init(
            id: try c.decode(String.self, forKey: .id), name: try c.decode(String.self, forKey: .name),
            page: try c.decode(Int.self, forKey: .page),
            origin: PagePoint(x: try c.decode(Double.self, forKey: .originX), y: try c.decode(Double.self, forKey: .originY)),
            rowSpacing: try c.decode(Double.self, forKey: .rowSpacing),
            columnSpacing: try c.decode(Double.self, forKey: .columnSpacing),
            bubbleDiameter: try c.decode(Double.self, forKey: .bubbleDiameter),
            rows: try c.decode(Int.self, forKey: .rows), choices: try c.decode([String].self, forKey: .choices),
            kind: try c.decode(BubbleBlockKind.self, forKey: .kind), pointsPerQuestion: points,
            firstQuestionNumber: try c.decode(Int.self, forKey: .firstQuestionNumber),
            rowLabels: try c.decodeIfPresent([String].self, forKey: .rowLabels),
            template: try c.decodeIfPresent(BubbleTemplate.self, forKey: .template))
    }

    /// Encodes the block with the origin as `originX`/`originY` and points as a decimal string.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encode(name, forKey: .name)
        try c.encode(page, forKey: .page)
        try c.encode(origin.x, forKey: .originX)
        try c.encode(origin.y, forKey: .originY)
        try c.encode(rowSpacing, forKey: .rowSpacing)
        try c.encode(columnSpacing, forKey: .columnSpacing)
        try c.encode(bubbleDiameter, forKey: .bubbleDiameter)
        try c.encode(rows, forKey: .rows)
        try c.encode(choices, forKey: .choices)
        try c.encode(kind, forKey: .kind)
        try c.encode(pointsPerQuestion.description, forKey: .pointsPerQuestion)
        try c.encode(firstQuestionNumber, forKey: .firstQuestionNumber)
        try c.encodeIfPresent(rowLabels, forKey: .rowLabels)
        try c.encodeIfPresent(template, forKey: .template)
    }
}

/// What a machine read in one row of a bubble block (one question, or one digit position of an
/// ID grid). Anything but `.uncertain` is a confident reading; the reader never guesses.
public enum BubbleReading: Hashable, Sendable, Codable {
    /// The filled bubbles' labels, in printed order (exactly one for a single-answer row).
    case answered([String])
    /// No bubble is marked.
    case blank
    /// More bubbles are clearly filled than the row allows (two answers to a single-answer question).
    case multiple([String])
    /// The machine cannot tell; a person must look. `reason` says why, for the grader.
    case uncertain(reason: String)

    /// True for every reading except `.uncertain`.
    public var isConfident: Bool {
        if case .uncertain = self { return false }
        return true
    }
}

/// One row's reading with the evidence behind it, for audit.
public struct BubbleRowReading: Hashable, Sendable, Codable {
    /// The row (question) or digit position, 0-based.
    public var row: Int
    /// The question number, nil for a student-ID grid.
    public var questionNumber: Int?
    /// What was read.
    public var reading: BubbleReading
    /// Per bubble, in printed order: how much of the bubble's inside is dark, from 0 (paper) to 1 (ink).
    public var fills: [Double]

    /// Creates a row reading.
    public init(row: Int, questionNumber: Int?, reading: BubbleReading, fills: [Double]) {
        self.row = row
        self.questionNumber = questionNumber
        self.reading = reading
        self.fills = fills
    }
}
