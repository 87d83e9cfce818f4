import GraderCore
import GraderPDF

/// One student's page as a grading view draws it over the scan: every grade box (for everyone),
/// and that student's notes, ink and rubric stamps, each with the id a change names; positions in points from
/// the top-left of the page as displayed.
public struct PageLayer: Sendable, Equatable, Encodable {
    /// A grade box.
    public struct Box: Sendable, Equatable, Encodable {
        /// The question's id, its name (label or p2q1) and the rectangle.
        public let question: Int64, name: String, x: Double, y: Double, width: Double, height: Double
        /// "2.5" or "?", and the maximum.
        public let score: String, max: String
        /// The rubric items that made the score, one label each.
        public let items: [String]
    }

    /// A typed note.
    public struct Note: Sendable, Equatable, Encodable {
        /// Its id, top-left corner, text, size and colour ("#rrggbb").
        public let id: Int64, x: Double, y: Double, text: String, fontSize: Double, color: String
        /// Its lines as the PDF wraps them (measured in its font), each with its baseline on the page.
        public let lines: [NoteLayout.Line]
        /// The light backing under it, as in the PDF.
        public let backing: Rect
    }

    /// A rubric stamp, laid out as the PDF draws it (bold, framed, `GradeLayerLook.stampFontSize`).
    public struct Stamp: Sendable, Equatable, Encodable {
        /// Its id (moved and removed as an annotation), top-left corner, the question and item (id and
        /// number) it shows, and the item's label ("−1 Sign error").
        public let id: Int64, x: Double, y: Double, question: Int64, item: Int64, number: Int, text: String
        /// Its lines with their baselines, the framed backing under them and the radius of its corners.
        public let lines: [NoteLayout.Line], backing: Rect, radius: Double
        /// Whether the score comes from it: false under a typed score (then the PDF leaves it out).
        public let counted: Bool
    }

    /// A rectangle in points from the page's top-left corner.
    public struct Rect: Sendable, Equatable, Encodable {
        /// Its top-left corner and size.
        public let x: Double, y: Double, width: Double, height: Double
    }

    /// An ink stroke.
    public struct Stroke: Sendable, Equatable, Encodable {
        /// Its id, points as [x, y] pairs, width, colour and the pen's pressures (one per point) when recorded.
        public let id: Int64, points: [[Double]], width: Double, color: String, pressures: [Double]?
        /// "pen" or "highlighter".
        public let kind: String
    }

    /// How the page lines up with the reference page, for lining it up by hand.
    public struct Alignment: Sendable, Equatable, Encodable {
        /// True when the page did not match (its boxes sit by page size); what was seen on it.
        public let flagged: Bool, reason: String?
        /// A grader placed it by hand.
        public let byHand: Bool
        /// Reference-page points → this page's points (`x' = a·x − b·y + tx`, `y' = b·x + a·y + ty`):
        /// where the boxes are placed from now (`HandAlignment.startingPoint`).
        public let a: Double, b: Double, tx: Double, ty: Double
        /// The reference page's size, in points.
        public let referenceWidth: Double, referenceHeight: Double
    }

    /// The student (key) and page (1-based).
    public let student: Int64, page: Int
    /// The page's size as displayed, in points.
    public let width: Double, height: Double
    /// What is drawn on it.
    public let boxes: [Box], notes: [Note], strokes: [Stroke], stamps: [Stamp]
    /// "Total 17.5 / 24 · 2 ungraded" on page 1, else nil.
    public let total: String?
    /// Its alignment; nil in a project whose pages were never aligned.
    public let alignment: Alignment?
    /// What the page image covers now (`GradingProject.imageStamp`), for its URL.
    public let images: String

    init(_ book: GradeBook, student: StudentID, page: Int, images: String) {
        self.images = images
        let size = book.pageSize(student, page: page)
        self.student = book.students[student.index].key.rawValue
        self.page = page
        (width, height) = (size.width, size.height)
        alignment = book.students[student.index].alignment(page: page).map { aligned in
            let reference = book.referencePageSize(page: page)
            let placed = HandAlignment.startingPoint(of: aligned, reference: reference, on: size)
            return Alignment(flagged: aligned.isFlagged, reason: aligned.problem?.description, byHand: aligned.byHand,
                             a: placed.a, b: placed.b, tx: placed.tx, ty: placed.ty, referenceWidth: reference.width, referenceHeight: reference.height)
        }
        boxes = book.questions.filter { book.placed($0.question, for: student).page == page }.map { numbered in
            let frame = GradeLayer.boxFrame(book, question: numbered.question, student: student)
            return Box(question: numbered.question.id.rawValue, name: numbered.name, x: frame.origin.x, y: frame.origin.y,
                       width: frame.width, height: frame.height, score: book.score(numbered.question.id, student).description,
                       max: numbered.question.maxPoints.description, items: book.itemsScored(numbered.question.id, student).map(\.label))
        }
        var notes: [Note] = [], strokes: [Stroke] = [], stamps: [Stamp] = []
        let items = Dictionary(book.rubricItems.values.joined().map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        for annotation in book.annotations where annotation.page == PageRef(student: student, page: page) {
            switch annotation.content {
            case .note(let note):
                let at = note.position.point(on: size)
                let laid = NoteLayout(note.text, at: at, fontSize: note.fontSize,
                                      maxWidth: GradeLayerLook.standard.noteWidth(at: at.x, pageWidth: size.width))
                let backing = Rect(x: laid.backing.origin.x, y: laid.backing.origin.y, width: laid.backing.width, height: laid.backing.height)
                notes.append(Note(id: annotation.id.rawValue, x: at.x, y: at.y, text: note.text, fontSize: note.fontSize,
                                  color: note.color.description, lines: laid.lines, backing: backing))
            case .ink(let stroke):
                strokes.append(Stroke(id: annotation.id.rawValue, points: stroke.points.map { let p = $0.point(on: size); return [p.x, p.y] },
                                      width: stroke.width, color: stroke.color.description, pressures: stroke.pressures,
                                      kind: stroke.kind.rawValue))
            case .stamp(let stamp):
                guard let item = items[stamp.item] else { continue }
                let at = stamp.position.point(on: size), look = GradeLayerLook.standard
                let laid = NoteLayout(item.label, at: at, fontSize: look.stampFontSize, bold: true, maxWidth: look.noteWidth(at: at.x, pageWidth: size.width))
                stamps.append(Stamp(id: annotation.id.rawValue, x: at.x, y: at.y, question: item.question.rawValue, item: item.id.rawValue,
                                    number: item.number, text: item.label, lines: laid.lines,
                                    backing: Rect(x: laid.backing.origin.x, y: laid.backing.origin.y, width: laid.backing.width, height: laid.backing.height),
                                    radius: laid.radius,
                                    counted: book.scoredItem(of: stamp, student: student) != nil))
            }
        }
        (self.notes, self.strokes, self.stamps) = (notes, strokes, stamps)
        total = page == 1 && !book.questions.isEmpty ? GradeLayer.totalText(book, student) : nil
    }
}
