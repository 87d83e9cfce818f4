import ArgumentParser
import Foundation
import GraderKit

/// The project argument every project command takes, and `--json`.
struct ProjectOptions: ParsableArguments {
    @Argument(help: ArgumentHelp("The project folder (NAME.ezgrader; the suffix may be left out).", valueName: "project"))
    var project: String

    @Flag(help: "Print the result as JSON for scripts.")
    var json = false

    /// The project folder: as given, or with `.ezgrader` added when only that exists.
    var folder: String {
        if !FileManager.default.fileExists(atPath: project), FileManager.default.fileExists(atPath: project + ".ezgrader") {
            return project + ".ezgrader"
        }
        return project
    }

    /// Opens the project.
    func open() throws -> GradingProject { try GradingProject.open(folder) }
}
