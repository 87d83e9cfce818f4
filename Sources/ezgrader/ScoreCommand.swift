import ArgumentParser
import GraderKit

struct ScoreCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "score",
        abstract: "Give one student's score on one question (? clears it).",
        discussion: """
            Example:
              ezgrader score exam.ezgrader --student "O'Brien, Pat" --question Q2 3.5
              ezgrader score exam.ezgrader --student S1003 --question Q2 ?
            """)
    @OptionGroup var options: ProjectOptions
    @Option(help: "Student: their name as you would type it (any case or accents, \"First Last\" or \"Last, First\", a unique start) or roster id.") var student: String
    @Option(help: "Question label or p<page>q<n>.") var question: String
    @Argument(help: "Points (0 to max, steps of 0.25) or ?.") var value: String
    @Flag(help: "Replace a score another grader gave (recorded as an overwrite).") var overwrite = false

    func run() throws {
        try reportingErrors {
            let project = try options.open()
            let numbered = try project.question(named: question), key = try project.student(named: student)
            let score = try project.setScore(typed: value, student: key, question: numbered.question.id, overwrite: overwrite)
            // The student matched, not the name as typed ("pat obrien" → "O'Brien, Pat").
            let name = try project.shownName(of: key)
            if options.json { try printJSON(["student": name, "question": numbered.name, "score": score.description]) } else {
                print("\(name): \(numbered.name) = \(score)")
            }
        }
    }
}
