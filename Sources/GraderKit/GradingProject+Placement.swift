import GraderCore

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
        let page = numbered.question.page
        return QuestionPlacement(page: page, box: GradeLayer.boxFrame(book, question: numbered.question, student: id),
                                 alignment: book.students[id.index].alignment(page: page))
    }

    /// The region of `student`'s page that shows `rect` of the reference page (points from its
    /// top-left corner): the bounding box of its corners carried through the page's alignment, so
    /// a view crops the same printed answer space for every student.
    public func region(_ rect: PageRect, page: Int, for student: StudentKey) throws -> PageRect {
        let book = try store.gradeBook()
        let id = try book.directory.resolveStudent(key: student)
        _ = try GradingRules.page(page, pages: book.pagesPerStudent)
        let reference = book.referencePageSize(page: page)
        let corners = [(0.0, 0.0), (1.0, 0.0), (0.0, 1.0), (1.0, 1.0)].compactMap { fx, fy in
            RelativePoint(PagePoint(x: rect.origin.x + fx * rect.width, y: rect.origin.y + fy * rect.height), on: reference)
        }.map { book.place($0, student: id, page: page) }
        guard corners.count == 4 else {
            throw GradingError.positionOffPage(x: rect.origin.x + rect.width, y: rect.origin.y + rect.height, page: page, size: reference)
        }
        let xs = corners.map(\.x), ys = corners.map(\.y)
        let (minX, maxX, minY, maxY) = (xs.min()!, xs.max()!, ys.min()!, ys.max()!)
        return PageRect(origin: PagePoint(x: minX, y: minY), width: maxX - minX, height: maxY - minY)
    }
}
