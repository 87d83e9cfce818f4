import ArgumentParser
import Foundation
import GraderKit

struct GradeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "grade",
        abstract: "Grade interactively: each student's score on each question, in grading order.",
        discussion: """
            Walks your order (per page by default: one question across the whole class, then the \
            next). Type points and Enter to save at once, ? to clear, i1 i3 to apply rubric items 1 \
            and 3 (-i1 removes one), s (or an empty line) to skip, \
            b to go back, q to quit. The next run resumes at the first ungraded score from where \
            you were (each grader has their own place). A score another grader changed since it was \
            shown is not overwritten: you are told, and shown it again. \
            Reads a pipe too: printf '4\\n3.5\\nq\\n' | ezgrader grade exam.ezgrader

            Example:
              ezgrader grade exam.ezgrader --question Q2
            """)
    @OptionGroup var options: ProjectOptions
    @Option(help: "Only this question.") var question: String?
    @Option(help: "Only the questions on this page.") var page: Int?

    func run() throws {
        try reportingErrors {
            let project = try options.open()
            let filter: GradingSession.Filter = try question.map { .question(try project.question(named: $0).question.id) }
                ?? page.map { .page($0) } ?? .all
            var session = try GradingSession(project, filter: filter)
            guard session.stopCount > 0 else { return print("Nothing to grade: add questions first (ezgrader question add).") }
            guard !session.isFinished else { return print("Everything here is graded (\(session.stopCount) scores).") }
            var saved = 0
            let interactive = isatty(0) == 1
            var listed: QuestionID?
            while let stop = try session.current() {
                if !stop.items.isEmpty, listed != stop.question.question.id {
                    print("  rubric of \(stop.question.name): " + stop.items.map { "i\($0.number) \($0.label)" }.joined(separator: " · "))
                    listed = stop.question.question.id
                }
                print("[\(stop.number)/\(stop.count)] \(stop.studentName) — p. \(stop.question.question.page), \(stop.question.name) "
                    + "(max \(stop.question.question.maxPoints)) now \(stop.score) > ", terminator: "")
                fflush(nil)
                guard let line = readLine()?.trimmingCharacters(in: .whitespaces) else { print(""); break }
                if !interactive { print(line) }  // a piped answer shows in the transcript
                switch line.lowercased() {
                case "q": session.finish()
                case "s", "": session.skip()
                case "b": session.back()
                default:
                    do {
                        if let items = RubricRules.typedItems(line) {
                            try session.apply(items: items.add, removing: items.remove)
                        } else {
                            try session.save(try GradingRules.score(line, for: stop.question))
                        }
                        saved += 1
                    } catch let error as GradingError {
                        writeStandardError("\(error.localizedDescription)\n")
                    }
                }
            }
            print("Saved \(count(saved, "score")); \(try session.ungradedCount()) of \(session.stopCount) still ungraded.")
        }
    }
}
