import ArgumentParser
import Foundation
import GraderKit

/// Parses a colour option.
private func parseColor(_ text: String) throws -> RGBColor {
    guard let color = RGBColor(text) else { throw ValidationError("Colour '\(text)' is not #RRGGBB or red, black, blue, green, orange.") }
    return color
}

struct NoteCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "note", abstract: "Typed notes on a student's page.",
        subcommands: [Add.self, List.self, Edit.self, Move.self, Remove.self])

    struct Add: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Write a note on one student's page.",
            discussion: "Example:\n  ezgrader note add exam.ezgrader --student Anna --page 2 --at 72,400 \"Check the sign in step 3\"")
        @OptionGroup var options: ProjectOptions
        @Option(help: "Student name or roster id.") var student: String
        @Option(help: "Page number.") var page: Int
        @Option(help: "Top-left corner: x,y in points or x%,y%.") var at: String
        @Option(help: "Font size in points.") var size: String = "11"
        @Option(help: "Colour: #RRGGBB or red, black, blue, green, orange.") var color: String = "red"
        @Argument(help: "The note's text.") var text: String

        func run() throws {
            let color = try parseColor(self.color)
            try reportingErrors {
                let (at, size) = (try parsePosition(at, option: "--at"), try value(of: "--size") { try TypedValue.noteSize(self.size) })
                let project = try options.open()
                let id = try project.addNote(student: try project.student(named: student), page: page, at: at, text: text, fontSize: size, color: color)
                if options.json { try printJSON(["annotation": id.rawValue]) } else { print("Added note \(id.rawValue) on \(student) page \(page).") }
            }
        }
    }

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "List the notes and ink strokes, with the numbers edit, move and remove take.",
            discussion: "Example:\n  ezgrader note list exam.ezgrader --student Anna")
        @OptionGroup var options: ProjectOptions
        @Option(help: "Only this student's.") var student: String?

        struct Line: Encodable { let id: Int64, student: String, page: Int, kind: String, text: String? }

        func run() throws {
            try reportingErrors {
                let book = try options.open().gradeBook()
                let only = try student.map { name throws(GradingError) in try book.resolveStudent(name) }
                let lines = book.annotations.filter { only == nil || $0.page.student == only }.map { annotation in
                    let (kind, text): (String, String?) = switch annotation.content {
                    case .note(let note): ("note", note.text)
                    case .ink: ("ink", nil)
                    case .stamp(let stamp): ("stamp", book.rubricItems.values.joined().first { $0.id == stamp.item }?.label)
                    }
                    return Line(id: annotation.id.rawValue, student: book.students[annotation.page.student.index].student.name,
                                page: annotation.page.page, kind: kind, text: text)
                }
                if options.json { return try printJSON(lines) }
                if lines.isEmpty { print("No notes or ink yet.") }
                for line in lines {
                    print("\(line.id)\t\(line.student)\tpage \(line.page)\t\(line.kind)" + (line.text.map { "\t\($0.replacingOccurrences(of: "\n", with: " / "))" } ?? ""))
                }
            }
        }
    }

    struct Edit: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Replace a note's text.",
                                                        discussion: "Example:\n  ezgrader note edit exam.ezgrader 7 \"Good — but units?\"")
        @OptionGroup var options: ProjectOptions
        @Argument(help: "The note's number.") var id: Int64
        @Argument(help: "The new text.") var text: String

        func run() throws {
            try reportingErrors {
                try options.open().editNote(AnnotationID(id), text: text)
                if options.json { try printJSON(["edited": id]) } else { print("Edited note \(id).") }
            }
        }
    }

    struct Move: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Move a note or ink stroke by dx,dy points.",
                                                        discussion: "Example:\n  ezgrader note move exam.ezgrader 7 --by 0,-30")
        @OptionGroup var options: ProjectOptions
        @Argument(help: "The annotation's number.") var id: Int64
        @Option(parsing: .unconditional, help: "dx,dy in points (right and down are positive).") var by: String

        func run() throws {
            try reportingErrors {
                let (dx, dy) = try value(of: "--by") { try TypedValue.offset(by) }
                try options.open().moveAnnotation(AnnotationID(id), dx: dx, dy: dy)
                if options.json { try printJSON(["moved": id]) } else { print("Moved annotation \(id) by \(by).") }
            }
        }
    }

    struct Remove: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Remove a note or ink stroke.",
                                                        discussion: "Example:\n  ezgrader note remove exam.ezgrader 7")
        @OptionGroup var options: ProjectOptions
        @Argument(help: "The annotation's number.") var id: Int64
        @Flag(help: "Remove it although another grader made it (recorded as such).") var overwrite = false

        func run() throws {
            try reportingErrors {
                try options.open().removeAnnotation(AnnotationID(id), overwrite: overwrite)
                if options.json { try printJSON(["removed": id]) } else { print("Removed annotation \(id).") }
            }
        }
    }
}

struct InkCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ink",
        abstract: "Draw a pen stroke on one student's page.",
        discussion: """
            Points are x,y pairs in points (or percentages) separated by spaces; the stroke is \
            drawn as a smooth, round-capped line through them.

            Example:
              ezgrader ink exam.ezgrader --student Anna --page 2 --width 2 "100,500 140,520 180,505"
              ezgrader ink exam.ezgrader --student Anna --page 2 --highlighter "72,410 300,410"
            """)
    @OptionGroup var options: ProjectOptions
    @Option(help: "Student name or roster id.") var student: String
    @Option(help: "Page number.") var page: Int
    @Option(help: "Width in points (default: \(String(format: "%g", GradeLayerLook.standard.ink.width)) for the pen, \(String(format: "%g", GradeLayerLook.standard.highlighterWidth)) for the highlighter).")
    var width: String?
    @Option(help: "Colour: #RRGGBB or red, black, blue, green, orange.") var color: String = "red"
    @Flag(help: "Draw with the highlighter: wide, translucent, in its own colour, under the pen's ink.") var highlighter = false
    @Argument(help: "The path: \"x,y x,y …\".") var points: String

    func run() throws {
        let color = try parseColor(self.color)
        try reportingErrors {
            let width = try self.width.map { text in try value(of: "--width") { try TypedValue.inkWidth(text) } }
            let project = try options.open()
            let id = try project.addInk(student: try project.student(named: student), page: page, points: try parsePath(points),
                                        color: color, width: width, kind: highlighter ? .highlighter : .pen)
            if options.json { try printJSON(["annotation": id.rawValue]) } else { print("Added ink stroke \(id.rawValue) on \(student) page \(page).") }
        }
    }
}

struct EraseCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "erase",
        abstract: "Erase your ink strokes whose line passes through a point.",
        discussion: "Example:\n  ezgrader erase exam.ezgrader --student Anna --page 2 --at 140,520")
    @OptionGroup var options: ProjectOptions
    @Option(help: "Student name or roster id.") var student: String
    @Option(help: "Page number.") var page: Int
    @Option(help: "The point touched: x,y in points or x%,y%.") var at: String
    @Flag(help: "Erase other graders' strokes there too (recorded as such).") var overwrite = false

    func run() throws {
        try reportingErrors {
            let project = try options.open()
            let erased = try project.erase(student: try project.student(named: student), page: page, at: try parsePosition(at, option: "--at"),
                                     overwrite: overwrite).removed
            if options.json { try printJSON(["erased": erased.map(\.rawValue)]) } else {
                print("Erased \(count(erased.count, "ink stroke")): \(erased.map { String($0.rawValue) }.joined(separator: ", ")).")
            }
        }
    }
}
