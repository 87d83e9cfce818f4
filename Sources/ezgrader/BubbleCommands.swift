import ArgumentParser
import Foundation
import GraderKit

struct KeyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "key", abstract: "The answer key of a bubble block (kept only in the project).",
        subcommands: [Set.self])

    struct Set: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Set a block's answer key; every machine-read answer is re-graded at once.",
            discussion: """
                Typed on the command line: one answer per question, in order: "ABDCE…" or \
                "A,B,D,…"; for a multiple-answer block separate the questions with commas \
                ("AC,B,DE").

                A key file (--file) holds one line per question, in any order: the question \
                number, the answer and, optionally, the question's own points (its maximum \
                becomes those points; the others keep the block's). "A|C" accepts either A or C; \
                on a multiple-answer block "AC" means A and C together; "*" accepts every answer \
                (a blank still earns 0). "#" starts a comment. Every question of the block must \
                be given once; a file holding one line in the form above also works. Scores a \
                grader typed are kept.

                Example key file:
                  # question  answer  points
                  1   B
                  2   A|C       # either is right
                  3   AC   2    # multiple-answer: A and C; worth 2 points
                  4   *         # dropped: every answer counts

                Example:
                  ezgrader key set quiz.ezgrader --block mc ABCDEABCDEABCDEABCDE
                  ezgrader key set quiz.ezgrader --block mc --file key.txt
                """)
        @OptionGroup var options: ProjectOptions
        @Option(help: "The bubble block's id (from the rubric).") var block: String
        @Option(help: "A key file: one line per question (or the answers on one line).") var file: String?
        @Argument(help: "The answers.") var answers: String?

        func validate() throws {
            guard (answers == nil) != (file == nil) else { throw ValidationError("Give the answers, or --file with them, not both.") }
        }

        func run() throws {
            try reportingErrors {
                let text = try answers ?? String(contentsOfFile: file!, encoding: .utf8)
                let key = try options.open().setAnswerKey(block: block, answers: text, file: file)
                if options.json {
                    try printJSON(["block": block, "answers": key.rows.map(\.accepted.text).joined(separator: ","),
                                   "points": key.rows.map { $0.points?.description ?? "" }.joined(separator: ",")])
                } else {
                    let details = [(key.ownPointsCount, "with their own points", "with its own points"),
                                   (key.alternativesCount, "with several answers", "with several answers"),
                                   (key.anyCount, "where every answer counts", "where every answer counts")]
                        .filter { $0.0 > 0 }.map { "\($0.0) \($0.0 == 1 ? $0.2 : $0.1)" }
                    let summary = count(key.rows.count, "question") + (details.isEmpty ? "" : "; " + details.joined(separator: ", "))
                    print("Answer key of \(block) set (\(summary)); machine-read answers re-graded.")
                }
            }
        }
    }
}

struct OMRCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "omr",
        abstract: "Read the filled bubbles of every student and grade them against the key.",
        discussion: """
            Each row is read as answered, blank, multiple (more marks than allowed) or uncertain \
            (a light mark, an erasure, a tick…): uncertain and multiple rows are never guessed — \
            they stay "?" and are listed for review (ezgrader preview frames them in orange). \
            A page that cannot be read is listed with its reason; the others are still read.

            Example:
              ezgrader omr quiz.ezgrader
              ezgrader export csv quiz.ezgrader --layout responses -o responses.csv
            """)
    @OptionGroup var options: ProjectOptions
    @Option(help: "Only this bubble block.") var block: String?

    func run() throws {
        let progress = TerminalProgress(label: "reading bubbles")
        let summary = try reportingErrors { try BubbleRun.run(try options.open(), block: block, progress: progress.update) }
        progress.finish()
        if options.json { return try printJSON(OMRJSON(summary)) }
        print("Read \(summary.answered + summary.blank + summary.multiple + summary.uncertain) rows: \(summary.answered) answered, "
            + "\(summary.blank) blank, \(summary.multiple) multiple, \(summary.uncertain) uncertain.")
        print(summary.placementLine + ".")
        if summary.alignedToVersions > 0 { print("Pages of \(count(summary.alignedToVersions, "student")) aligned to the version their sheet names.") }
        if !summary.review.isEmpty {
            print("For review (left \"?\"; score them with ezgrader score or ezgrader grade):")
            summary.review.forEach { print("  \($0)") }
        }
        if !summary.idMismatches.isEmpty { print("Student-ID grids that differ from the roster:"); summary.idMismatches.forEach { print("  \($0)") } }
        if !summary.failures.isEmpty { print("Blocks not read (refused rather than read a row off; their rows are \"?\"):"); summary.failures.forEach { print("  \($0)") } }
    }
}
