import ArgumentParser
import GraderKit

/// Points typed for `option` (a rubric item's or an adjustment): "-1", "2.5", "+0.5".
private func parsePoints(_ text: String, option: String) throws -> Points {
    try value(of: option) { try TypedValue.itemPoints(text) }
}

struct RubricCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rubric",
        abstract: "Reusable feedback per question: items with points; an edit re-scores everyone who has the item.",
        discussion: """
            Items are numbered 1, 2, … per question in list order. A question is scored from its \
            maximum down (deductions, the default) or from zero up (credits); a score from the \
            rubric stays within 0 and the maximum. Scores typed by hand are never changed by a \
            rubric edit. In ezgrader grade, type i1 (or i1 i3) to apply items.
            """,
        subcommands: [Add.self, List.self, Edit.self, Move.self, Remove.self, Mode.self, Apply.self, Export.self])

    struct Add: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Add an item to a question.",
            discussion: "Example:\n  ezgrader rubric add exam.ezgrader Q2 --points -1 \"Sign error\"")
        @OptionGroup var options: ProjectOptions
        @Argument(help: "The question (label or p<page>q<n>).") var question: String
        @Option(parsing: .unconditional, help: "Points, negative for a deduction.") var points: String
        @Option(help: "A group in which at most one item may be applied.") var group: String?
        @Option(help: "A longer explanation.") var explanation: String?
        @Argument(help: "The item's short text.") var text: String

        func run() throws {
            try reportingErrors {
                let project = try options.open()
                let item = try project.addRubricItem(question: try project.question(named: question).question.id, text: text,
                                                     explanation: explanation, points: try parsePoints(points, option: "--points"), group: group)
                if options.json { try printJSON(["question": question, "item": "\(item.number)", "label": item.label]) } else {
                    print("Added item \(item.number) to \(question): \(item.label)")
                }
            }
        }
    }

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "List the items with how many students have each.",
            discussion: "Example:\n  ezgrader rubric list exam.ezgrader Q2")
        @OptionGroup var options: ProjectOptions
        @Argument(help: "Only this question.") var question: String?

        struct Line: Encodable { let question: String, scoring: String, number: Int, points: String, text: String, group: String?, students: Int }

        func run() throws {
            try reportingErrors {
                let project = try options.open()
                let questions = try question.map { [try project.question(named: $0)] } ?? project.directory().questions
                var lines: [Line] = []
                for numbered in questions {
                    let usage = try project.rubricUsage(question: numbered.question.id)
                    lines += try project.rubricItems(question: numbered.question.id).map { item in
                        Line(question: numbered.name, scoring: numbered.question.scoring.rawValue, number: item.number,
                             points: item.points.description, text: item.text, group: item.group, students: usage[item.id] ?? 0)
                    }
                }
                if options.json { return try printJSON(lines) }
                if lines.isEmpty { print("No rubric items yet: add one with ezgrader rubric add.") }
                for line in lines {
                    print("\(line.question) (\(line.scoring))\t\(line.number)\t\(line.points)\t\(line.text)"
                        + (line.group.map { "\t[group \($0)]" } ?? "") + "\t\(count(line.students, "student"))")
                }
            }
        }
    }

    struct Edit: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Change an item's points or text; everyone scored with it is re-scored.",
            discussion: "Example:\n  ezgrader rubric edit exam.ezgrader Q2 1 --points -3")
        @OptionGroup var options: ProjectOptions
        @Argument(help: "The question.") var question: String
        @Argument(help: "The item's number.") var number: Int
        @Option(parsing: .unconditional, help: "New points.") var points: String?
        @Option(help: "New short text.") var text: String?
        @Option(help: "New explanation.") var explanation: String?

        func validate() throws {
            guard points != nil || text != nil || explanation != nil else { throw ValidationError("Give --points, --text or --explanation.") }
        }

        func run() throws {
            try reportingErrors {
                let project = try options.open()
                let item = try project.editRubricItem(question: try project.question(named: question).question.id, number: number,
                                                      text: text, explanation: explanation,
                                                      points: try points.map { text in try parsePoints(text, option: "--points") })
                if options.json { try printJSON(["question": question, "item": "\(item.number)", "label": item.label]) } else {
                    print("Item \(item.number) of \(question) is now \(item.label); the students who have it are re-scored.")
                }
            }
        }
    }

    struct Move: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Move an item to another place in its list; the items are renumbered, no score changes.",
            discussion: "Example:\n  ezgrader rubric move exam.ezgrader Q2 3 --to 1")
        @OptionGroup var options: ProjectOptions
        @Argument(help: "The question.") var question: String
        @Argument(help: "The item's number.") var number: Int
        @Option(help: "Its new place (1 is first).") var to: Int

        func run() throws {
            try reportingErrors {
                let project = try options.open()
                try project.moveRubricItem(question: try project.question(named: question).question.id, number: number, to: to)
                if options.json { try printJSON(["question": question, "moved": "\(number)", "to": "\(to)"]) } else {
                    print("Moved item \(number) of \(question) to \(to).")
                }
            }
        }
    }

    struct Remove: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Remove an item; the students who had it are re-scored.",
            discussion: "Example:\n  ezgrader rubric remove exam.ezgrader Q2 1")
        @OptionGroup var options: ProjectOptions
        @Argument(help: "The question.") var question: String
        @Argument(help: "The item's number.") var number: Int

        func run() throws {
            try reportingErrors {
                let project = try options.open()
                try project.removeRubricItem(question: try project.question(named: question).question.id, number: number)
                if options.json { try printJSON(["question": question, "removed": "\(number)"]) } else { print("Removed item \(number) of \(question).") }
            }
        }
    }

    struct Mode: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Score a question from its maximum down (deductions) or from zero up (credits).",
            discussion: "Example:\n  ezgrader rubric mode exam.ezgrader Q2 credits")
        @OptionGroup var options: ProjectOptions
        @Argument(help: "The question.") var question: String
        @Argument(help: "deductions or credits.") var mode: String

        func run() throws {
            guard let scoring = RubricScoring(rawValue: mode) else { throw ValidationError("The mode must be deductions or credits, not '\(mode)'.") }
            try reportingErrors {
                let project = try options.open()
                try project.setScoring(scoring, question: try project.question(named: question).question.id)
                if options.json { try printJSON(["question": question, "mode": mode]) } else { print("\(question) is now scored by \(mode).") }
            }
        }
    }

    struct Apply: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Apply items to one student's answer (or remove them); the score follows.",
            discussion: """
                Example:
                  ezgrader rubric apply exam.ezgrader --student Anna --question Q2 1 3
                  ezgrader rubric apply exam.ezgrader --student Anna --question Q2 3 --remove
                """)
        @OptionGroup var options: ProjectOptions
        @Option(help: "Student name or roster id.") var student: String
        @Option(help: "The question.") var question: String
        @Flag(help: "Remove the items instead.") var remove = false
        @Option(parsing: .unconditional, help: "Points added to the items' total (e.g. -0.5).") var adjust: String?
        @Argument(help: "Item numbers.") var items: [Int] = []
        @Flag(help: "Change a score another grader gave (recorded as an overwrite).") var overwrite = false

        func run() throws {
            try reportingErrors {
                let project = try options.open()
                let key = try project.student(named: student), numbered = try project.question(named: question)
                let score = try project.applyRubricItems(student: key, question: numbered.question.id,
                                                         add: remove ? [] : items, remove: remove ? items : [],
                                                         adjustment: try adjust.map { text in try parsePoints(text, option: "--adjust") },
                                                         overwrite: overwrite)
                let name = try project.shownName(of: key)
                if options.json { try printJSON(["student": name, "question": numbered.name, "score": score.description]) } else {
                    print("\(name): \(numbered.name) = \(score) (from the rubric)")
                }
            }
        }
    }

    struct Export: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Write the questions and their rubric items as rubric YAML, for the next exam of the same layout.",
            discussion: "Example:\n  ezgrader rubric export exam.ezgrader -o rubric.yaml\n  ezgrader new next-term scans/ --rubric rubric.yaml")
        @OptionGroup var options: ProjectOptions
        @Option(name: [.short, .customLong("output")], help: "The file to write (default, or -: standard output).") var output: String?

        func run() throws {
            let text = try reportingErrors { try Rubric.yaml(of: try options.open().gradeBook()) }
            do {
                if let file = try writeText(text, to: output) { print("Wrote \(file).") }
            } catch { throw report(error, exit: ExitStatus.writeFailed) }
        }
    }
}
