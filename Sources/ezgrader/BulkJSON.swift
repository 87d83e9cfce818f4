import GraderKit

/// The `--json` of the bulk commands (`new --bulk`, `new --pages-per-student`, `add-scans`,
/// `assign`): counts as numbers and every problem with its file and page.
struct BulkJSON: Encodable {
    let project: String
    let students: Int?, pages: Int
    let completeCopies: Int, heldBackCopies: Int, unscannedCopies: Int
    let problems: [BulkReport.Problem]

    init(_ report: BulkReport, project: String, students: Int? = nil, toLookAtOnly: Bool = false) {
        let sort = report.sort
        self.project = project
        self.students = students
        pages = sort.pagesPerCopy
        completeCopies = sort.completeCopies.count
        heldBackCopies = sort.scannedCopies.count - completeCopies
        unscannedCopies = sort.copies - sort.scannedCopies.count
        problems = toLookAtOnly ? report.toLookAt : report.problems
    }
}

/// A command's JSON with the bulk sort's held-back pages and copies added under "bulk" (projects
/// made from bulk scans only).
struct WithBulk<Base: Encodable>: Encodable {
    let base: Base
    let bulk: BulkJSON?

    private enum Key: String, CodingKey { case bulk }

    func encode(to encoder: Encoder) throws {
        try base.encode(to: encoder)
        var container = encoder.container(keyedBy: Key.self)
        try container.encodeIfPresent(bulk, forKey: .bulk)
    }
}

/// Prints the bulk sort's summary, its held-back pages and copies and the split's doubts, for status and info.
func printHeldBack(_ report: BulkReport) {
    print(report.summary)
    for problem in report.toLookAt { print("  " + problem.message) }
}
