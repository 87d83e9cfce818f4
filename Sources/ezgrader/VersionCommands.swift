import ArgumentParser
import Foundation
import GraderKit

struct VersionCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "version", abstract: "Versions of the exam in one project: their PDFs, keys and who sat which.",
        discussion: """
            A question is one question of the exam whatever version and page it is on, with one \
            maximum and one rubric; statistics are per exam question, with each version's own \
            figures. A copy whose version is unknown is listed (status, version list) and its \
            bubbles are left for a person, never guessed.

            Example:
              ezgrader version add exam.ezgrader A
              ezgrader version add exam.ezgrader B versionB.pdf
              ezgrader version place exam.ezgrader --version B --question Q3 --page 1 --at 72,400
              ezgrader version place-block exam.ezgrader --version B --block mc --page 2 --at 110,236
              ezgrader version key exam.ezgrader --version B --block mc --file keyB.txt
              ezgrader version set exam.ezgrader --student "Ada Lovelace" B
              ezgrader version set exam.ezgrader --roster roster.csv
              ezgrader version list exam.ezgrader
            """,
        subcommands: [Add.self, Place.self, PlaceBlock.self, Key.self, Set.self, Align.self, List.self])

    struct Add: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Add a version of the exam, with its own unwritten PDF or sharing the project's pages.",
            discussion: """
                With a PDF (the version as printed, the same number of pages as the booklets) the \
                version's boxes are placed on its pages and its students' pages are aligned to it. \
                Without, the version shares the project's pages: one answer sheet, a key per version. \
                The name is what a version bubble field prints (A, B, …) and what tables show.

                Example:
                  ezgrader version add exam.ezgrader B versionB.pdf
                """)
        @OptionGroup var options: ProjectOptions
        @Argument(help: "The version's name (A, B, v2: letters, digits, - or _).") var name: String
        @Argument(help: "The version's unwritten exam PDF.") var pdf: String?

        func run() throws {
            try reportingErrors {
                let version = try options.open().addVersion(name, reference: pdf)
                if options.json { return try printJSON(["version": version.name, "pdf": version.referenceScan ?? ""]) }
                print("Added version \(version.name)" + (pdf.map { " with its pages from '\($0)'" } ?? " (sharing the project's pages)") + ".")
            }
        }
    }

    struct Place: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Place a question's grade box on a version's page (the same question, one maximum).",
            discussion: """
                The position is measured on the version's own PDF (points from the top-left \
                corner, or x%,y%); a question not placed on a version sits where the exam places it.

                Example:
                  ezgrader version place exam.ezgrader --version B --question Q3 --page 1 --at 72,400
                """)
        @OptionGroup var options: ProjectOptions
        @Option(help: "The version.") var version: String
        @Option(help: "The question (its label, or p<page>q<number>).") var question: String
        @Option(help: "The page of that version's booklet (1-based).") var page: Int
        @Option(help: "Position: x,y in points, or x%,y%.") var at: String

        func run() throws {
            try reportingErrors {
                try options.open().placeQuestion(question, version: version, page: page, position: try parsePosition(at, option: "--at"))
                print("Placed \(question) on page \(page) of version \(version).")
            }
        }
    }

    struct PlaceBlock: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "place-block",
            abstract: "Place a bubble block where a version prints it (the same rows, spacing and choices).",
            discussion: """
                --at is the centre of the block's first bubble, in points on the version's own PDF; \
                a block not placed on a version is read where the exam prints it. Read the bubbles \
                again afterwards (ezgrader omr).

                Example:
                  ezgrader version place-block exam.ezgrader --version B --block mc --page 2 --at 110,236
                """)
        @OptionGroup var options: ProjectOptions
        @Option(help: "The version.") var version: String
        @Option(help: "The bubble block's id.") var block: String
        @Option(help: "The page of that version's booklet (1-based).") var page: Int
        @Option(help: ArgumentHelp("The centre of its first bubble, in points.", valueName: "x,y")) var at: String

        func run() throws {
            try reportingErrors {
                let origin = try value(of: "--at") { try TypedValue.point(at) }
                try options.open().placeBlock(block, version: version, page: page, origin: origin)
                print("Placed block \(block) on page \(page) of version \(version); run ezgrader omr to read it there.")
            }
        }
    }

    struct Key: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Set how a version prints a bubble block: its question order and choice order.",
            discussion: """
                The file has one line per question the version prints: the printed question number, \
                the exam's question it is, and optionally the exam's choice behind each printed \
                bubble (shuffled choices). The exam's answer key then grades every version, and \
                every score lands on the exam's question. "#" starts a comment.

                Example key file (version B of block mc):
                  # printed  exam  choices as the exam's
                  1   3   CABDE     # B's question 1 is the exam's 3; B's A is the exam's C, …
                  2   1             # same choices, same order
                  3   2   B,A,C,D,E

                Example:
                  ezgrader version key exam.ezgrader --version B --block mc --file keyB.txt
                """)
        @OptionGroup var options: ProjectOptions
        @Option(help: "The version.") var version: String
        @Option(help: "The bubble block's id (from the rubric).") var block: String
        @Option(help: "The version's key file.") var file: String

        func run() throws {
            try reportingErrors {
                let text = try String(contentsOfFile: file, encoding: .utf8)
                let key = try options.open().setVersionKey(version: version, block: block, text: text, file: file)
                let moved = key.rows.enumerated().filter { $0.offset != $0.element.examRow }.count
                if options.json { return try printJSON(["version": version, "block": block, "questions": "\(key.rows.count)", "moved": "\(moved)"]) }
                print("Version \(version)'s key to \(block) set (\(count(key.rows.count, "question")), \(moved) in another place); "
                    + "machine-read answers re-graded.")
            }
        }
    }

    struct Set: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Give students their version: by hand, or from a roster's version column.",
            discussion: """
                A version given here outranks the sheet's version bubble field; --unknown takes it \
                back (the sheet, or nothing, tells again). The roster is a CSV with a version \
                column and an id, name or file column to find each student by. Bubbles are \
                re-graded and pages aligned to the version's PDF, in one step.

                Example:
                  ezgrader version set exam.ezgrader --student "Ada Lovelace" B
                  ezgrader version set exam.ezgrader --roster roster.csv
                """)
        @OptionGroup var options: ProjectOptions
        @Option(help: "The student (name or roster id).") var student: String?
        @Option(help: "A roster CSV with a version column.") var roster: String?
        @Flag(help: "Forget the version given to --student.") var unknown = false
        @Argument(help: "The version.") var version: String?

        func validate() throws {
            guard (student == nil) != (roster == nil) else { throw ValidationError("Give --student with a version, or --roster, not both.") }
            if student != nil, (version == nil) == !unknown { throw ValidationError("Give the student's version, or --unknown.") }
            if roster != nil, version != nil || unknown { throw ValidationError("--roster gives every version itself: leave out the version.") }
        }

        func run() throws {
            try reportingErrors {
                let project = try options.open()
                if let roster {
                    let given = try project.setVersions(fromRoster: roster)
                    print("Gave \(count(given, "student")) their version from '\(roster)'.")
                } else if let student {
                    let given = unknown ? nil : version
                    try project.setVersions([(student, given)])
                    print(given.map { "\(student) sat version \($0)." } ?? "\(student)'s version is no longer given.")
                }
            }
        }
    }

    struct Align: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Align every student's pages to their version's own PDF (after bubbles told the versions).",
            discussion: "Example:\n  ezgrader omr exam.ezgrader && ezgrader version align exam.ezgrader")
        @OptionGroup var options: ProjectOptions

        func run() throws {
            try reportingErrors {
                let aligned = try options.open().alignToVersions()
                print("Aligned \(count(aligned, "student")) to their version's pages.")
            }
        }
    }

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "List the versions, each student's version and the copies whose version is unknown.",
            discussion: "Example:\n  ezgrader version list exam.ezgrader --json")
        @OptionGroup var options: ProjectOptions

        func run() throws {
            try reportingErrors {
                guard let report = VersionReport(try options.open().gradeBook()) else {
                    if options.json { return try printJSON(["versions": [String]()]) }
                    return print("The exam has one version (add more with ezgrader version add).")
                }
                if options.json { return try printJSON(report) }
                report.summaryLines.forEach { print($0) }
                for line in report.students {
                    print("  \(line.student)\t\(line.version ?? "?")\t\(line.source?.rawValue ?? "unknown")")
                }
            }
        }
    }
}
