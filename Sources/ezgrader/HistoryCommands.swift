import ArgumentParser
import GraderKit

struct UndoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "undo", abstract: "Undo the last change (as many times as there were changes).",
        discussion: "Example:\n  ezgrader undo exam.ezgrader")
    @OptionGroup var options: ProjectOptions

    func run() throws {
        try reportingErrors {
            guard let undone = try options.open().undo() else { throw GradingError.nothingTo("undo") }
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

struct StatusCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status", abstract: "Show grading progress per question and per student.",
        discussion: "Example:\n  ezgrader status exam.ezgrader --json")
    @OptionGroup var options: ProjectOptions

    func run() throws {
        try reportingErrors {
            let progress = GradingProgress(try options.open().gradeBook())
            if options.json { return try printJSON(progress) }
            print("Questions (graded / students):")
            if progress.questions.isEmpty { print("  none yet — add one with ezgrader question add") }
            for line in progress.questions {
                print("  \(line.question)\tpage \(line.page)\tmax \(line.max)\t\(line.graded) / \(line.students)")
            }
            print("Students (earned / max, ungraded):")
            for line in progress.students {
                print("  \(line.student)\t\(line.earned) / \(line.max)\t\(line.ungraded) ungraded")
            }
        }
    }
}
