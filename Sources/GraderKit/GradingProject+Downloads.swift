import Foundation
import GraderCore

/// What a browser downloads: a grade table, one student's graded PDF. Both carry real names, so
/// they are refused while anonymous grading is on.
extension GradingProject {
    /// `layout`'s table as CSV text (UTF-8).
    public func downloadTable(_ layout: GradeTable.Layout) throws -> String {
        try permit(.export)
        try refuseWhileAnonymous("grade tables")
        return try ScoreTables.csv(self, layout: layout, assignment: try examTitle())
    }

    /// `student`'s graded PDF with its cover page, and the file name to give it.
    public func downloadGradedPDF(of student: StudentKey) throws -> (name: String, pdf: Data) {
        try permit(.export)
        try refuseWhileAnonymous("graded PDFs")
        let book = try gradeBook()
        let index = try book.directory.resolveStudent(key: student).index
        let work = NSTemporaryDirectory() + "ezgrader-download-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: work) }
        let report = try PDFExport.run(self, .init(folder: work, cover: true, all: true, only: [student]))
        guard let file = report.written.first, let pdf = FileManager.default.contents(atPath: work + "/" + file) else {
            throw GradingError.unknownStudent(book.students[index].student.name)
        }
        return (file, pdf)
    }

    private func refuseWhileAnonymous(_ what: String) throws {
        if try anonymity().isOn { throw GradingError.anonymousDownload(what) }
    }
}
