import ArgumentParser
import GraderKit

/// Prints what a bulk sort left for the user: a summary, then one line per problem.
func printBulkReport(_ report: BulkReport) {
    print(report.summary)
    for line in report.lines { print("  " + line) }
}

struct AssignCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "assign",
        abstract: "Place a scanned page whose code could not be read on a copy's page, by hand.",
        discussion: """
            The scan is named as new --bulk listed it (its file name); pages are numbered from 1. \
            A copy the page completes becomes gradable.

            Example:
              ezgrader assign exam --scan batch.pdf --page 57 --copy 12 --page-of-copy 3
            """)
    @OptionGroup var options: ProjectOptions
    @Option(help: "The bulk scan's file name.") var scan: String
    @Option(help: "The page of the scan (from 1).") var page: Int
    @Option(help: "The copy it belongs to.") var copy: Int
    @Option(help: "Which page of the copy it is (from 1).") var pageOfCopy: Int
    @Option(help: "Clockwise degrees that show the page upright: 0, 90, 180 or 270.") var rotate = 0

    func run() throws {
        try reportingErrors {
            let report = try options.open().assign(scan: scan, page: page, copy: copy, copyPage: pageOfCopy, rotation: rotate)
            if options.json { try printJSON(BulkJSON(report, project: options.project)) } else {
                print("Placed \(scan) page \(page) as copy \(copy) page \(pageOfCopy).")
                printBulkReport(report)
            }
        }
    }
}

struct AddScansCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add-scans",
        abstract: "Add a later bulk scan (the missing pages, rescanned) to a bulk-scanned project.",
        discussion: "Example:\n  ezgrader add-scans exam rescan.pdf")
    @OptionGroup var options: ProjectOptions
    @Argument(help: ArgumentHelp("The bulk scans to add.", valueName: "scans")) var scans: [String]

    func run() throws {
        try reportingErrors {
            let progress = TerminalProgress(label: "reading page codes")
            let report = try options.open().addScans(scans, progress: progress.update)
            progress.finish()
            if options.json { try printJSON(BulkJSON(report, project: options.project)) } else { printBulkReport(report) }
        }
    }
}

