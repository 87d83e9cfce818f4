import GraderKit

/// `ezgrader omr --json`: the counts, the rows to review, and how every block was placed on every scan.
struct OMRJSON: Encodable {
    let answered: Int, blank: Int, multiple: Int, uncertain: Int
    let review: [String], failures: [String], idMismatches: [String]
    let placements: [BubbleRun.Summary.Placement]

    init(_ summary: BubbleRun.Summary) {
        (answered, blank, multiple, uncertain) = (summary.answered, summary.blank, summary.multiple, summary.uncertain)
        (review, failures, idMismatches, placements) = (summary.review, summary.failures, summary.idMismatches, summary.placements)
    }
}
