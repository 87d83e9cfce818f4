/// The optional cover of a returned booklet: the course and exam title, the student, a row per
/// question with its score and the rubric items that made it (a stamped one with its page), and the total with its percentage —
/// drawn as marks on blank Letter pages, continued on as many pages as the questions need.
public enum CoverPage {
    /// What heads every cover of an export.
    public struct Heading: Hashable, Sendable {
        /// The course ("MATH 101, Fall 2026"), if given.
        public var course: String?
        /// The exam's title ("Midterm 1"), if given.
        public var title: String?

        /// Creates a heading.
        public init(course: String? = nil, title: String? = nil) {
            self.course = course
            self.title = title
        }

        /// "MATH 101 — Midterm 1", or nil when neither is given.
        var text: String? {
            let parts = [course, title].compactMap { $0?.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            return parts.isEmpty ? nil : parts.joined(separator: " — ")
        }
    }

    /// The height in points `text` takes at `fontSize`, wrapped at `maxWidth` points (the PDF
    /// layer measures with the font the marks are drawn in).
    public typealias TextHeight = (_ text: String, _ fontSize: Double, _ maxWidth: Double) -> Double

    /// The cover's size.
    public static let size = PageSize(width: 612, height: 792)

    private static let margin = 72.0, bottom = 792.0 - 60
    private static let black = RGBColor(red: 0, green: 0, blue: 0)
    private static let scoreX = 440.0, headingWidth = 340.0, itemWidth = 330.0

    /// The cover pages of `student` (one, or more when the questions do not fit on one).
    public static func pages(_ book: GradeBook, student: StudentID, heading: Heading = Heading(),
                             textHeight: @escaping TextHeight) -> [PageMarks] {
        var cover = Layout(textHeight: textHeight)
        let entry = book.students[student.index].student
        if let text = heading.text { cover.line(text, x: margin, fontSize: 12, width: 468, color: black, after: 10) }
        cover.line(entry.name, x: margin, fontSize: 20, width: 468, color: black, after: 4)
        let ids = [entry.rosterID, entry.email].compactMap { $0 }.joined(separator: " · ")
        if !ids.isEmpty { cover.line(ids, x: margin, fontSize: 11, width: 468, color: black, after: 0) }
        cover.y += 24
        let stamped = Dictionary(book.stamps(of: student).map { ($0.stamp.item, $0.page) }, uniquingKeysWith: { first, _ in first })
        for numbered in book.questions {
            let score = book.score(numbered.question.id, student)
            let label = "\(numbered.heading) (page \(numbered.question.page))"
            let rowHeight = max(textHeight(label, 12, headingWidth), BoxSize.standard.height) + 6
            cover.makeRoom(rowHeight, continuing: entry.name)
            cover.marks.append(.gradeBox(frame: PageRect(origin: PagePoint(x: scoreX, y: cover.y - 4), width: BoxSize.standard.width,
                                                         height: BoxSize.standard.height),
                                         text: "\(score) / \(numbered.question.maxPoints)", graded: score != .ungraded))
            cover.line(label, x: margin, fontSize: 12, width: headingWidth, color: black, after: rowHeight - textHeight(label, 12, headingWidth))
            for item in book.itemsScored(numbered.question.id, student) {
                // A stamped item says where on the booklet it was placed.
                let text = item.label + (stamped[item.id].map { " (stamped on page \($0))" } ?? "")
                cover.makeRoom(textHeight(text, 9, itemWidth) + 3, continuing: entry.name)
                cover.line(text, x: margin + 18, fontSize: 9, width: itemWidth, color: .red, after: 3)
            }
        }
        let total = GradeLayer.totalText(book, student, percent: true)
        cover.makeRoom(textHeight(total, 14, 468) + 14, continuing: entry.name)
        cover.y += 14
        cover.line(total, x: margin, fontSize: 14, width: 468, color: .red, after: 0)
        return cover.finished()
    }

    /// Marks placed top to bottom, onto a new page when the next block does not fit.
    private struct Layout {
        let textHeight: TextHeight
        var done: [PageMarks] = []
        var marks: [GradeMark] = []
        var y = CoverPage.margin

        /// Places `text` at the current height and moves below it (and `after` points more).
        mutating func line(_ text: String, x: Double, fontSize: Double, width: Double, color: RGBColor, after: Double) {
            marks.append(.note(text: text, at: PagePoint(x: x, y: y), fontSize: fontSize, color: color, maxWidth: width))
            y += textHeight(text, fontSize, width) + after
        }

        /// Starts a new page, headed "<name> (continued)", unless `height` points still fit.
        mutating func makeRoom(_ height: Double, continuing name: String) {
            guard y + height > CoverPage.bottom else { return }
            done.append(PageMarks(size: CoverPage.size, marks: marks))
            (marks, y) = ([], CoverPage.margin)
            line("\(name) (continued)", x: CoverPage.margin, fontSize: 12, width: 468, color: CoverPage.black, after: 16)
        }

        func finished() -> [PageMarks] { done + [PageMarks(size: CoverPage.size, marks: marks)] }
    }
}
