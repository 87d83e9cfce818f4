import ArgumentParser
import Foundation
import GraderKit

struct InfoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "info",
        abstract: "Describe a project, or check a set of scans before creating one.",
        discussion: """
            For scans: each file's student name, pages and page size, then whether the set is a \
            structured assignment (the same check new and merge make).

            Example:
              ezgrader info SamplePDFs/scanned
              ezgrader info exam.ezgrader
            """)
    @Argument(help: ArgumentHelp("A project folder, or the students' PDFs (or folders of them).", valueName: "paths")) var paths: [String]
    @Option(help: "CSV mapping scan files to students.") var roster: String?
    @Option(help: "Password of password-protected scans.") var password: String?
    @OptionGroup var grader: GraderOption
    @Flag(help: "Print the result as JSON.") var json = false

    struct ScanLine: Encodable { let file: String, student: String, pages: Int, pageSize: String }
    struct ProjectInfo: Encodable {
        let project: String, students: Int, pages: Int, questions: Int, order: String, schemaVersion: Int
        let alignment: AlignmentReport?
        let bulk: BulkJSON?
    }

    func run() throws {
        if paths.count == 1, GradingProject.isProject(GradingProject.folder(named: paths[0])) {
            return try reportingErrors {
                let project = try GradingProject.open(GradingProject.folder(named: paths[0]), as: try grader.resolved())
                let book = try project.directory(), bulk = try project.bulkReportIfBulk()
                let info = ProjectInfo(project: project.folder, students: book.students.count, pages: book.pagesPerStudent,
                                       questions: book.questions.count, order: try project.place().order.name,
                                       schemaVersion: GradingProject.schemaVersion, alignment: AlignmentReport(book.students),
                                       bulk: bulk.map { BulkJSON($0, project: paths[0], toLookAtOnly: true) })
                if json { return try printJSON(info) }
                print("\(info.project): \(count(info.students, "student")) × \(count(info.pages, "page")), "
                    + "\(count(info.questions, "question")), \(info.order) order.")
                for line in info.alignment?.lines(project: paths[0]) ?? [] { print(line) }
                if let bulk { printHeldBack(bulk) }
            }
        }
        try reportingErrors {
            let loaded = try ClassLoader.load(paths, rosterPath: roster, password: password)
            let lines = loaded.classSet.submissions.enumerated().map { index, submission in
                ScanLine(file: submission.fileName, student: submission.student.name, pages: submission.pageCount,
                         pageSize: Set(loaded.pageSizes[index].map(\.description)).sorted().joined(separator: ", "))
            }
            if json { return try printJSON(lines) }
            for line in lines { print("\(line.file)\t\(line.student)\t\(count(line.pages, "page"))\t\(line.pageSize)") }
            print("OK: \(count(lines.count, "booklet")) of \(count(loaded.classSet.pagesPerStudent, "page")) — a structured assignment.")
        }
    }
}
