import ArgumentParser
import GraderKit

struct NewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "new",
        abstract: "Create a grading project from the students' scans.",
        discussion: """
            Creates NAME.ezgrader/ with the project database and the scans imported into it \
            (each its own copy — a reflink where the file system allows — with its SHA-256). The scans are checked \
            like merge checks them.

            --bulk: the scans are one or a few PDFs of the whole class, printed with ezgrader \
            prepare. Pages are sorted into copies by their codes (any order, upside down, blank \
            backs skipped); pages scanned twice, other exams' pages, missing pages and pages \
            without a readable code are listed (fix them with assign and add-scans). With \
            --roster, copy N is the roster's N-th student, as prepare printed it; otherwise match \
            copies to students with ezgrader match. Every page of a complete copy is aligned to \
            --master (give the exam as it went to prepare) or to the first complete copy.

            --pages-per-student N: a bulk scan without codes is split every N pages. Every page is \
            aligned to the first copy's page of its position and of the positions next to it, and \
            the whole stack is read at once: where the pages after one fall out of step (a page \
            dropped or fed twice) the copy is named and nothing is created; a page that only looks \
            somewhat more like a neighbour is listed to check.

            Example:
              ezgrader new exam SamplePDFs/scanned --roster SamplePDFs/roster.csv
              ezgrader new exam --bulk batch1.pdf batch2.pdf --roster roster.csv
              ezgrader new quiz --pages-per-student 2 quiz-scan.pdf
            """)

    @Argument(help: "Project name; the folder NAME.ezgrader is created.") var name: String
    @Argument(help: ArgumentHelp("The students' PDFs, or folders of them.", valueName: "scans")) var scans: [String]
    @Option(help: "CSV mapping scan files to students: columns file,name[,id,email].") var roster: String?
    @Option(help: "Password of password-protected scans (they are stored decrypted).") var password: String?
    @Option(help: "A rubric (YAML) whose questions to add.") var rubric: String?
    @Option(help: ArgumentHelp("The unwritten exam (PDF) to align every page to; default: the first student's booklet.",
                               valueName: "blank.pdf")) var master: String?
    @Flag(help: "The scans are bulk scans of copies printed with ezgrader prepare.") var bulk = false
    @Option(help: "Split bulk scans without codes every N pages.") var pagesPerStudent: Int?
    @OptionGroup var grader: GraderOption
    @Flag(help: "Print the result as JSON.") var json = false

    func run() throws {
        let folder = GradingProject.newFolder(named: name)
        if bulk || pagesPerStudent != nil { return try runBulk(folder) }
        let progress = TerminalProgress(label: "checking scans")
        let aligning = TerminalProgress(label: "aligning pages")
        let project = try reportingErrors {
            try GradingProject.create(folder, scans: scans, rosterPath: roster, password: password, rubricPath: rubric,
                                      masterPath: master, grader: try grader.resolved(), progress: progress.update,
                                      aligning: aligning.update)
        }
        progress.finish()
        aligning.finish()
        let book = try reportingErrors { try project.directory() }
        let alignment = AlignmentReport(book.students)
        if json {
            struct Created: Encodable { let project: String, students: Int, pages: Int, flaggedPages: Int }
            try printJSON(Created(project: folder, students: book.students.count, pages: book.pagesPerStudent,
                                  flaggedPages: alignment?.flagged.count ?? 0))
        } else {
            print("Created \(folder): \(count(book.students.count, "student")) × \(count(book.pagesPerStudent, "page")).")
            if let alignment, !alignment.flagged.isEmpty { alignment.lines(project: name).forEach { print($0) } }
            if book.questions.isEmpty {
                print("Next: add a question, e.g. ezgrader question add \(folder) --page 1 --at 430,60 --max 4 --label Q1")
            } else {
                print("\(count(book.questions.count, "question")) from the rubric. Next: ezgrader grade \(folder)")
            }
        }
    }

    private func runBulk(_ folder: String) throws {
        let progress = TerminalProgress(label: "reading page codes")
        let (project, report) = try reportingErrors {
            // Bulk copies are placed by their codes (or by count) from scans read as they are.
            if password != nil { throw BulkError.optionNotForBulk("--password") }
            guard let pagesPerStudent else {
                return try GradingProject.createFromBulk(folder, scans: scans, rosterPath: roster, rubricPath: rubric, masterPath: master,
                                                         grader: try grader.resolved(), progress: progress.update)
            }
            if master != nil { throw BulkError.optionNotForBulk("--master") }
            return try GradingProject.createFromFixedSplit(folder, scans: scans, pagesPerStudent: pagesPerStudent, rosterPath: roster,
                                                           rubricPath: rubric, grader: try grader.resolved(), progress: progress.update)
        }
        progress.finish()
        let book = try reportingErrors { try project.directory() }
        if json {
            try printJSON(BulkJSON(report, project: folder, students: book.students.count))
        } else {
            print("Created \(folder): \(count(book.students.count, "student")) × \(count(book.pagesPerStudent, "page")).")
            printBulkReport(report)
        }
    }
}
