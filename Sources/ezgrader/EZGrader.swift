import ArgumentParser
import Foundation
import GraderKit

@main
struct EZGrader: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ezgrader",
        abstract: "Grade a stack of scanned paper exams.",
        discussion: """
            New here? ezgrader demo runs the whole workflow on the bundled samples and says where \
            to look. A session: ezgrader new exam scans/ --rubric rubric.yaml, then ezgrader grade \
            exam, then ezgrader export pdf exam --out graded and ezgrader export csv exam -o scores.csv.

            Every change is recorded as made by a grader: --grader NAME, else $EZGRADER_GRADER, else \
            your user name. Each grader has their own undo, order and place.

            Exit codes: 0 done; 1 the input was refused (a scan, roster, project or value is wrong — \
            the message says which and what to do); 2 an output or the project database could not be \
            written; 64 the command line itself is wrong.
            """,
        subcommands: [
            NewCommand.self, PrepareCommand.self, AlignCommand.self, AssignCommand.self, AddScansCommand.self, MatchCommand.self, InfoCommand.self, CheckCommand.self, MergeCommand.self, QuestionCommand.self, ScoreCommand.self, NoteCommand.self,
            InkCommand.self, EraseCommand.self, StudentCommand.self, UndoCommand.self, RedoCommand.self, HistoryCommand.self, StatusCommand.self,
            StatsCommand.self, ExportCommand.self, ImportCommand.self, OrderCommand.self, GradeCommand.self, RubricCommand.self, PreviewCommand.self,
            KeyCommand.self, VersionCommand.self, OMRCommand.self, ServeCommand.self, GradersCommand.self, AnonymousCommand.self, RosterCommand.self, TitleCommand.self, ReturnCommand.self, DemoCommand.self, GroupsCommand.self,
        ])

    /// Runs the command line. A closed stdout or stderr pipe must not kill the process with
    /// SIGPIPE half-way through a change: writes fail with EPIPE instead, and are handled.
    static func main() {
        signal(SIGPIPE, SIG_IGN)
        if let message = unknownCommand(Array(CommandLine.arguments.dropFirst())) {
            FileHandle.standardError.write(Data(message.utf8))
            Foundation.exit(ExitStatus.usage.rawValue)
        }
        main(nil)
    }

    /// The message for a command name that is not one (`ezgrader exprot`, `ezgrader export cvs`),
    /// suggesting the command meant; nil when the words name commands all the way down.
    static func unknownCommand(_ arguments: [String]) -> String? {
        var command: ParsableCommand.Type = EZGrader.self
        var path = ["ezgrader"]
        for argument in arguments {
            let subcommands = command.configuration.subcommands
            guard !subcommands.isEmpty, !argument.hasPrefix("-"), argument != "help" else { return nil }
            if let next = subcommands.first(where: { $0._commandName == argument }) {
                command = next
                path.append(argument)
                continue
            }
            let parent = path.joined(separator: " ")
            let guess = TypedValue.nearestName(to: argument.lowercased(), among: subcommands.map { $0._commandName })
            guard let guess else { return "Error: '\(argument)' is not an ezgrader command: '\(parent) --help' lists the commands.\n" }
            return "Error: '\(argument)' is not an ezgrader command. Did you mean '\(parent) \(guess)'? ('\(parent) --help' lists the commands.)\n"
        }
        return nil
    }
}
