import GraderKit
import TestSupport

extension TestProject {
    /// Anna and Ben with one question, Q1 (4 points), opened by the graders `first` and `second`.
    static func twoGraders(_ first: String, _ second: String, in folder: TemporaryFolder) throws -> (GradingProject, GradingProject) {
        let store = try project(in: folder, names: ["Anna", "Ben"])
        _ = try store.addQuestion(page: 1, at: "100,100", maxPoints: "4", label: "Q1")
        return (store.acting(as: try Grader(first)), store.acting(as: try Grader(second)))
    }
}
