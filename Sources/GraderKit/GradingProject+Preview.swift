@_spi(Rules) import GraderCore
import GraderPDF

extension GradingProject {
    /// Renders `page` of `student` (default: the first student) with its grade layer to a PNG at
    /// `path`, with a coordinate grid in points when `grid` is set and the bubble rows to review
    /// framed; while grading is anonymous, the name region of page 1 is covered. Only that
    /// student's scan is checked against its digest. Returns the name shown for the student.
    @discardableResult
    public func writePreview(student: StudentKey? = nil, page: Int, dpi: Double, grid: Bool, to path: String) throws -> String {
        let book = try gradeBook()
        guard !book.students.isEmpty else { throw GradingError.noStudents }
        let id = try student.map { key throws(GradingError) in try book.directory.resolveStudent(key: key) } ?? StudentID(0)
        _ = try GradingRules.page(page, pages: book.pagesPerStudent)
        let entry = book.students[id.index]
        try verifyScans(of: [entry])
        let document = try PDFDocument(path: scanPath(entry))
        // The grid is the reference page's, laid through this page's alignment: where a typed position lands.
        let alignment = entry.alignment(page: page)
        let gridPlacement = PagePreview.Grid(referenceSize: book.referencePageSize(page: page),
                                             transform: alignment?.transform ?? .identity)
        try PagePreview.writePNG(of: document, pageIndex: page - 1,
                                 marks: GradeLayer.marks(book, student: id, page: page, reviewHighlights: true).marks,
                                 covered: try coveredRegions(book.directory, student: id, page: page),
                                 dpi: dpi, grid: grid ? gridPlacement : nil, upsideDown: alignment?.upsideDown == true, to: path)
        return try displayNames(book)[entry.key] ?? entry.student.name
    }
}
