/// The optional cover page of a returned booklet: the student, a line per question with its
/// score, and the total — drawn as marks on a blank Letter page.
public enum CoverPage {
    /// The cover's size.
    public static let size = PageSize(width: 612, height: 792)

    /// The cover of `student`.
    public static func marks(_ book: GradeBook, student: StudentID) -> PageMarks {
        let entry = book.students[student.index].student
        let black = RGBColor(red: 0, green: 0, blue: 0)
        var marks: [GradeMark] = [
            .note(text: entry.name, at: PagePoint(x: 72, y: 72), fontSize: 20, color: black, maxWidth: 468),
            .note(text: [entry.rosterID, entry.email].compactMap { $0 }.joined(separator: " · "),
                  at: PagePoint(x: 72, y: 102), fontSize: 11, color: black, maxWidth: 468),
        ]
        var y = 140.0
        for numbered in book.questions {
            let score = book.score(numbered.question.id, student)
            marks.append(.note(text: "\(numbered.heading) (page \(numbered.question.page))", at: PagePoint(x: 72, y: y),
                               fontSize: 12, color: black, maxWidth: 330))
            marks.append(.gradeBox(frame: PageRect(origin: PagePoint(x: 440, y: y - 4), width: BoxSize.standard.width,
                                                   height: BoxSize.standard.height),
                                   text: "\(score) / \(numbered.question.maxPoints)", graded: score != .ungraded))
            y += 26
            for item in book.itemsScored(numbered.question.id, student) where y <= 740 {
                marks.append(.note(text: item.label, at: PagePoint(x: 90, y: y - 6), fontSize: 9, color: .red, maxWidth: 340))
                y += 13
            }
            if y > 740 { break }
        }
        marks.append(.note(text: GradeLayer.totalText(book, student), at: PagePoint(x: 72, y: min(y + 14, 760)),
                           fontSize: 14, color: .red, maxWidth: 468))
        return PageMarks(size: size, marks: marks)
    }
}
