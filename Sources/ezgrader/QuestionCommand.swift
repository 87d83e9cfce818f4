import ArgumentParser
import GraderKit

struct QuestionCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "question",
        abstract: "Add, list, move, curve or remove grade boxes (questions).",
        subcommands: [Add.self, Import.self, List.self, Move.self, Resize.self, SetMax.self, Remove.self])

    /// A question as scripts see it.
    struct Line: Encodable {
        let name: String, page: Int, x: Double, y: Double, width: Double, height: Double, max: String, label: String?

        init(_ numbered: NumberedQuestion, on size: PageSize) {
            let point = numbered.question.position.point(on: size)
            (name, page, max, label) = (numbered.name, numbered.question.page, numbered.question.maxPoints.description, numbered.question.label)
            (x, y) = ((point.x * 10).rounded() / 10, (point.y * 10).rounded() / 10)
            (width, height) = (numbered.question.size.width, numbered.question.size.height)
        }

        var text: String { "\(name)\tpage \(page)\tat \(at)\tmax \(max)\tsize \(BoxSize(width: width, height: height))" }
        /// The top-left corner as x,y in points.
        var at: String { "\(format(x)),\(format(y))" }
    }

    /// Warns on stderr about each box that `question`'s box now overlaps.
    static func warnAboutOverlaps(of question: NumberedQuestion, in project: GradingProject) throws {
        warn(try project.overlaps(of: question.question.id))
    }

    /// Writes each overlap's warning on stderr.
    static func warn(_ overlaps: [BoxOverlap]) {
        overlaps.forEach { writeStandardError("Warning: \($0.warning)\n") }
    }

    /// 430 or 60.5: a coordinate as users type it.
    static func format(_ v: Double) -> String { v == v.rounded() ? String(Int(v)) : String(v) }

    struct Add: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Put a grade box on a page; it appears on that page of every student as \"?\".",
            discussion: """
                --at is the box's top-left corner in points from the page's top-left corner as \
                displayed (ezgrader preview --grid shows the coordinates), or in percentages. \
                --size makes the box as large as the printed score frame it should cover. A box \
                that would reach off the page is refused; one that overlaps another box is added \
                with a warning.

                Example:
                  ezgrader question add exam.ezgrader --page 2 --at 430,60 --max 4 --label Q2
                  ezgrader question add exam.ezgrader --page 1 --at 70%,8% --max 2.5 --size 90,24
                """)
        @OptionGroup var options: ProjectOptions
        @Option(help: "Page number, from 1.") var page: Int
        @Option(help: "Position: x,y in points, or x%,y%.") var at: String
        @Option(help: "The box's width,height in points (default: 64,22).") var size: String?
        @Option(help: "Maximum points (steps of 0.25).") var max: String
        @Option(help: "A label to call it by (default: p<page>q<n>).") var label: String?
        @Option(help: "Measure the position on this student's page (default: the first student).") var student: String?

        func run() throws {
            try reportingErrors {
                let project = try options.open()
                let size = try self.size.map { text in try value(of: "--size") { try TypedValue.boxSize(text) } }
                let spec = QuestionSpec(page: page, position: try parsePosition(at, option: "--at"), size: size ?? .standard,
                                        maxPoints: try value(of: "--max") { try TypedValue.maximum(max) }, label: label)
                let question = try project.addQuestion(spec, measuredOn: try student.map { try project.student(named: $0) })
                let book = try project.directory()
                let line = Line(question, on: book.referencePageSize(page: page))
                if options.json { try printJSON(line) } else {
                    print("Added \(question.name) on page \(page) (max \(question.question.maxPoints)) for \(count(book.students.count, "student")).")
                }
                try warnAboutOverlaps(of: question, in: project)
            }
        }
    }

    struct Import: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Add every question of a rubric file (YAML) in one step.",
            discussion: """
                The rubric lists questions as page, at (x,y in points or x%,y%), max, and an \
                optional label and size (width,height in points); see SamplePDFs/rubric.yaml. \
                All are added, or none.

                Example:
                  ezgrader question import exam.ezgrader SamplePDFs/rubric.yaml
                """)
        @OptionGroup var options: ProjectOptions
        @Argument(help: "The rubric YAML file.") var rubric: String

        func run() throws {
            try reportingErrors {
                let project = try options.open()
                let added = try project.apply(rubricAt: rubric)
                if options.json { try printJSON(["added": added]) } else { print("Added \(count(added, "question")) from \(rubric).") }
                warn(try project.overlaps())
            }
        }
    }

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List the questions in reading order.",
                                                        discussion: "Example:\n  ezgrader question list exam.ezgrader --json")
        @OptionGroup var options: ProjectOptions

        func run() throws {
            try reportingErrors {
                let book = try options.open().directory()
                let lines = book.questions.map { Line($0, on: book.referencePageSize(page: $0.question.page)) }
                if options.json { try printJSON(lines) } else if lines.isEmpty { print("No questions yet.") } else {
                    lines.forEach { print($0.text) }
                }
            }
        }
    }

    struct Move: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Move a grade box for everyone: to a position, or by a shift (one undo step).",
            discussion: """
                --to is the box's new top-left corner (x,y in points from the page's top-left \
                corner, or x%,y%); --by shifts it by dx,dy points, right and down positive. A box \
                that would leave the page is refused, not clamped.

                Example:
                  ezgrader question move exam.ezgrader Q2 --to 430,80
                  ezgrader question move exam.ezgrader Q2 --by -20,15
                """)
        @OptionGroup var options: ProjectOptions
        @Argument(help: "The question (label or p<page>q<n>).") var question: String
        @Option(help: "New top-left corner: x,y in points, or x%,y%.") var to: String?
        // Unconditional: "-20,15" is a value here, not an option.
        @Option(parsing: .unconditional, help: "Shift: dx,dy in points (right and down positive, e.g. -20,15).") var by: String?

        func validate() throws {
            guard (to == nil) != (by == nil) else { throw ValidationError("Give either --to x,y or --by dx,dy.") }
        }

        func run() throws {
            try reportingErrors {
                let project = try options.open()
                let move: QuestionMove = try to.map { .to(try parsePosition($0, option: "--to")) }
                    ?? { let (dx, dy) = try value(of: "--by") { try TypedValue.offset(by ?? "") }; return .by(dx: dx, dy: dy) }()
                let moved = try project.moveQuestion(try project.question(named: question).question.id, move)
                let line = Line(moved, on: try project.directory().referencePageSize(page: moved.question.page))
                if options.json { try printJSON(line) } else {
                    print("Moved \(question) to \(line.at) on page \(moved.question.page)"
                        + (moved.name == question ? "" : " (now \(moved.name))") + ".")
                }
                try warnAboutOverlaps(of: moved, in: project)
            }
        }
    }

    struct Resize: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Give a grade box a new size for everyone, its top-left corner kept (one undo step).",
            discussion: """
                The size is width,height in points; make the box as large as the printed score \
                frame it should cover. A box that would reach off the page is refused, not clamped.

                Example:
                  ezgrader question resize exam.ezgrader Q2 90,24
                """)
        @OptionGroup var options: ProjectOptions
        @Argument(help: "The question (label or p<page>q<n>).") var question: String
        @Argument(help: "New size: width,height in points.") var size: String

        func run() throws {
            try reportingErrors {
                let project = try options.open()
                let resized = try project.resizeQuestion(try project.question(named: question).question.id, to: try TypedValue.boxSize(size))
                let line = Line(resized, on: try project.directory().referencePageSize(page: resized.question.page))
                if options.json { try printJSON(line) } else {
                    print("\(resized.name) is now \(format(line.width)) × \(format(line.height)) points on page \(resized.question.page).")
                }
                try warnAboutOverlaps(of: resized, in: project)
            }
        }
    }

    struct SetMax: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "set-max", abstract: "Change a question's maximum for everyone (a curve).",
            discussion: "Example:\n  ezgrader question set-max exam.ezgrader Q2 5")
        @OptionGroup var options: ProjectOptions
        @Argument(help: "The question (label or p<page>q<n>).") var question: String
        @Argument(help: "New maximum points.") var max: String

        func run() throws {
            try reportingErrors {
                let project = try options.open()
                let updated = try project.setMaximum(question: try project.question(named: question).question.id,
                                                     to: try TypedValue.maximum(max))
                if options.json { try printJSON(["question": updated.name, "max": updated.question.maxPoints.description]) } else {
                    print("\(updated.name) is now worth \(updated.question.maxPoints) for everyone.")
                }
            }
        }
    }

    struct Remove: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Remove a question (and its scores) for everyone; ezgrader undo brings it back.",
            discussion: "Example:\n  ezgrader question remove exam.ezgrader Q2")
        @OptionGroup var options: ProjectOptions
        @Argument(help: "The question (label or p<page>q<n>).") var question: String
        @Flag(help: "Remove it although other graders scored it (recorded as such).") var overwrite = false

        func run() throws {
            try reportingErrors {
                let project = try options.open()
                try project.removeQuestion(try project.question(named: question).question.id, overwrite: overwrite)
                if options.json { try printJSON(["removed": question]) } else { print("Removed \(question) for everyone.") }
            }
        }
    }
}
