import ArgumentParser
import Foundation
import GraderKit

struct PrepareCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "prepare",
        abstract: "Print-ready copies of an exam with a QR code on every page (exam, copy, page).",
        discussion: """
            Writes one PDF of N copies. Every page of every copy carries a small QR code of the exam id, \
            the copy and the page, with the same in text under it; the exam's own pages are copied \
            untouched and the codes laid over them. With --roster, copy N is for the roster's N-th \
            student and their name is printed on its page 1 (give new --bulk the same roster). \
            After the exam, scan the whole stack into one or a few PDFs and run ezgrader new NAME --bulk.

            Example:
              ezgrader prepare midterm.pdf --copies 200 -o print.pdf
              ezgrader prepare midterm.pdf --roster roster.csv --code-at 40,740 -o print.pdf
            """)

    @Argument(help: "The exam as it is to be printed (a PDF).") var exam: String
    @Option(help: "Copies to print (default: one per roster student).") var copies: Int?
    @Option(help: "CSV of the students (file,name[,id,email]): copy N is for row N.") var roster: String?
    @Option(help: ArgumentHelp("The code's top-left corner in points from the page's top-left corner (default: the top-right margin).",
                               valueName: "x,y")) var codeAt: String?
    @Option(help: "The exam id in every code: 1–16 letters and digits (default: a fresh random one).") var examID: String?
    @Option(name: .shortAndLong, help: "The PDF to write.") var output: String
    @Flag(help: "Print the result as JSON.") var json = false

    func run() throws {
        try reportingErrors {
            let at = try codeAt.map { text in
                try value(of: "--code-at") { try TypedValue.point(text) }
            }
            let prepared = try ExamPreparation.prepare(exam: exam, copies: copies, rosterPath: roster, codeAt: at,
                                                       examID: examID, to: output)
            if json {
                try printJSON(["output": output, "exam": prepared.exam, "copies": "\(prepared.copies)", "pages": "\(prepared.pages)"])
            } else {
                print("Wrote \(output): exam \(prepared.exam), \(count(prepared.copies, "copy", "copies")) × \(count(prepared.pages, "page"))"
                    + (prepared.students.isEmpty ? "." : ", copies 1–\(prepared.students.count) for the roster's students."))
                print("After the exam: ezgrader new NAME --bulk SCAN.pdf" + (roster.map { " --roster \($0)" } ?? ""))
            }
        }
    }
}
