import ArgumentParser
import GraderKit

struct StudentCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "student", abstract: "Add a late booklet, or remove a student.",
        subcommands: [Add.self, Remove.self])

    struct Add: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Add a student's scan after grading began; every question is \"?\" for them.",
            discussion: "Example:\n  ezgrader student add exam.ezgrader late/Kim.pdf --name \"Kim, Lee\" --id S1099")
        @OptionGroup var options: ProjectOptions
        @Argument(help: "The student's PDF (same page count as the others).") var scan: String
        @Option(help: "Name (default: from the file name).") var name: String?
        @Option(help: "Roster id.") var id: String?
        @Option(help: "E-mail.") var email: String?

        func run() throws {
            try reportingErrors {
                let student = try options.open().addStudent(scan: scan, name: name, rosterID: id, email: email)
                if options.json { try printJSON(["added": student.name]) } else { print("Added \(student.name).") }
            }
        }
    }

    struct Remove: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Remove a student with their scores and notes; ezgrader undo brings them back.",
            discussion: "Example:\n  ezgrader student remove exam.ezgrader \"Ben Okafor\"")
        @OptionGroup var options: ProjectOptions
        @Argument(help: "Student name or roster id.") var student: String
        @Flag(help: "Remove them although other graders scored them (recorded as such).") var overwrite = false

        func run() throws {
            try reportingErrors {
                let project = try options.open()
                try project.removeStudent(try project.student(named: student), overwrite: overwrite)
                if options.json { try printJSON(["removed": student]) } else { print("Removed \(student).") }
            }
        }
    }
}
