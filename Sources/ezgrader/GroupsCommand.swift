import ArgumentParser
import Foundation
import GraderKit

struct GroupsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "groups",
        abstract: "List a question's suggested answer groups (blank answers, alike ink), largest first.",
        discussion: """
            Each student's ink over the print in the question's answer space, grouped; each group \
            with its confidence (groups at 0.5 and above are shown as confident). Answers already in \
            a group a grader confirmed are left out. Nothing is graded: confirm and grade groups in \
            the browser's Groups view.

            Example:
              ezgrader groups exam.ezgrader --question Q3
            """)
    @Argument(help: "The project folder.") var project: String
    @Option(help: "The question: its label or p<page>q<n>.") var question: String
    @OptionGroup var grader: GraderOption
    @Flag(help: "Print the result as JSON.") var json = false

    struct GroupLine: Encodable { let size: Int, kind: String, confidence: Double, confident: Bool, students: [String] }

    func run() throws {
        try reportingErrors {
            let opened = try GradingProject.open(GradingProject.folder(named: project), as: try grader.resolved())
            let groups = try opened.suggestedGroups(question: try opened.question(named: question).question.id).map { group in
                GroupLine(size: group.students.count, kind: group.kindName, confidence: (group.confidence * 100).rounded() / 100,
                          confident: group.isConfident, students: group.names)
            }
            if json { return try printJSON(groups) }
            for (index, group) in groups.enumerated() {
                let confidence = String(format: "%.2f", group.confidence) + (group.confident ? " (confident)" : "")
                print("\(index + 1). \(group.kind), \(count(group.size, "answer")), confidence \(confidence): \(group.students.joined(separator: ", "))")
            }
        }
    }
}
