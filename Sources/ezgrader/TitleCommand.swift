import ArgumentParser
import GraderKit

struct TitleCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "title",
        abstract: "Show or set the exam's title: the heading of stats reports and the assignment in grade tables.",
        discussion: """
            Without a title, prints the one in use: the one set, else the project folder's name. \
            "" goes back to the folder's name.

            Example:
              ezgrader title exam "Midterm, Spring 2026"
              ezgrader title exam
            """)
    @OptionGroup var options: ProjectOptions
    @Argument(help: "The new title (one line).") var title: String?

    func run() throws {
        try reportingErrors {
            let project = try options.open()
            if let title { try project.setExamTitle(title) }
            let shown = try project.examTitle()
            if options.json { return try printJSON(["title": shown]) }
            print(title == nil ? shown : "The exam's title is now \"\(shown)\".")
        }
    }
}
