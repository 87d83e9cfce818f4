import ArgumentParser
import Foundation
import GraderKit

struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Check that a project is whole: its database and every scan.",
        discussion: """
            Runs SQLite's full integrity check of project.sqlite (every command runs the quick one \
            when it opens a project) and checks every imported scan against the SHA-256 recorded at \
            import. Nothing is written. Exits 1 when something is wrong.

            Example:
              ezgrader check exam
            """)
    @OptionGroup var options: ProjectOptions

    struct Report: Encodable { let whole: Bool, databaseProblems: [String], scanProblems: [String], scansChecked: Int }

    func run() throws {
        try reportingErrors {
            let check = try ProjectCheck.run(GradingProject.folder(named: options.project), as: try options.grader.resolved())
            let scanProblems = check.scanProblems.map { $0.localizedDescription }
            if options.json {
                try printJSON(Report(whole: check.isWhole, databaseProblems: check.databaseProblems, scanProblems: scanProblems,
                                     scansChecked: check.scansChecked))
            } else if check.databaseProblems.isEmpty {
                print("project.sqlite: whole (SQLite's full integrity check found no problem).")
                print(scanProblems.isEmpty ? "Scans: all \(check.scansChecked) have the bytes they were imported with."
                                           : "Scans: \(scanProblems.count) of \(check.scansChecked) are not as imported:")
                for problem in scanProblems { print("  " + problem) }
            } else {
                print("project.sqlite is damaged: SQLite's integrity check found \(check.databaseProblems.count == 1 ? "a problem" : "\(check.databaseProblems.count) problems"):")
                for problem in check.databaseProblems { print("  " + problem) }
                print("Restore the project folder from a backup (keep a copy of the damaged one); nothing was changed.")
            }
            if !check.isWhole { throw ExitStatus.inputRefused }
        }
    }
}
