import ArgumentParser
import Foundation
import GraderKit

/// The project argument every project command takes, `--grader` and `--json`.
struct ProjectOptions: ParsableArguments {
    @Argument(help: ArgumentHelp("The project folder (NAME.ezgrader; the suffix may be left out).", valueName: "project"))
    var project: String

    @OptionGroup var grader: GraderOption

    @Flag(help: "Print the result as JSON for scripts.")
    var json = false

    /// Opens the project as the grader.
    func open() throws -> GradingProject { try GradingProject.open(GradingProject.folder(named: project), as: try grader.resolved()) }
}

/// `--grader`: who the changes are recorded as.
struct GraderOption: ParsableArguments {
    @Option(help: ArgumentHelp("Who the changes are recorded as (default: $EZGRADER_GRADER, else your user name).", valueName: "name"))
    var grader: String?

    /// The grader named, from the environment, or the OS user.
    func resolved() throws -> Grader { try Grader.resolve(grader) }
}
