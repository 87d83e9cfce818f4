import GraderCore

/// One field of a printed answer sheet: a grid of bubbles with every centre known, in page points
/// from the top-left corner, y down.
public struct PrintedField: Sendable, Hashable {
    /// What a field asks for.
    public enum Kind: String, Sendable, Hashable {
        /// One answer per question.
        case single
        /// Any number of answers per question.
        case multiple
        /// One digit per position of the student's number.
        case studentID
        /// One digit per position of a numeric answer.
        case numeric
        /// A single box ticked or not.
        case checkbox
    }

    /// The field's name: "mc1", "student-id", "q41", "version-b".
    public var id: String
    /// What the field asks for.
    public var kind: Kind
    /// Rows: questions (single, multiple, checkbox) or digit positions (studentID, numeric).
    public var rows: Int
    /// Labels of a row's bubbles in printed order: A–E, "0"…"9", or ["X"] for a checkbox.
    public var choices: [String]
    /// false: a row's choices run left → right and rows run top → bottom (answers, checkbox);
    /// true: a position's choices run top → bottom and positions run left → right (studentID, numeric).
    public var down: Bool
    /// Number of the first question (answers), 1 for others.
    public var firstQuestion: Int
    /// Every bubble's centre in page points (from the top-left, y down), [row][choice]. Spacing may be
    /// irregular (e.g. an extra gap after every 5 rows).
    public var centres: [[PagePoint]]
    /// Outer width of a printed bubble, in points.
    public var bubbleWidth: Double
    /// Outer height of a printed bubble, in points (≠ width for ellipses and rectangles).
    public var bubbleHeight: Double

    /// Creates a field from its bubbles' centres.
    public init(
        id: String, kind: Kind, rows: Int, choices: [String], down: Bool, firstQuestion: Int = 1,
        centres: [[PagePoint]], bubbleWidth: Double, bubbleHeight: Double
    ) {
        self.id = id
        self.kind = kind
        self.rows = rows
        self.choices = choices
        self.down = down
        self.firstQuestion = firstQuestion
        self.centres = centres
        self.bubbleWidth = bubbleWidth
        self.bubbleHeight = bubbleHeight
    }

    /// Centre of the first bubble (row 0, choice 0): what an instructor types.
    public var first: PagePoint { centres[0][0] }
    /// Centre of the last bubble (last row, last choice): what an instructor types.
    public var last: PagePoint { centres[rows - 1][choices.count - 1] }

    /// True for the fields that hold answers to questions (single and multiple).
    var isAnswerField: Bool { kind == .single || kind == .multiple }
}

extension PrintedField {
    /// A regular grid: `choicePitch` between a row's bubbles, `rowPitch` between rows, and an extra
    /// `groupGap` after every `groupSize` rows; `origin` is the first bubble's centre.
    init(
        id: String, kind: Kind, rows: Int, choices: [String], firstQuestion: Int = 1, origin: PagePoint,
        choicePitch: Double, rowPitch: Double, groupSize: Int = .max, groupGap: Double = 0,
        bubbleWidth: Double, bubbleHeight: Double
    ) {
        let down = kind == .studentID || kind == .numeric
        let centres = (0..<rows).map { row in
            let across = Double(row) * rowPitch + Double(row / groupSize) * groupGap
            return choices.indices.map { choice in
                let along = Double(choice) * choicePitch
                return down ? PagePoint(x: origin.x + across, y: origin.y + along)
                            : PagePoint(x: origin.x + along, y: origin.y + across)
            }
        }
        self.init(id: id, kind: kind, rows: rows, choices: choices, down: down, firstQuestion: firstQuestion,
                  centres: centres, bubbleWidth: bubbleWidth, bubbleHeight: bubbleHeight)
    }
}
