import Foundation
import GraderAlignment
import GraderBubbles
import GraderCore
import GraderPDF
import GraderStore

/// Bulk scans without page codes, split every N pages. Before anything is created every page is
/// compared with the consensus of each page position (the pixelwise median over all copies, so
/// handwriting and noise cancel out; it stays right while at most half the copies are shifted):
/// the first copy whose pages do not come in the order 1…N — a page dropped or fed twice — is
/// named with the scan page at fault, instead of every following student silently getting a
/// neighbour's pages.
extension GradingProject {
    /// Creates `folder` from `scans` split every `pagesPerStudent` pages (copy N = roster row N).
    public static func createFromFixedSplit(_ folder: String, scans: [String], pagesPerStudent: Int, rosterPath: String? = nil,
                                            rubricPath: String? = nil, grader: Grader,
                                            progress: (Int, Int) -> Void = { _, _ in }) throws -> (GradingProject, BulkReport) {
        try ProjectName.check(folder)
        guard pagesPerStudent >= 1 else { throw BulkError.splitMismatch("--pages-per-student \(pagesPerStudent): give at least 1.") }
        let files = try ScanPaths.expand(scans)
        var refs: [ScanPageRef] = [], thumbnails: [GrayImage] = []
        for (scan, file) in files.enumerated() {
            let document = try PDFDocument(path: file)
            for index in 0..<document.pageCount {
                refs.append(ScanPageRef(scan: scan, pageIndex: index))
                thumbnails.append(try PageLikeness.thumbnail(of: document.page(at: index)))
                progress(refs.count, refs.count)
            }
        }
        let names = files.map { ($0 as NSString).lastPathComponent }
        func name(_ index: Int) -> String { "\(names[refs[index].scan]) page \(refs[index].pageIndex + 1)" }
        try checkSplit(thumbnails, every: pagesPerStudent, name: name)
        let copies = refs.count / pagesPerStudent
        let pages = refs.enumerated().map { index, ref in
            ScannedPage(ref: ref, reading: .placed(copy: index / pagesPerStudent + 1, page: index % pagesPerStudent + 1, rotation: 0))
        }
        return try createFromReadings(folder, files: files, pages: pages, exam: PageCode(exam: "SPLIT", copy: 1, copies: copies, page: 1,
                                                                                         pages: pagesPerStudent)!,
                                      rosterPath: rosterPath, rubricPath: rubricPath, grader: grader)
    }

    /// Refuses a split in which a copy's pages do not look like pages 1…N in order (each page is
    /// classified as the consensus page it looks most like), or that does not come out even.
    static func checkSplit(_ thumbnails: [GrayImage], every n: Int, name: (Int) -> String) throws {
        guard thumbnails.count >= n else {
            throw BulkError.splitMismatch("The scans have \(thumbnails.count) pages, fewer than one copy of \(n): check --pages-per-student.")
        }
        let prototypes = (0..<n).map { position in
            PageLikeness.consensus(of: stride(from: position, to: thumbnails.count - thumbnails.count % n, by: n).map { thumbnails[$0] })
        }
        for index in thumbnails.indices {
            let expected = index % n
            let scores = prototypes.map { PageLikeness.similarity(thumbnails[index], $0) }
            let best = scores.indices.max { scores[$0] < scores[$1] }!
            guard best != expected && scores[best] > scores[expected] + 0.02 else { continue }
            let copy = index / n + 1, suspect = expected == 0 && copy > 1 ? copy - 1 : copy
            throw BulkError.splitMismatch(
                "Copy \(copy) page \(expected + 1) (\(name(index))) looks like page \(best + 1) (similarity \(format(scores[best])) "
                + "against \(format(scores[expected])) for page \(expected + 1)): a page before it was dropped or fed twice "
                + "(look at copy \(suspect), from \(name((suspect - 1) * n))). "
                + "Rescan that copy, or remove the extra page; nothing was created.")
        }
        guard thumbnails.count % n == 0 else {
            throw BulkError.splitMismatch("The scans have \(thumbnails.count) pages, not a multiple of \(n): the last copy "
                + "(from \(name(thumbnails.count - thumbnails.count % n))) has \(thumbnails.count % n). Rescan it; nothing was created.")
        }
    }

    private static func format(_ value: Double) -> String { String(format: "%.2f", value) }
}
