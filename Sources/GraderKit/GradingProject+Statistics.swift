import Foundation
import GraderAnalysis
import GraderCore

extension GradingProject {
    /// The item analysis and the screening of bubble answers over the project's scores as they stand.
    public func statistics() throws -> ExamAnalysis { ExamAnalysis(book: try store.gradeBook()) }

    /// The name a report gives the exam: the project folder without `.ezgrader`.
    public var examTitle: String {
        let name = (folder as NSString).lastPathComponent
        return name.hasSuffix(".ezgrader") ? String(name.dropLast(".ezgrader".count)) : name
    }
}
