import ArgumentParser
import Foundation
import GraderKit

struct StatsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stats",
        abstract: "What the exam tells you: item analysis, reliability, bubble choices, sheets worth a look.",
        discussion: """
            Per question: graded count, mean, SD, facility (mean ÷ max), correlation with the rest \
            of the exam, upper–lower 27 % discrimination, α if the question is deleted, score \
            distribution. Per bubble question: each choice's share, its correlation with the rest \
            and how the upper and lower 27 % marked it; unread rows are counted on their own. \
            "check the key" when the key looks wrong, naming the likely right answer. The exam: \
            mean, median, SD, range, Cronbach's α (KR-20 on right/wrong items) and the standard \
            error of measurement. Ungraded scores are left out and counted; SDs are population \
            figures; n/a marks a figure that does not exist.

            Each figure comes with its 95 % interval (Wilson for facility, Fisher z for \
            correlations, Newcombe for discrimination, Feldt for α); a question is flagged only \
            when its whole interval lies past the limit, so a small class is not flagged by chance. \
            The PDF report is printed on the paper of the class's scans (Letter or A4).

            Bubble sheets whose identical wrong answers are improbable given how the class answered \
            are listed as worth a look — a reason to look, never evidence on its own.

            Example:
              ezgrader stats exam
              ezgrader stats exam -o report.html
              ezgrader stats quiz --json -o report.pdf
            """)
    @OptionGroup var options: ProjectOptions
    @Option(name: [.short, .customLong("output")], help: ArgumentHelp(
        "Also write the report with charts: report.html (one self-contained page) or report.pdf.", valueName: "file"))
    var output: String?

    func validate() throws {
        guard let output else { return }
        do { _ = try StatisticsReport.Format(path: output) } catch { throw ValidationError(error.localizedDescription) }
    }

    func run() throws {
        try reportingErrors {
            let project = try options.open()
            let analysis = try project.statistics(), title = try project.examTitle()
            if let output { try StatisticsReport.write(analysis, title: title, paper: try project.reportPaper(), to: output) }
            if options.json { return try printJSON(analysis) }
            analysis.textLines(title: title).forEach { print($0) }
            if let output { print("Report written to \(output).") }
        }
    }
}
