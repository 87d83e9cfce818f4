import ArgumentParser
import GraderKit

struct PreviewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "preview",
        abstract: "Render one student's page with its grade layer to PNG.",
        discussion: """
            --grid draws a labelled grid in points (from the top-left corner), to read off where \
            to put a grade box.

            Example:
              ezgrader preview exam.ezgrader --student "Anna Schmidt" --page 1 -o page.png --grid
            """)
    @OptionGroup var options: ProjectOptions
    @Option(help: "Student name or roster id (default: the first student).") var student: String?
    @Option(help: "Page number.") var page: Int = 1
    @Option(name: [.short, .customLong("output")], help: "The PNG to write.") var output: String
    @Option(help: "Resolution in dots per inch.") var dpi: String = "100"
    @Flag(help: "Draw a coordinate grid in points.") var grid = false

    func run() throws {
        try reportingErrors {
            let dpi = try value(of: "--dpi") { try TypedValue.resolution(self.dpi) }
            let project = try options.open()
            let name = try project.writePreview(student: try student.map { try project.student(named: $0) }, page: page, dpi: dpi,
                                                grid: grid, to: output)
            print("Wrote \(output): \(name), page \(page).")
        }
    }
}
