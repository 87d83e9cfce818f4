import ArgumentParser
import GraderKit

struct RosterCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "roster",
        abstract: "Add or replace the roster: names, ids and e-mails for the students loaded.",
        discussion: """
            The CSV is the one `new --roster` takes (file,name and optionally id,email). Each \
            student is matched by their scan's file name, or by the roster id they already have; \
            a student without a row is refused, with every problem listed, and nothing changes.

            Example:
              ezgrader roster exam.ezgrader roster.csv
            """)
    @OptionGroup var options: ProjectOptions
    @Argument(help: "The roster CSV.") var roster: String

    func run() throws {
        try reportingErrors {
            let count = try options.open().setRoster(try Roster(contentsOf: roster))
            print("Named \(count) students from '\(roster)'.")
        }
    }
}
