import ArgumentParser
import Foundation
import GraderKit

struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export", abstract: "Write the grade tables (CSV) or the graded PDFs.",
        subcommands: [PDFExportCommand.self, CSVExport.self])

    struct CSVExport: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "csv",
            abstract: "Write the scores as CSV: per question, per student, or for an LMS gradebook.",
            discussion: """
                Layouts: questions (rows = questions, a column per student, a Total row), students \
                (a row per student with total, max, percent), canvas, moodle, brightspace, blackboard (each \
                LMS's grade import, the total as one grade item named by --assignment), responses (every bubble row as read), rubric (a column per rubric item, 1 where applied).
                Students follow the roster order (or name order). Text a spreadsheet would run as a \
                formula is written with a leading '.

                Example:
                  ezgrader export csv exam.ezgrader -o scores.csv
                  ezgrader export csv exam.ezgrader --layout canvas --assignment "Midterm" -o canvas.csv
                """)
        @OptionGroup var options: ProjectOptions
        @Option(name: [.short, .customLong("output")], help: "Where to write (default, or -: standard output).") var output: String?
        @Option(help: "questions, students, canvas, moodle, brightspace, blackboard, responses or rubric.") var layout: String = "questions"
        @Option(help: "The grade item's name for the LMS layouts (canvas, moodle, brightspace, blackboard; default: the exam's title, see ezgrader title).")
        var assignment: String?
        @Flag(help: "With --layout students: a last column naming who gave each student's scores.") var graders = false
        @Flag(help: "Start the file with a byte-order mark, so Excel reads accented names right.") var bom = false

        func validate() throws {
            guard GradeTable.Layout(rawValue: layout) != nil else {
                throw ValidationError("--layout must be questions, students, canvas, moodle, brightspace, blackboard, responses or rubric, not '\(layout)'.")
            }
            if graders && layout != "students" { throw ValidationError("--graders goes with --layout students.") }
        }

        func run() throws {
            let table = try reportingErrors {
                let project = try options.open()
                return try ScoreTables.export(project, layout: GradeTable.Layout(rawValue: layout)!, assignment: try assignment ?? project.examTitle(),
                                              graders: graders, bom: bom)
            }
            // Notices go to stderr: stdout stays the CSV, fit to pipe into a file.
            let notices = table.notices.map { "Note: \($0)\n" }.joined()
            do {
                if let file = try writeText(table.text, to: output) { print("Wrote \(file).") }
            } catch { throw report(error, exit: ExitStatus.writeFailed) }
            writeStandardError(notices)
        }
    }
}

struct PDFExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pdf",
        abstract: "Write a graded PDF per student, and optionally the whole class in one PDF.",
        discussion: """
            Each page keeps the original scan untouched, with the grade layer (grade boxes, ink, \
            notes, the total in the first page's top margin) laid over it. Only students whose \
            grades changed since the last export are rewritten (--all rewrites every one). \
            --cover starts each PDF with the student's scores: the course and exam title, every \
            question with its score and rubric items (on further cover pages when needed), and \
            the total with its percentage.

            Example:
              ezgrader export pdf exam.ezgrader --out graded --combined class-graded.pdf --cover
              ezgrader export pdf exam.ezgrader --out graded --cover --course "MATH 101" --title "Midterm 1"
            """)
    @OptionGroup var options: ProjectOptions
    @Option(help: "Folder for the per-student PDFs.") var out: String
    @Option(help: "Also write the whole class in grading order to this file.") var combined: String?
    @Option(help: "Order of the combined document: per-page, per-student or shuffled (default: the project's).") var order: String?
    @Option(help: "Seed for --order shuffled.") var seed: UInt64?
    @Flag(help: "Group the combined document by exam version (in --order within each).") var byVersion = false
    @Flag(help: "Start each student's PDF with a cover page listing every question's score.") var cover = false
    @Option(help: "The course, at the head of each cover.") var course: String?
    @Option(help: "The exam's title, at the head of each cover.") var title: String?
    @Flag(help: "Rewrite every student's PDF, changed or not.") var all = false

    func validate() throws {
        if let order, GradingOrder(name: order, seed: nil) == nil {
            throw ValidationError("--order must be per-page, per-student or shuffled, not '\(order)'.")
        }
        if !cover, course != nil || title != nil { throw ValidationError("--course and --title head the cover pages: add --cover.") }
        if byVersion, combined == nil { throw ValidationError("--by-version orders the combined document: add --combined.") }
    }

    func run() throws {
        let progress = TerminalProgress(label: "exporting")
        let report = try reportingErrors {
            var settings = PDFExport.Options(folder: out, combined: combined, order: order.flatMap { GradingOrder(name: $0, seed: seed ?? 0) },
                                             cover: cover, heading: CoverPage.Heading(course: course, title: title), all: all)
            settings.byVersion = byVersion
            return try PDFExport.run(try options.open(), settings, progress: progress.update)
        }
        progress.finish()
        if options.json { return try printJSON(["written": report.written, "unchanged": report.unchanged]) }
        print("Wrote \(count(report.written.count, "graded PDF")) to \(out)"
            + (report.unchanged.isEmpty ? "" : " (\(report.unchanged.count) unchanged, left as they were)")
            + (combined.map { "; the class in one PDF: \($0)" } ?? "") + ".")
    }
}

struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import", abstract: "Enter scores in bulk from a filled table.",
        subcommands: [CSVImport.self])

    struct CSVImport: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "csv",
            abstract: "Set scores from a questions- or students-layout CSV (all or nothing; one undo step).",
            discussion: """
                Empty cells leave a score as it is; ? clears it. One bad cell refuses the whole file, \
                naming its row and column.

                Example:
                  ezgrader export csv exam.ezgrader -o scores.csv   # fill it in a spreadsheet, then:
                  ezgrader import csv exam.ezgrader scores.csv
                """)
        @OptionGroup var options: ProjectOptions
        @Argument(help: "The CSV file.") var file: String
        @Flag(help: "Replace scores other graders gave (recorded as an overwrite); without it such a file is refused, listing them.")
        var overwrite = false

        func run() throws {
            try reportingErrors {
                let imported = try ScoreTables.importTable(file, into: try options.open(), overwrite: overwrite)
                if options.json {
                    struct Imported: Encodable { let imported: Int, separator: String }
                    try printJSON(Imported(imported: imported.changed, separator: imported.separator == .comma ? "," : ";"))
                } else {
                    print("Imported \(count(imported.changed, "score")) from \(file) (\(imported.separator)).")
                }
            }
        }
    }
}
