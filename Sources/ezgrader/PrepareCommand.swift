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

            With --versions (instead of the exam) the PDFs are versions A, B and so on of the exam, \
            with the same number of pages each; every code carries its copy's version, so after new \
            --bulk and ezgrader version add, each copy is graded as its version. Versions go round \
            in seat order (copy 1 A, copy 2 B), or at random with --spread random --seed N.

            Example:
              ezgrader prepare midterm.pdf --copies 200 -o print.pdf
              ezgrader prepare midterm.pdf --roster roster.csv --code-at 40,740 -o out.pdf
              ezgrader prepare --versions A.pdf B.pdf --spread random --seed 7 -o print.pdf
            """)

    enum Spread: String, ExpressibleByArgument, CaseIterable { case seats, random }

    @Argument(help: "The exam as it is to be printed (a PDF).") var exam: String?
    @Option(parsing: .upToNextOption, help: "The versions' PDFs instead of the exam: versions A, B, … in this order.") var versions: [String] = []
    @Option(help: "How the versions go to the copies: seats (round in copy order) or random (with --seed).") var spread: Spread = .seats
    @Option(help: "The seed of a random spread: the same seed prints the same spread.") var seed: UInt64?
    @Option(help: "Copies to print (default: one per roster student).") var copies: Int?
    @Option(help: "CSV of the students (file,name[,id,email]): copy N is for row N.") var roster: String?
    @Option(help: ArgumentHelp("The code's top-left corner in points from the page's top-left corner (default: the top-right margin).",
                               valueName: "x,y")) var codeAt: String?
    @Option(help: "The exam id in every code: 1–16 letters and digits (default: a fresh random one).") var examID: String?
    @Option(name: .shortAndLong, help: "The PDF to write.") var output: String
    @Flag(help: "Print the result as JSON.") var json = false

    func validate() throws {
        guard (exam == nil) != versions.isEmpty else { throw ValidationError("Give the exam's PDF, or --versions with a PDF per version, not both.") }
        guard (spread == .random) == (seed != nil) else { throw ValidationError("--spread random takes --seed N (and --seed only goes with it).") }
    }

    func run() throws {
        try reportingErrors {
            let at = try codeAt.map { text in
                try value(of: "--code-at") { try TypedValue.point(text) }
            }
            let prepared = try ExamPreparation.prepare(exams: exam.map { [$0] } ?? versions, versioned: exam == nil, spread: seed.map { .random(seed: $0) } ?? .seats,
                                                       copies: copies, rosterPath: roster, codeAt: at, examID: examID, to: output)
            if json {
                var fields = ["output": output, "exam": prepared.exam, "copies": "\(prepared.copies)", "pages": "\(prepared.pages)"]
                if !prepared.versions.isEmpty { fields["versions"] = prepared.versions.joined(separator: ",") }
                try printJSON(fields)
            } else {
                print("Wrote \(output): exam \(prepared.exam), \(count(prepared.copies, "copy", "copies")) × \(count(prepared.pages, "page"))"
                    + (prepared.students.isEmpty ? "." : ", copies 1–\(prepared.students.count) for the roster's students."))
                for (index, path) in versions.enumerated() {
                    let name = VersionSpread.name(ofVersion: index)
                    print("Version \(name) (\(path)): \(count(prepared.versions.filter { $0 == name }.count, "copy", "copies")).")
                }
                print("After the exam: ezgrader new NAME --bulk SCAN.pdf" + (roster.map { " --roster \($0)" } ?? ""))
                if !versions.isEmpty { print("then ezgrader version add NAME A, then B with its PDF, …: each copy is its code's version.") }
            }
        }
    }
}
