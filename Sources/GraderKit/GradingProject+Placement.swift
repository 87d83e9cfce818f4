@_spi(Rules) import GraderCore

/// Where a question's grade box sits on one student's page, as a grading view draws or crops it.
public struct QuestionPlacement: Sendable, Equatable {
    /// The page, 1-based.
    public let page: Int
    /// The grade box, in points on the student's page as shown (upright), from its top-left corner.
    public let box: PageRect
    /// The page's alignment to the reference page; nil in a project made before pages were aligned.
    /// A flagged alignment (`isFlagged`) means the box sits by page size and may be misplaced.
    public let alignment: PageAlignment?
}

extension GradingProject {
    /// Where `question`'s grade box lands on `student`'s page: its position on the reference page
    /// carried through that page's alignment, exactly where exports and previews draw it.
    public func placement(of question: QuestionID, for student: StudentKey) throws -> QuestionPlacement {
        let book = try store.gradeBook()
        let id = try book.directory.resolveStudent(key: student)
        let numbered = try book.directory.resolveQuestion(id: question)
        let page = book.placed(numbered.question, for: id).page
        return QuestionPlacement(page: page, box: GradeLayer.boxFrame(book, question: numbered.question, student: id),
                                 alignment: book.students[id.index].alignment(page: page))
    }

    /// The region of `student`'s page that shows `rect` of the reference page (points from its
    /// top-left corner): the bounding box of its corners carried through the page's alignment, so
    /// a view crops the same printed answer space for every student.
    public func region(_ rect: PageRect, page: Int, for student: StudentKey) throws -> PageRect {
        let directory = try store.directory()
        let id = try directory.resolveStudent(key: student)
        return directory.region(rect, student: id, page: try GradingRules.page(page, pages: directory.pagesPerStudent))
    }
}
