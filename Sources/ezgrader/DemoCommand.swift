import ArgumentParser
import Foundation
import GraderKit

struct DemoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "Run the whole workflow on the bundled sample class and show where to look.",
        discussion: """
            Creates a project from SamplePDFs/scanned with its roster and rubric, grades part of \
            it, writes a note and an ink stroke, then exports the grade tables, the graded PDFs, \
            the combined class document and a preview. Running it again starts over.

            Example:
              ezgrader demo --out ezgrader-demo
            """)
    @Option(help: "Folder for the demo's project and outputs.") var out = "ezgrader-demo"
    @Option(help: "The bundled samples folder (default: SamplePDFs here, or in ezgrader's source folder).") var samples: String?
    @OptionGroup var grader: GraderOption

    func run() throws {
        let project = (out as NSString).appendingPathComponent("sample.ezgrader")
        let outExisted = FileManager.default.fileExists(atPath: out)
        do {
            try demo(project: project)
        } catch {
            // A refused demo leaves nothing: the folder it made goes.
            if !outExisted { try? FileManager.default.removeItem(atPath: out) }
            throw error
        }
    }

    /// The bundled samples: `--samples`, else `SamplePDFs` here, else the one in the source folder
    /// the running ezgrader was built in (found up from the executable), so the demo runs anywhere.
    private func samplesFolder() throws -> String {
        if let samples { return samples }
        let isSamples = { (folder: String) in FileManager.default.fileExists(atPath: folder + "/roster.csv") }
        if isSamples("SamplePDFs") { return "SamplePDFs" }
        var folder = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
        while folder.path != "/" {
            if isSamples(folder.path + "/SamplePDFs") { return folder.path + "/SamplePDFs" }
            folder.deleteLastPathComponent()
        }
        throw ValidationError("The bundled samples (SamplePDFs) are neither here nor beside this ezgrader's build: "
            + "give their folder with --samples (SamplePDFs in ezgrader's source).")
    }

    private func demo(project: String) throws {
        try reportingErrors {
            let grader = try grader.resolved()
            let samples = try samplesFolder()
            try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
            if GradingProject.isProject(project) {
                try FileManager.default.removeItem(atPath: project)  // a previous demo's project: start over
            }
            let grading = try GradingProject.create(project, scans: ["\(samples)/scanned"], rosterPath: "\(samples)/roster.csv",
                                                    rubricPath: "\(samples)/rubric.yaml", grader: grader)
            let book = try grading.gradeBook()
            print("1. Created \(project): \(count(book.students.count, "student")) × \(count(book.pagesPerStudent, "page")), "
                + "\(count(book.questions.count, "question")) from \(samples)/rubric.yaml.")

            // Grade the first page group (Q1–Q4) for everyone, with made-up but fixed scores.
            var given = 0
            for (studentIndex, entry) in book.students.enumerated() {
                for (questionIndex, numbered) in book.questions.prefix(4).enumerated() {
                    let quarters = numbered.question.maxPoints.quarters * (2 + (studentIndex * 3 + questionIndex) % 3) / 4 / 2 * 2
                    try grading.setScore(.points(Points(quarters: quarters)), student: entry.key, question: numbered.question.id)
                    given += 1
                }
            }
            // Two answers graded with the rubric instead: the items show under the box.
            if let q1 = book.questions.first?.question.id, book.students.count > 1 {
                try grading.applyRubricItems(student: book.students[0].key, question: q1, add: [1])
                try grading.applyRubricItems(student: book.students[1].key, question: q1, add: [2, 3])
            }
            let first = book.students[0].student.name, firstKey = book.students[0].key
            _ = try grading.addNote(student: firstKey, page: 1, at: PagePosition(PagePoint(x: 300, y: 330)),
                                    text: "Right idea — show the limit step.\nSee p. 2 of the notes.")
            _ = try grading.addInk(student: firstKey, page: 1, points: try parsePath("110,262 160,276 210,266 262,284"), width: 2)
            print("2. Gave \(given) scores (Q1–Q4 for everyone; Q5–Q8 stay \"?\"; two Q1 answers from rubric items), "
                + "a note and an ink stroke on \(first)'s page 1.")

            for layout in [GradeTable.Layout.questions, .students, .canvas] {
                try ScoreTables.write(try ScoreTables.csv(grading, layout: layout, assignment: "Midterm"), to: "\(out)/scores-\(layout).csv")
            }
            print("3. Grade tables: \(out)/scores-questions.csv, scores-students.csv, scores-canvas.csv")

            let report = try PDFExport.run(grading, .init(folder: "\(out)/graded", combined: "\(out)/class-graded.pdf", cover: true))
            print("4. Graded PDFs: \(out)/graded/ (\(report.written.count) files, each with a cover page); "
                + "the class in grading order: \(out)/class-graded.pdf")

            try grading.writePreview(page: 1, dpi: 80, grid: true, to: "\(out)/preview-page1.png")
            print("5. Preview with a coordinate grid: \(out)/preview-page1.png")

            let quizFolder = (out as NSString).appendingPathComponent("quiz.ezgrader")
            if GradingProject.isProject(quizFolder) { try FileManager.default.removeItem(atPath: quizFolder) }
            let quiz = try GradingProject.create(quizFolder, scans: ["\(samples)/bubble-sheets"], rubricPath: "\(samples)/bubble-rubric.yaml",
                                                 grader: grader)
            _ = try quiz.setAnswerKey(block: "mc", answers: try String(contentsOfFile: "\(samples)/bubble-key.txt", encoding: .utf8)
                .trimmingCharacters(in: .whitespacesAndNewlines))
            let read = try BubbleRun.run(quiz)
            try ScoreTables.write(try ScoreTables.csv(quiz, layout: .responses, assignment: ""), to: "\(out)/quiz-responses.csv")
            let quizBook = try quiz.directory()
            if let flagged = quizBook.students.first(where: { entry in read.review.contains { $0.hasPrefix(entry.student.name + " ") } }) {
                try quiz.writePreview(student: flagged.key, page: 1, dpi: 80, grid: false, to: "\(out)/quiz-review.png")
            }
            print("6. Bubble quiz \(quizFolder): read \(read.answered + read.blank + read.multiple + read.uncertain) rows — "
                + "\(read.answered) answered, \(read.blank) blank, \(read.multiple) multiple, \(read.uncertain) uncertain "
                + "(\(read.review.count) left \"?\" for review, never guessed); \(out)/quiz-responses.csv, \(out)/quiz-review.png")
            print("""

                Grade it in the browser (open the link it prints; Ctrl+C stops it):
                  ezgrader serve \(project)

                Try next:
                  ezgrader status \(project)
                  ezgrader grade \(project)            # type scores; q to stop
                  ezgrader export pdf \(project) --out \(out)/graded
                """)
        }
    }
}

