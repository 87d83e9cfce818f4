import ArgumentParser
import Foundation
import GraderKit

struct GroupsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "groups",
        abstract: "List a question's suggested answer groups (blank answers, the same number, alike ink), largest first.",
        discussion: """
            Each student's ink over the print in the question's answer space, grouped; each group \
            with its confidence (groups at 0.5 and above are shown as confident). Answers already in \
            a group a grader confirmed are left out. Nothing is graded: confirm and grade groups in \
            the browser's Groups view.

            A question whose answer is a number written one digit a box has an answer box: declare \
            it once with --answer-box (the first box's printed outline on the reference page), \
            --digits and, when the boxes stand apart, --pitch; its answers are then grouped by the \
            number the digit reader reads. --no-answer-box removes it.

            Examples:
              ezgrader groups exam.ezgrader --question Q3
              ezgrader groups exam.ezgrader --question Q1 --answer-box 360,96,20,26 --pitch 23 --digits 3
            """)
    @Argument(help: "The project folder.") var project: String
    @Option(help: "The question: its label or p<page>q<n>.") var question: String
    @Option(name: .customLong("answer-box"), help: ArgumentHelp("Declare the question's answer box first: the first digit box's printed outline, in points on the reference page.", valueName: "x,y,width,height"))
    var answerBox: String?
    @Option(help: "With --answer-box: how many digit boxes (1 to 12).") var digits: Int?
    @Option(help: ArgumentHelp("With --answer-box: from one box's left edge to the next's, in points (default: the box's width).", valueName: "points"))
    var pitch: Double?
    @Flag(name: .customLong("no-answer-box"), help: "Remove the question's answer box first.") var noAnswerBox = false
    @OptionGroup var grader: GraderOption
    @Flag(help: "Print the result as JSON.") var json = false

    struct GroupLine: Encodable { let size: Int, kind: String, value: String?, confidence: Double, confident: Bool, students: [String] }

    func validate() throws {
        if answerBox != nil, noAnswerBox { throw ValidationError("Give --answer-box or --no-answer-box, not both.") }
        if answerBox != nil, digits == nil { throw ValidationError("--answer-box needs --digits: how many digit boxes the answer has.") }
        if answerBox == nil, digits != nil || pitch != nil { throw ValidationError("--digits and --pitch go with --answer-box.") }
    }

    func run() throws {
        try reportingErrors {
            let opened = try GradingProject.open(GradingProject.folder(named: project), as: try grader.resolved())
            let id = try opened.question(named: question).question.id
            if let answerBox, let digits {
                let box = try value(of: "--answer-box") { try TypedValue.region(answerBox) }
                try opened.declareAnswerBox(question: id, firstBox: box, digits: digits, pitch: pitch)
            } else if noAnswerBox {
                try opened.removeAnswerBox(question: id)
            }
            let groups = try opened.suggestedGroups(question: id).map { group in
                GroupLine(size: group.students.count, kind: group.kindName, value: group.value, confidence: (group.confidence * 100).rounded() / 100,
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
