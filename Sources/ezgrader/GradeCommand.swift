import ArgumentParser
import Foundation
import GraderCore
import GraderKit

struct GradeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "grade",
        abstract: "Grade interactively: each student's score on each question, in grading order.",
        discussion: """
            Walks the project's order (per page by default: one question across the whole class, \
            then the next). Type points and Enter to save at once, ? to clear, s (or an empty line) \
            to skip, b to go back, q to quit. The next run resumes at the first ungraded score. \
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
            var book = try project.store.gradeBook()
            let questions: [NumberedQuestion]? = try question.map { [try book.resolveQuestion($0)] }
                ?? page.map { number in book.questions.filter { $0.question.page == number } }
            let walk = GradingWalk(book, order: try project.store.place().order, questions: questions)
            guard !walk.stops.isEmpty else { return print("Nothing to grade: add questions first (ezgrader question add).") }
            guard var index = walk.firstUngraded(in: book) else { return print("Everything here is graded (\(walk.stops.count) scores).") }
            var saved = 0
            let (order, _) = try project.store.place()
            let sequence = GradingSequence(studentCount: book.students.count, pagesPerStudent: book.pagesPerStudent, order: order)
            let interactive = isatty(0) == 1
            while index < walk.stops.count {
                let stop = walk.stops[index]
                let name = book.students[stop.student.index].student.name
                let current = book.score(stop.question.question.id, stop.student)
                print("[\(index + 1)/\(walk.stops.count)] \(name) — p. \(stop.question.question.page), \(stop.question.name) "
                    + "(max \(stop.question.question.maxPoints)) now \(current) > ", terminator: "")
                fflush(nil)
                try project.store.setPosition(sequence.index(of: PageRef(student: stop.student, page: stop.question.question.page)))
                guard let line = readLine()?.trimmingCharacters(in: .whitespaces) else { print(""); break }
                if !interactive { print(line) }  // a piped answer shows in the transcript
                switch line.lowercased() {
                case "q": index = walk.stops.count
                case "s", "": index += 1
                case "b": index = max(index - 1, 0)
                default:
                    do {
                        try project.store.setScore(student: name, question: stop.question.name, value: line)
                        saved += 1
                        book = try project.store.gradeBook()
                        index += 1
                    } catch let error as GradingError {
                        writeStandardError("\(error.localizedDescription)\n")
                    }
                }
            }
            let remaining = walk.stops.filter { book.score($0.question.question.id, $0.student) == .ungraded }.count
            print("Saved \(count(saved, "score")); \(remaining) of \(walk.stops.count) still ungraded.")
        }
    }
}
