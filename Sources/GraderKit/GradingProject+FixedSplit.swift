import Foundation
import GraderAlignment
import GraderBubbles
import GraderCore
import GraderPDF

/// Bulk scans without page codes, split every N pages. Before anything is created every page is
/// aligned to the reference page of its own position in the copy and of the positions next to it
/// (the page alignment's match score, on the printed content: handwriting does not count); the
/// reference of each position is the first copy's page, keeping only the print the next copies
/// share with it. A page that matches a neighbouring position and not its own — a page dropped or
/// fed twice — refuses the split, naming the copy; a page that matches a neighbour only somewhat
/// better is listed for a look (`SplitCheck`).
extension GradingProject {
    /// Copies after the first whose pages confirm each position's reference.
    static let splitConfirmingCopies = 3

    /// Creates `folder` from `scans` split every `pagesPerStudent` pages (copy N = roster row N).
    public static func createFromFixedSplit(_ folder: String, scans: [String], pagesPerStudent n: Int, rosterPath: String? = nil,
                                            rubricPath: String? = nil, grader: Grader,
                                            progress: (Int, Int) -> Void = { _, _ in }) throws -> (GradingProject, BulkReport) {
        try ProjectName.check(folder)
        guard n >= 1 else { throw BulkError.splitMismatch("--pages-per-student \(n): give at least 1.") }
        let files = try ScanPaths.expand(scans)
        var refs: [ScanPageRef] = []
        for (scan, file) in files.enumerated() {
            refs += (0..<(try PDFDocument(path: file).pageCount)).map { ScanPageRef(scan: scan, pageIndex: $0) }
        }
        let names = files.map { ($0 as NSString).lastPathComponent }
        func name(_ index: Int) -> String { "\(names[refs[index].scan]) page \(refs[index].pageIndex + 1)" }
        guard refs.count >= n else {
            throw BulkError.splitMismatch("The scans have \(refs.count) pages, fewer than one copy of \(n): check --pages-per-student.")
        }
        let matches = try splitMatches(files, refs, every: n, progress: progress)
        let unsure: [SplitCheck.Misfit]
        switch SplitCheck.verdict(count: refs.count, every: n, matches: { matches[$0] }) {
        case .accepted(let found):
            unsure = found
        case .refused(let misfit?):
            throw BulkError.splitMismatch("The split every \(n) pages is out of step: " + misfit.explanation(every: n, name: name)
                + ". Rescan that copy, or remove the extra page; nothing was created.")
        case .refused(nil):
            // Each position's reference is the first copy's page: a page dropped or doubled there shifts every reference alike.
            throw BulkError.splitMismatch("The scans have \(refs.count) pages, not a multiple of \(n), and no page shows where one "
                + "was dropped or doubled: every copy matches the first one page by page, so the first copy (\(name(0)) to "
                + "\(name(n - 1))) may be missing a page or have one fed twice, or the last copy (from "
                + "\(name(refs.count - refs.count % n))) has only \(refs.count % n). Look at both and rescan the one at fault; "
                + "nothing was created.")
        }
        // The doubts are kept with their pages, so `status` and `info` list them after `new`.
        let doubts = Dictionary(unsure.map { ($0.index, $0.explanation(every: n, name: name)) }) { first, _ in first }
        let pages = refs.enumerated().map { index, ref in
            ScannedPage(ref: ref, reading: .placed(copy: index / n + 1, page: index % n + 1, rotation: 0), doubt: doubts[index])
        }
        return try createFromReadings(folder, files: files, pages: pages,
                                      exam: PageCode(exam: "SPLIT", copy: 1, copies: refs.count / n, page: 1, pages: n)!,
                                      rosterPath: rosterPath, rubricPath: rubricPath, grader: grader)
    }

    /// Each page's matches against its own position's reference page and its neighbours'.
    private static func splitMatches(_ files: [String], _ refs: [ScanPageRef], every n: Int,
                                     progress: (Int, Int) -> Void) throws -> [[SplitCheck.Match]] {
        var document: (scan: Int, pdf: PDFDocument)?
        func image(_ index: Int) throws -> GrayImage {
            let ref = refs[index]
            if document?.scan != ref.scan { document = (ref.scan, try PDFDocument(path: files[ref.scan])) }
            return try GrayImage(rendering: document!.pdf.page(at: ref.pageIndex), pixelsPerPoint: PageRegistrar.pixelsPerPoint)
        }
        let copies = refs.count / n
        let references = try (0..<n).map { position in
            let first = ReferencePage(try image(position))
            let confirming = try (1..<min(copies, 1 + splitConfirmingCopies)).map { try image($0 * n + position) }
            let confirmed = first.confirmed(by: confirming)
            guard confirming.filter({ !PageRegistrar.register($0, to: confirmed).isFlagged }).count * 2 < confirming.count else { return confirmed }
            // Handwriting over most of the first copy's page: the ink most copies share is the print
            // (as `PageAlignmentRun.reference` takes it), else its next copies match no page of their own.
            let more = try (1 + confirming.count..<max(1 + confirming.count, min(copies, 1 + PageAlignmentRun.sharingStudents))).map { try image($0 * n + position) }
            return first.sharedPrint(of: confirming + more)?.confirmed(by: confirming) ?? confirmed
        }
        return try refs.indices.map { index in
            let page = try image(index)
            defer { progress(index + 1, refs.count) }
            return SplitCheck.positions(around: index % n, every: n).map { position in
                let alignment = PageRegistrar.register(page, to: references[position])
                return SplitCheck.Match(position: position, score: alignment.score, accepted: !alignment.isFlagged)
            }
        }
    }
}
