import ArgumentParser
import Foundation
import GraderKit

struct StatsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stats",
        abstract: "What the exam tells you: item analysis, reliability, bubble choices, sheets worth a look.",
        discussion: """
            Per question: graded count, mean, SD, facility (mean ÷ max), correlation with the rest \
            of the exam, upper–lower 27 % discrimination, score distribution. Per bubble question: \
            each choice's share and its correlation with the rest ("check the key" when the keyed \
            answer goes against it). The exam: mean, median, SD, range, Cronbach's α (KR-20 on \
            right/wrong items) and the standard error of measurement. Ungraded scores are left out \
            and counted; SDs are population figures; n/a marks a figure that does not exist.

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
            let analysis = try project.statistics()
            if let output { try StatisticsReport.write(analysis, title: project.examTitle, to: output) }
            if options.json { return try printJSON(analysis) }
            printText(analysis, title: project.examTitle)
            if let output { print("Report written to \(output).") }
        }
    }

    private func printText(_ analysis: ExamAnalysis, title: String) {
        let stats = analysis.statistics
        func d(_ value: Double?) -> String { StatisticText.decimal(value) }
        print("\(title): \(count(stats.students, "student")), \(count(stats.questions.count, "question")); "
            + "totals over \(count(stats.complete, "student")) graded on every question (maximum \(StatisticText.points(stats.maxTotal))).")
        print("Totals: mean \(d(stats.mean)), median \(d(stats.median)), SD \(d(stats.standardDeviation)), "
            + "range \(StatisticText.total(stats.minimum)) – \(StatisticText.total(stats.maximum)); α \(d(stats.alpha))"
            + (stats.kr20 == nil ? "" : " (= KR-20)") + ", SEM \(d(stats.standardError)).")
        stats.flags.forEach { print("  ! \($0)") }
        print("Questions (graded, ?, mean, SD, facility, r with the rest, D):")
        for q in stats.questions {
            print("  " + ([q.name, "\(q.graded)", "\(q.ungraded)", d(q.mean), d(q.standardDeviation), d(q.facility),
                           d(q.itemTotalCorrelation), d(q.discrimination)] + (q.flags.isEmpty ? [] : [q.flags.joined(separator: "; ")]))
                .joined(separator: "\t"))
        }
        if !stats.bubbleQuestions.isEmpty {
            print("Bubble choices (share of the rows read, r with the rest; * the key):")
            for b in stats.bubbleQuestions {
                let options = b.options.map { "\($0.keyed ? "*" : "")\($0.label) \($0.summary)" }
                let blank = b.blank > 0 ? ["blank \(b.blank)"] : []
                print("  " + ([b.name] + options + blank + (b.flags.isEmpty ? [] : [b.flags.joined(separator: "; ")])).joined(separator: "\t"))
            }
        }
        let screening = analysis.screening
        if screening.questions == 0 {
            print("Bubble sheets: no single-answer bubble question has a key, so no answers were screened.")
        } else if screening.pairs.isEmpty {
            print("Bubble sheets: no pair stands out (\(count(screening.pairsCompared, "pair")) compared on \(count(screening.questions, "question"))).")
        } else {
            print("Bubble sheets worth a look (identical wrong answers more than the class's answering explains; not evidence on its own):")
            for pair in screening.pairs {
                print("  \(pair.first) & \(pair.second): \(pair.identicalWrong) of \(pair.bothWrong) wrong answers identical where "
                    + "\(StatisticText.decimal(pair.expected, places: 1)) were expected (P \(StatisticText.probability(pair.probability))); "
                    + pair.shared.joined(separator: ", "))
            }
            print("  How this is computed: ezgrader stats --help, or the report.")
        }
    }
}
