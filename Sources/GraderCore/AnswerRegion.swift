/// The part of a page a grading view shows for a question: the band from the question's grade box
/// down to the next box below it on the same page (to the foot of the page for the last one), the
/// full width of the page — where a structured exam puts the answer to the question it scores.
public enum AnswerRegion {
    /// Room kept above the box and below the band, in points.
    public static let margin = 12.0
    /// The shortest band shown, in points (two boxes on one line still show an answer).
    public static let minimumHeight = 144.0

    /// The band of `question` on a page of `size`, given every question of the project.
    public static func band(of question: NumberedQuestion, among questions: [NumberedQuestion], size: PageSize) -> PageRect {
        band(of: question, among: questions, size: size, shortest: minimumHeight)
    }

    /// The answer space of `question` on the reference page (of `size`): the band from its box to
    /// just above the next box below, however short — what a student wrote for this question and
    /// nothing of the next one's (the view's band is at least `minimumHeight` tall, and so reaches
    /// into the next answer when questions sit close).
    public static func answerSpace(of question: NumberedQuestion, among questions: [NumberedQuestion], size: PageSize) -> PageRect {
        band(of: question, among: questions, size: size, shortest: 0)
    }

    private static func band(of question: NumberedQuestion, among questions: [NumberedQuestion], size: PageSize, shortest: Double) -> PageRect {
        let top = question.question.position.point(on: size).y
        let boxBottom = top + question.question.size.height
        let nextTop = questions
            .filter { $0.question.page == question.question.page && $0.question.id != question.question.id }
            .map { $0.question.position.point(on: size).y }
            .filter { $0 >= boxBottom }
            .min()
        let y0 = max(top - margin, 0)
        let y1 = min(max(nextTop.map { $0 - margin / 2 } ?? size.height, y0 + shortest), size.height)
        return PageRect(origin: PagePoint(x: 0, y: y0), width: size.width, height: max(y1 - y0, 1))
    }

    /// The band of `question` on `student`'s page: found on the reference page of their version
    /// (where it places the question, and the other questions below it) and carried through the
    /// page's alignment, so every student shows the same printed answer space; the full width of
    /// their page, inside it. Its page is `book.placed(question, for: student).page`.
    public static func band(of question: NumberedQuestion, among questions: [NumberedQuestion], in book: GradeBook,
                            student: StudentID) -> PageRect {
        let placed = book.placed(question, for: student), page = placed.question.page
        let size = book.pageSize(student, page: page), reference = book.referencePageSize(page: page, for: student)
        let onReference = band(of: placed, among: questions.map { book.placed($0, for: student) }, size: reference)
        let alignment = book.students[student.index].alignment(page: page) ?? PageAlignment(transform: nil, score: 0)
        let region = alignment.region(onReference, reference: reference, on: size)
        let (y0, y1) = (max(region.origin.y, 0), min(region.origin.y + region.height, size.height))
        return PageRect(origin: PagePoint(x: 0, y: y0), width: size.width, height: max(y1 - y0, 1))
    }
}
