import ArgumentParser
import Foundation
import GraderKit

struct MergeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "merge",
        abstract: "Merge the students' scans into one PDF in grading order.",
        discussion: """
            Every scan must have the same number of pages. Pages are copied untouched (no \
            re-rendering); the result has an outline and page labels such as "Anna — p. 2".

            Example:
              ezgrader merge SamplePDFs/scanned -o class.pdf --order per-page
              ezgrader merge scans/*.pdf --roster roster.csv --order shuffled --seed 7 -o class.pdf
            """)

    @Argument(help: ArgumentHelp("The students' PDFs, or folders of them.", valueName: "scans"))
    var scans: [String]

    @Option(name: [.short, .customLong("output")], help: "Where to write the combined PDF.")
    var output: String

    @Option(help: "per-page, per-student or shuffled.")
    var order: String = "per-page"

    @Option(help: "Seed of the shuffled order (the same seed gives the same order).")
    var seed: UInt64?

    @Option(help: "CSV mapping scan files to students: columns file,name[,id,email].")
    var roster: String?

    @Option(help: "Password of password-protected scans.")
    var password: String?

    func validate() throws {
        guard GradingOrder(name: order, seed: nil) != nil else {
            throw ValidationError("--order must be per-page, per-student or shuffled, not '\(order)'.")
        }
        if seed != nil && order != "shuffled" {
            throw ValidationError("--seed only applies to --order shuffled.")
        }
    }

    func run() throws {
        guard let gradingOrder = GradingOrder(name: order, seed: seed) else { throw ValidationError("Unknown order '\(order)'.") }
        let progress = TerminalProgress(label: "checking scans")
        let loaded = try reportingErrors { try ClassLoader.load(scans, rosterPath: roster, password: password, for: .merge, progress: progress.update) }
        progress.finish()
        try reportingErrors { try ClassMerger.merge(loaded, order: gradingOrder, to: output) }

        let students = loaded.students.count, pages = loaded.classSet.pagesPerStudent
        var summary = "Wrote \(output): \(count(students, "student")) × \(count(pages, "page")) = \(count(students * pages, "page")), \(order) order"
        if let seed = gradingOrder.seed { summary += " (seed \(seed); --seed \(seed) repeats it)" }
        print(summary + ".")
    }
}
