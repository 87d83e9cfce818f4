import ArgumentParser
import GraderCore
import GraderKit

struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export", abstract: "Write the grade tables (CSV) or the graded PDFs.",
        subcommands: [CSVExport.self])

    struct CSVExport: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "csv",
            abstract: "Write the scores as CSV: per question, per student, or for a Canvas gradebook.",
            discussion: """
                Layouts: questions (rows = questions, a column per student, a Total row), students \
                (a row per student with total, max, percent), canvas (Canvas gradebook import).
                Students follow the roster order (or name order). Text a spreadsheet would run as a \
                formula is written with a leading '.

                Example:
                  ezgrader export csv exam.ezgrader -o scores.csv
                  ezgrader export csv exam.ezgrader --layout canvas --assignment "Midterm" -o canvas.csv
                """)
        @OptionGroup var options: ProjectOptions
        @Option(name: [.short, .customLong("output")], help: "Where to write (default: standard output).") var output: String?
        @Option(help: "questions, students or canvas.") var layout: String = "questions"
        @Option(help: "The assignment's column name for --layout canvas.") var assignment: String = "Exam"

        func validate() throws {
            guard GradeTable.Layout(rawValue: layout) != nil else {
                throw ValidationError("--layout must be questions, students or canvas, not '\(layout)'.")
            }
        }

        func run() throws {
            let text = try reportingErrors {
                try ScoreTables.csv(try options.open(), layout: GradeTable.Layout(rawValue: layout)!, assignment: assignment)
            }
            guard let output else { return print(text, terminator: "") }
            do { try ScoreTables.write(text, to: output) } catch { throw report(error, exit: ExitStatus.writeFailed) }
            print("Wrote \(output).")
        }
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

        func run() throws {
            try reportingErrors {
                let imported = try ScoreTables.importCSV(file, into: try options.open())
                if options.json { try printJSON(["imported": imported]) } else { print("Imported \(count(imported, "score")) from \(file).") }
            }
        }
    }
}
