import GraderCore
import GraderPDF

/// One student's page as a grading view draws it over the scan: every grade box (for everyone),
/// and that student's notes and ink, each with the id a change names; positions in points from
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

    /// The student (key) and page (1-based).
    public let student: Int64, page: Int
    /// The page's size as displayed, in points.
    public let width: Double, height: Double
    /// What is drawn on it.
    public let boxes: [Box], notes: [Note], strokes: [Stroke]
    /// "Total 17.5 / 24 · 2 ungraded" on page 1, else nil.
    public let total: String?
    /// What the page image covers now (`GradingProject.imageStamp`), for its URL.
    public let images: String

    init(_ book: GradeBook, student: StudentID, page: Int, images: String) {
        self.images = images
        let size = book.pageSize(student, page: page)
        self.student = book.students[student.index].key.rawValue
        self.page = page
        (width, height) = (size.width, size.height)
        boxes = book.questions.filter { $0.question.page == page }.map { numbered in
            let frame = GradeLayer.boxFrame(book, question: numbered.question, student: student)
            return Box(question: numbered.question.id.rawValue, name: numbered.name, x: frame.origin.x, y: frame.origin.y,
                       width: frame.width, height: frame.height, score: book.score(numbered.question.id, student).description,
                       max: numbered.question.maxPoints.description, items: book.itemsScored(numbered.question.id, student).map(\.label))
        }
        var notes: [Note] = [], strokes: [Stroke] = []
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
            }
        }
        (self.notes, self.strokes) = (notes, strokes)
        total = page == 1 && !book.questions.isEmpty ? GradeLayer.totalText(book, student) : nil
    }
}
