import Foundation

/// How the students' pages line up with the reference pages: what `status` and `info` show, so a
/// page whose boxes may be misplaced is never silent.
public struct AlignmentReport: Sendable, Equatable, Codable {
    /// A page a grader should look at.
    public struct Page: Sendable, Equatable, Codable {
        /// The student's name.
        public let student: String
        /// The page, 1-based.
        public let page: Int
        /// How well it matched the reference page, 0…1.
        public let score: Double
        /// "no match" (boxes placed by page size: check them) or "upside down" (aligned, shown turned).
        public let problem: String
        /// What was seen on a page that did not match (`AlignmentProblem.description`); nil when not known.
        public let reason: String?
    }

    /// Pages aligned to the reference page.
    public let aligned: Int
    /// Pages in the class.
    public let pages: Int
    /// The lowest match score of an aligned page (1 when none).
    public let lowestScore: Double
    /// Pages that did not match or were scanned upside down, by student then page.
    public let flagged: [Page]

    /// The report of `students`' pages; nil for a project made before pages were aligned.
    public init?(_ students: [GradeBook.Entry]) {
        guard students.contains(where: { !$0.alignments.isEmpty }) else { return nil }
        var aligned = 0, pages = 0, lowest = 1.0, flagged: [Page] = []
        for entry in students {
            for (index, alignment) in entry.alignments.enumerated() {
                pages += 1
                if alignment.isFlagged {
                    flagged.append(Page(student: entry.student.name, page: index + 1, score: Self.rounded(alignment.score), problem: "no match",
                                        reason: alignment.problem?.description))
                    continue
                }
                aligned += 1
                // A page placed by hand has no match score of its own.
                if !alignment.byHand { lowest = min(lowest, alignment.score) }
                if alignment.upsideDown {
                    flagged.append(Page(student: entry.student.name, page: index + 1, score: Self.rounded(alignment.score), problem: "upside down",
                                        reason: nil))
                }
            }
        }
        (self.aligned, self.pages, self.lowestScore, self.flagged) = (aligned, pages, Self.rounded(lowest), flagged)
    }

    /// Scores to two decimals, as shown.
    private static func rounded(_ score: Double) -> Double { (score * 100).rounded() / 100 }

    /// The lines `status` and `info` print about the project called `project`.
    public func lines(project: String) -> [String] {
        var lines = ["Pages aligned to the reference: \(aligned) of \(pages)" + (aligned > 0 ? String(format: " (lowest match %.2f)", lowestScore) : "") + "."]
        for page in flagged {
            let score = String(format: "%.2f", page.score)
            switch page.problem {
            case "upside down":
                lines.append("  \(page.student) — page \(page.page): scanned upside down (match \(score)); shown and exported turned upright.")
            default:
                lines.append("  \(page.student) — page \(page.page): does not match the reference page (match \(score)): "
                    + (page.reason.map { $0 + "; " } ?? "") + "its boxes sit where they would by page size. "
                    + "Rescan it, or line it up by hand: ezgrader align \(project) --student \"\(page.student)\" --page \(page.page) --by DX,DY[,DEGREES].")
            }
        }
        return lines
    }
}
