import Dispatch
import Foundation
import GraderCore
import GraderOMR
import GraderPDF

/// Aligns the pages of students' scans to the reference pages (a master copy, or the first
/// student's booklet) when scans are imported: each page rendered at 36 dpi and registered by its
/// printed content, the students shared out over both cores.
public enum PageAlignmentRun {
    /// A scan to align: its path and the password it needs.
    public struct Scan: Sendable {
        /// Path of the PDF.
        public var path: String
        /// Its password, if it needs one.
        public var password: String?

        /// A scan at `path`.
        public init(path: String, password: String? = nil) {
            self.path = path
            self.password = password
        }
    }

    /// The reference pages, and which of them were turned upright.
    public struct Reference: Sendable {
        /// Each page prepared for registering the students' copies of it.
        public let pages: [ReferencePage]
        /// Pages of a student's booklet scanned upside down, taken turned upright.
        public let turned: [Bool]

        /// The reference booklet's own alignment to itself: each page as it is, or turned.
        public var ownAlignments: [PageAlignment] {
            turned.map { PageAlignment(transform: .identity, score: 1, upsideDown: $0) }
        }
    }

    /// The pages of `scan`, prepared as references; with `others` (other students' scans, when
    /// the reference is a student's booklet), only the printed content they share counts, and a
    /// page that most of them match only upside down is taken turned upright (else every other
    /// student's page would be shown upside down, and a name region would cover empty paper).
    public static func reference(of scan: Scan, confirmedBy others: [Scan] = []) throws -> Reference {
        let document = try PDFDocument(path: scan.path, password: scan.password)
        let copies = others.compactMap { try? PDFDocument(path: $0.path, password: $0.password) }
        let prepared = try (0..<document.pageCount).map { index in
            let image = try GrayImage(rendering: document.page(at: index), pixelsPerPoint: PageRegistrar.pixelsPerPoint)
            let pages = copies.compactMap { copy in
                index < copy.pageCount ? try? GrayImage(rendering: copy.page(at: index), pixelsPerPoint: PageRegistrar.pixelsPerPoint) : nil
            }
            let asScanned = ReferencePage(image).confirmed(by: pages)
            let matched = pages.filter { !PageRegistrar.register($0, to: asScanned).isFlagged }.count
            guard matched * 2 < pages.count else { return (page: asScanned, turned: false) }
            // Most copies do not match the page as scanned: they may match it turned upright.
            let turned = ReferencePage(image.turned).confirmed(by: pages)
            let matchedTurned = pages.filter { !PageRegistrar.register($0, to: turned).isFlagged }.count
            return ReferenceTurn.prefersTurned(matchedAsScanned: matched, matchedTurned: matchedTurned)
                ? (page: turned, turned: true) : (page: asScanned, turned: false)
        }
        return Reference(pages: prepared.map(\.page), turned: prepared.map(\.turned))
    }

    /// How many other students' booklets confirm what a student's reference page has printed.
    public static let confirmingStudents = 3

    /// The alignment of every page of every scan (indexed like `scans`); a page that cannot be
    /// rendered is flagged like one that does not match. `progress` gets (scans done, scans).
    public static func align(_ scans: [Scan], to reference: [ReferencePage], progress: @Sendable (Int, Int) -> Void = { _, _ in }) -> [[PageAlignment]] {
        let results = ConcurrentResults<[PageAlignment]>(count: scans.count)
        let done = Counter()
        // poppler's process-wide set-up is made by the caller's reference render, before the workers start.
        DispatchQueue.concurrentPerform(iterations: scans.count) { index in
            results.set(index) {
                defer { progress(done.increment(), scans.count) }
                guard let document = try? PDFDocument(path: scans[index].path, password: scans[index].password) else {
                    return reference.map { _ in PageAlignment(transform: nil, score: 0) }
                }
                return (0..<document.pageCount).map { page in
                    guard page < reference.count,
                          let image = try? GrayImage(rendering: document.page(at: page), pixelsPerPoint: PageRegistrar.pixelsPerPoint)
                    else { return PageAlignment(transform: nil, score: 0) }
                    return PageRegistrar.register(image, to: reference[page])
                }
            }
        }
        // No worker throws: every failure is a flagged page.
        return (try? results.values()) ?? scans.map { _ in reference.map { _ in PageAlignment(transform: nil, score: 0) } }
    }
}
