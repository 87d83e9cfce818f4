import ArgumentParser
import GraderCore
import GraderKit
import GraderPDF

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
    @Option(help: "Resolution in dots per inch.") var dpi: Double = 100
    @Flag(help: "Draw a coordinate grid in points.") var grid = false

    func run() throws {
        try reportingErrors {
            let dpi = try GradingRules.resolution(dpi)
            let project = try options.open()
            let book = try project.store.gradeBook()
            guard !book.students.isEmpty else { throw GradingError.unknownStudent(student ?? "(the project has no students)") }
            let id = try student.map { name throws(GradingError) in try book.resolveStudent(name) } ?? StudentID(0)
            _ = try GradingRules.page(page, pages: book.pagesPerStudent)
            try project.verifyScans(book)
            let document = try PDFDocument(path: project.scanPath(book.students[id.index]))
            try PagePreview.writePNG(of: document, pageIndex: page - 1, marks: GradeLayer.marks(book, student: id, page: page, reviewHighlights: true).marks,
                                     dpi: dpi, grid: grid, to: output)
            print("Wrote \(output): \(book.students[id.index].student.name), page \(page).")
        }
    }
}
