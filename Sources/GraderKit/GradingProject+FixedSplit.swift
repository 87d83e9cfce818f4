import Foundation
import GraderAlignment
import GraderBubbles
import GraderCore
import GraderPDF

/// Bulk scans without page codes, split every N pages. Before anything is created every page is
/// aligned to the reference page of its own position in the copy and of the positions next to it
/// (the page alignment's match score, on the printed content: handwriting does not count); the
/// reference of each position is the first copy's page, keeping only the print the next copies
/// share with it — or the second copy's, when the first copy's leave the stack out of step and the
/// second's explain it better (a page dropped or fed twice in the first copy). The
/// likeliest way the whole stack came (`SplitPath`) names each page dropped or fed twice at its
/// copy and refuses the split; a page that matches a neighbour only somewhat better is listed for
/// a look (`SplitCheck`).
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
        let (matches, path) = try splitReading(files, refs, every: n, progress: progress)
        let unsure: [SplitCheck.Misfit]
        switch path.map({ SplitCheck.verdict(of: $0, every: n, matches: { matches[$0] }) }) ?? .refused(faults: []) {
        case .accepted(let found):
            unsure = found
        case .refused(let faults) where !faults.isEmpty:
            let explained = faults.map { $0.explanation(every: n, name: name) }.joined(separator: "; ")
            throw BulkError.splitMismatch("The split every \(n) pages is out of step: " + explained
                + (faults.count == 1 ? ". Rescan that copy, or remove the extra page" : ". Rescan those copies, or remove the extra pages")
                + "; nothing was created.")
        case .refused:
            // Nothing shows which page is page 1 but the stack's order: a page missing from the first copy shifts every copy alike.
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

    /// Each page's matches against the reference slots near its own, and the likeliest way the
    /// stack came, against the first copy's pages — or, when they leave the stack out of step,
    /// the second copy's if those explain it better (the first copy may be the one at fault).
    private static func splitReading(_ files: [String], _ refs: [ScanPageRef], every n: Int,
                                     progress: (Int, Int) -> Void) throws -> (matches: [[SplitCheck.Match]], path: SplitPath?) {
        var document: (scan: Int, pdf: PDFDocument)?
        func image(_ index: Int) throws -> GrayImage {
            let ref = refs[index]
            if document?.scan != ref.scan { document = (ref.scan, try PDFDocument(path: files[ref.scan])) }
            return try GrayImage(rendering: document!.pdf.page(at: ref.pageIndex), pixelsPerPoint: PageRegistrar.pixelsPerPoint)
        }
        func reading(fromCopy copy: Int) throws -> (matches: [[SplitCheck.Match]], path: SplitPath?) {
            let references = try splitReferences(fromCopy: copy, copies: refs.count / n, every: n) { try image($0) }
            let matches = try refs.indices.map { index in
                let page = try image(index)
                defer { progress(index + 1, refs.count) }
                return SplitCheck.positions(around: index % n, every: n).map { position in
                    let alignment = PageRegistrar.register(page, to: references[position])
                    return SplitCheck.Match(position: position, score: alignment.score, accepted: !alignment.isFlagged)
                }
            }
            return (matches, SplitPath.likeliest(count: refs.count, every: n) { matches[$0] })
        }
        let first = try reading(fromCopy: 0)
        guard first.path?.isInStep != true, refs.count / n >= 3 else { return (first.matches, first.path) }
        let second = try reading(fromCopy: 1)
        guard let path = second.path, path.cost < first.path?.cost ?? .infinity else { return (first.matches, first.path) }
        return (second.matches, path)
    }

    /// The reference page of each position, from copy `copy`'s (0-based) pages keeping the print
    /// the next copies share.
    private static func splitReferences(fromCopy copy: Int, copies: Int, every n: Int,
                                        image: (Int) throws -> GrayImage) throws -> [ReferencePage] {
        try (0..<n).map { position in
            let first = ReferencePage(try image(copy * n + position))
            let next = copy + 1..<min(copies, copy + 1 + splitConfirmingCopies)
            let confirming = try next.map { try image($0 * n + position) }
            let confirmed = first.confirmed(by: confirming)
            guard confirming.filter({ !PageRegistrar.register($0, to: confirmed).isFlagged }).count * 2 < confirming.count else { return confirmed }
            // Handwriting over most of the first copy's page: the ink most copies share is the print
            // (as `PageAlignmentRun.reference` takes it), else its next copies match no page of their own.
            let more = try (next.upperBound..<max(next.upperBound, min(copies, copy + 1 + PageAlignmentRun.sharingStudents))).map { try image($0 * n + position) }
            return first.sharedPrint(of: confirming + more)?.confirmed(by: confirming) ?? confirmed
        }
    }
}