struct MatchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "match",
        abstract: "Say which student a copy is, by hand (a copy can be graded before it is matched).",
        discussion: """
            Without --copy, lists the copies with the student each is matched to. With --copy and \
            --student, matches the copy to a student of the project's roster (by name or roster \
            id); a name the roster does not have needs --new. With --roster, reads the student \
            number of every unmatched copy: handwritten in the rubric's id_boxes (matched over the \
            whole class at once; a copy is matched when its confidence reaches --threshold, else \
            listed with the three likeliest students), or else its student-ID bubble grid (a grid \
            read in full that names one roster id matches its copy). Every copy not matched is \
            listed, to confirm with --copy and --student. In a project of per-student files, the \
            students without a roster id are matched by their ID boxes.

            Example:
              ezgrader match exam --copy 12 --student "Schmidt, Anna"
              ezgrader match exam --copy 13 --student "Ben Okafor" --id S1002 --new
              ezgrader match exam --roster roster.csv
            """)
    @OptionGroup var options: ProjectOptions
    @Option(help: "The copy number printed on its pages.") var copy: Int?
    @Option(help: "The student's name (or roster id).") var student: String?
    @Option(help: "Roster id.") var id: String?
    @Option(help: "E-mail.") var email: String?
    @Flag(help: "The student is not on the roster: match the copy to this new name.") var new = false
    @Option(help: "Match unmatched copies by their handwritten student number (or ID grid) against this roster CSV.") var roster: String?
    @Option(help: "The least confidence at which a handwritten number is matched without review.") var threshold: Double = RosterAssignment().threshold

    /// One copy and its student, for --json.
    private struct CopyJSON: Encodable {
        let copy: Int
        let student: String?, rosterID: String?
        let matched: Bool, heldBack: Bool
    }

    /// A copy left for review by the ID grid, for --json.
    private struct ReviewJSON: Encodable {
        let copy: Int, read: String
        let guess: String?, guessRosterID: String?
        let confidence: Double
        /// Why the grid could not be read at all, in the words the text gives after "not read:"; absent when it was read.
        let problem: String?
    }

    /// What the ID boxes gave, for --json: the copies matched (with their confidence), then those left with their likeliest students.
    private struct IDBoxesJSON: Encodable {
        struct Student: Encodable { let name: String, rosterID: String?, probability: Double? }
        struct Copy: Encodable {
            /// The bulk copy number; absent for a student's own file (then `name` is the file's).
            let copy: Int?
            let name: String, read: String
            /// Nil (null) when the assignment is sure beyond any number (the only student left).
            let confidence: Double?
            let student: Student?
            let candidates: [Student]?
        }
        let matched: [Copy], review: [Copy]

        init(_ outcomes: [GradingProject.IDBoxMatch]) {
            func copy(_ item: GradingProject.IDBoxMatch, matched: Bool) -> Copy {
                Copy(copy: item.copy, name: item.name, read: item.read, confidence: item.confidence.isFinite ? item.confidence : nil,
                     student: item.student.map { Student(name: $0.name, rosterID: $0.rosterID, probability: nil) },
                     candidates: matched ? nil : item.candidates.map { Student(name: $0.student.name, rosterID: $0.student.rosterID, probability: $0.probability) })
            }
            matched = outcomes.filter { $0.student != nil }.map { copy($0, matched: true) }
            review = outcomes.filter { $0.student == nil }.map { copy($0, matched: false) }
        }
    }

    func run() throws {
        try reportingErrors {
            let project = try options.open()
            if let roster, copy == nil, try project.hasIDBoxes() {
                let outcomes = try project.matchByIDBoxes(rosterPath: roster, threshold: threshold)
                if options.json { try printJSON(IDBoxesJSON(outcomes)) } else { printIDBoxMatches(outcomes) }
                return
            }
            if let roster, copy == nil {
                let (matched, review) = try project.matchByIDGrid(rosterPath: roster)
                if options.json {
                    struct Result: Encodable { let matched: [CopyJSON], review: [ReviewJSON] }
                    try printJSON(Result(matched: matched.map { CopyJSON(copy: $0.copy, student: $0.student.name, rosterID: $0.student.rosterID,
                                                                         matched: true, heldBack: false) },
                                         review: review.map { ReviewJSON(copy: $0.copy, read: $0.read, guess: $0.guess?.name,
                                                                         guessRosterID: $0.guess?.rosterID, confidence: $0.confidence, problem: $0.problem) }))
                    return
                }
                for (copy, student) in matched { print("copy \(copy): \(student.name) (the ID grid reads \(student.rosterID ?? ""))") }
                for item in review {
                    let guess = item.guess.map { "best guess \($0.name) (\($0.rosterID ?? "")), \(Int((item.confidence * 100).rounded())) % of the digits — "
                        + "confirm: ezgrader match \(options.project) --copy \(item.copy) --student \"\($0.name)\"" } ?? "no roster id is close"
                    print("review copy \(item.copy): the ID grid reads \(item.read)" + (item.problem.map { " (not read: \($0))" } ?? "") + "; " + guess)
                }
                return
            }
            guard let copy, let student else {
                let copies = try project.bulkCopies()
                if options.json {
                    try printJSON(copies.map { CopyJSON(copy: $0.copy, student: $0.name, rosterID: nil, matched: $0.matched, heldBack: $0.name == nil) })
                    return
                }
                for entry in copies {
                    print("copy \(entry.copy): " + (entry.name ?? "held back (pages missing)") + (entry.matched ? "" : " — not matched"))
                }
                return
            }
            let matched = try project.match(copy: copy, to: Student(name: student, rosterID: id, email: email), new: new)
            if options.json {
                try printJSON(CopyJSON(copy: copy, student: matched.name, rosterID: matched.rosterID, matched: true, heldBack: false))
            } else {
                print("Copy \(copy) is \(matched.name).")
            }
        }
    }

    private func printIDBoxMatches(_ outcomes: [GradingProject.IDBoxMatch]) {
        func confidence(_ value: Double) -> String { value.isFinite ? String(format: "%.1f", value) : "∞" }
        for item in outcomes {
            let which = item.copy.map { "copy \($0)" } ?? item.name
            if let student = item.student {
                print("\(which): \(student.name) (the boxes read \(item.read), confidence \(confidence(item.confidence)))")
                continue
            }
            let best = item.candidates.map { "\($0.student.name) \($0.student.rosterID ?? "") \(Int(($0.probability * 100).rounded())) %" }
            print("review \(which): the boxes read \(item.read), confidence \(confidence(item.confidence)); "
                  + (best.isEmpty ? "no roster id fits" : "likeliest: " + best.joined(separator: "; ")))
            if let copy = item.copy, let first = item.candidates.first {
                print("  confirm: ezgrader match \(options.project) --copy \(copy) --student \"\(first.student.name)\" --id \(first.student.rosterID ?? "")")
            }
        }
        let matched = outcomes.filter { $0.student != nil }.count
        print("\(matched) of \(outcomes.count) matched by their handwritten student number, \(outcomes.count - matched) left for review.")
    }
}
