import ArgumentParser
import GraderKit

struct UndoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "undo", abstract: "Undo the last change (as many times as there were changes).",
        discussion: """
            Each grader undoes their own changes. A change another grader has built on (scored a \
            question it added, changed a score it gave) is refused, naming them; --force undoes it \
            with their work on it, as one new change that undo brings back.

            Example:
              ezgrader undo exam.ezgrader
            """)
    @OptionGroup var options: ProjectOptions
    @Flag(help: "Undo it even though another grader built on it: their work on it goes too (undo again to bring all back).")
    var force = false

    func run() throws {
        try reportingErrors {
            guard let undone = try options.open().undo(force: force) else { throw GradingError.nothingTo("undo") }
            if options.json { try printJSON(["undone": undone.description]) } else { print("Undid: \(undone.description)") }
        }
    }
}

struct RedoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "redo", abstract: "Redo the last undone change.",
        discussion: "Example:\n  ezgrader redo exam.ezgrader")
    @OptionGroup var options: ProjectOptions

    func run() throws {
        try reportingErrors {
            guard let redone = try options.open().redo() else { throw GradingError.nothingTo("redo") }
            if options.json { try printJSON(["redone": redone.description]) } else { print("Redid: \(redone.description)") }
        }
    }
}

struct HistoryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "history", abstract: "List the latest changes: who made each, when, and what it was.",
        discussion: """
            Each grader undoes and redoes their own changes (ezgrader undo --grader NAME); a change             someone else has since built on cannot be undone.

            Example:
              ezgrader history exam.ezgrader --limit 50
            """)
    @OptionGroup var options: ProjectOptions
    @Option(help: "How many changes to list, newest first.") var limit = 20

    func run() throws {
        try reportingErrors {
            let steps = try options.open().history(limit: limit)
            if options.json { return try printJSON(steps) }
            if steps.isEmpty { print("No changes yet.") }
            for step in steps {
                let grader = step.grader.isEmpty ? "(before graders were recorded)" : step.grader
                print("\(step.id)\t\(step.at.isEmpty ? "-" : step.at)\t\(grader)\t\(step.description)" + (step.undone ? "\t(undone)" : ""))
            }
        }
    }
}

struct StatusCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status", abstract: "Show grading progress per question and per student.",
        discussion: "Example:\n  ezgrader status exam.ezgrader --json\n  ezgrader status exam.ezgrader --graders")
    @OptionGroup var options: ProjectOptions
    @Flag(help: "Also list each grader with the scores standing in their name.") var graders = false

    struct Report: Encodable { let progress: GradingProgress, graders: [GraderActivity] }

    func run() throws {
        try reportingErrors {
            let project = try options.open()
            let progress = GradingProgress(try project.gradeBook())
            let activity = graders ? try project.graderActivity() : []
            let bulk = try project.bulkReportIfBulk()
            let bulkJSON = bulk.map { BulkJSON($0, project: options.project, toLookAtOnly: true) }
            if options.json {
                return graders ? try printJSON(WithBulk(base: Report(progress: progress, graders: activity), bulk: bulkJSON))
                    : try printJSON(WithBulk(base: progress, bulk: bulkJSON))
            }
            print("Questions (graded / students):")
            if progress.questions.isEmpty { print("  none yet — add one with ezgrader question add") }
            for line in progress.questions {
                print("  \(line.question)\tpage \(line.page)\tmax \(line.max)\t\(line.graded) / \(line.students)"
                    + (line.fromRubric > 0 ? "\t(\(line.fromRubric) from the rubric)" : ""))
            }
            print("Students (earned / max, ungraded):")
            for line in progress.students {
                print("  \(line.student)\t\(line.earned) / \(line.max)\t\(line.ungraded) ungraded")
            }
            for line in progress.alignment?.lines(project: options.project) ?? [] { print(line) }
            progress.versions?.summaryLines.forEach { print($0) }
            if let bulk { printHeldBack(bulk) }
            guard graders else { return }
            print("Graders (scores in their name, latest):")
            if activity.isEmpty { print("  no scores yet") }
            for line in activity {
                print("  \(line.grader.isEmpty ? "(not recorded)" : line.grader)\t\(line.scores)\t\(line.last.isEmpty ? "-" : line.last)")
            }
        }
    }
}
