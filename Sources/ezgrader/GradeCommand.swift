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
            and 3 (-i1 removes one), s, → (or an empty line) to skip, \
            b or ← to go back, h for the keys, q to quit. The next run resumes at the first ungraded \
            score from where you were (each grader has their own place), passing over answers another \
            grader has open, so several graders split a question between them; --review walks the graded \
            scores too, showing each, from the first. A score another grader changed since it was \
            shown is not overwritten: you are told, and shown it again. \
            Reads a pipe too: printf '4\\n3.5\\nq\\n' | ezgrader grade exam.ezgrader

            Example:
              ezgrader grade exam.ezgrader --question Q2
              ezgrader grade exam.ezgrader --review --page 2
            """)
    @OptionGroup var options: ProjectOptions
    @Option(help: "Only this question.") var question: String?
    @Option(help: "Only the questions on this page.") var page: Int?
    @Flag(help: "Walk every score, graded ones too (each shown with its score), from the first.") var review = false

    func run() throws {
        try reportingErrors {
            let project = try options.open()
            let filter: GradingSession.Filter = try question.map { .question(try project.question(named: $0).question.id) }
                ?? page.map { .page($0) } ?? .all
            var session = try GradingSession(project, filter: filter, review: review)
            guard session.stopCount > 0 else { return print("Nothing to grade: add questions first (ezgrader question add).") }
            guard !session.isFinished else { return print("Everything here is graded (\(session.stopCount) scores).") }
            var saved = 0
            let interactive = isatty(0) == 1
            var listed: QuestionID?
            var announcedWrap = false
            while let stop = try session.current() {
                if session.hasWrapped, !announcedWrap {
                    print("Round to the beginning of the order: the scores before where you started.")
                    announcedWrap = true
                }
                if !stop.items.isEmpty, listed != stop.question.question.id {
                    print("  rubric of \(stop.question.name): " + stop.items.map { "i\($0.number) \($0.label)" }.joined(separator: " · "))
                    listed = stop.question.question.id
                }
                print("[\(stop.number)/\(stop.count)] \(stop.studentName) — p. \(stop.page), \(stop.question.name) "
                    + "(max \(stop.question.question.maxPoints)) now \(stop.score) > ", terminator: "")
                fflush(nil)
                guard let line = readLine() else { print(""); break }
                if !interactive { print(GradingInput.printable(line)) }  // a piped answer shows in the transcript
                switch GradingInput(line) {
                case .quit: session.finish()
                case .skip: session.skip()
                case .back: session.back()
                case .help: print(GradingInput.keys)
                case .ignored(let hint): writeStandardError("\(hint)\n")
                case .items(let add, let remove):
                    saved += try saving(in: project) { try session.apply(items: add, removing: remove) }
                case .score(let text):
                    saved += try saving(in: project) { try session.save(typed: text) }
                }
            }
            try project.releaseAnswer()
            print("Saved \(count(saved, "score")); \(try session.ungradedCount()) of \(session.stopCount) still ungraded.")
        }
    }

    /// Runs a save: 1 when it went through, 0 when a rule refused it (the message, worded by the
    /// project so an anonymous one names no student, goes to stderr and the same score is asked again).
    private func saving(in project: GradingProject, _ save: () throws -> Void) throws -> Int {
        do {
            try save()
            return 1
        } catch let error as GradingError {
            writeStandardError("\(project.shownMessage(for: error))\n")
            return 0
        }
    }
}
