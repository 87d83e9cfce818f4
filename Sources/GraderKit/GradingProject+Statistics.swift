import Foundation
import GraderAnalysis
@_spi(Rules) import GraderCore

extension GradingProject {
    /// The item analysis and the screening of bubble answers over the project's scores as they stand.
    public func statistics() throws -> ExamAnalysis { ExamAnalysis(book: try store.gradeBook()) }

    /// The paper the class's scans are on (Letter or A4, by most pages), for the printed report;
    /// the reference pages' when no student is left, A4 when there are none either.
    public func reportPaper() throws -> PaperSize {
        let directory = try directory()
        return PaperSize.commonest(of: directory.students.flatMap(\.pageSizes))
            ?? PaperSize.commonest(of: directory.referenceSizes) ?? .a4
    }

    /// The name reports and grade tables give the exam: its title when one was set
    /// (`setExamTitle`), else the project folder's name without `.ezgrader`.
    public func examTitle() throws -> String {
        if let title = try store.examTitle() { return title }
        let name = (folder as NSString).lastPathComponent
        return name.hasSuffix(".ezgrader") ? String(name.dropLast(".ezgrader".count)) : name
    }

    /// Names the exam in reports and grade tables; a blank title goes back to the folder's name.
    public func setExamTitle(_ text: String) throws {
        try permit(.editQuestions)
        try store.setExamTitle(try GradingRules.examTitle(text))
    }
}
