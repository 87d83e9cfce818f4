import Foundation
import GraderAlignment
import GraderBubbles
import GraderCore
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
        /// What a user calls it ("the master copy 'blank.pdf'", "Ann's booklet"); the file name when not given.
        public var name: String

        /// A scan at `path`.
        public init(path: String, password: String? = nil, name: String? = nil) {
            self.path = path
            self.password = password
            self.name = name ?? "'\((path as NSString).lastPathComponent)'"
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
    /// When the first `confirmingStudents` of them do not match the page so confirmed (handwriting
    /// over most of it), only the ink most of `others` share is kept (`ReferencePage.sharedPrint`).
    /// With no `others` (a master), the first `confirmingStudents` of `sizing` (the scans to align)
    /// say how much larger than it pages may be (`ReferencePage.allowingEnlargement`: a class
    /// scanned at 103 % of the master, say). `pages` (0-based; all when nil) limits it to a run of
    /// pages. A page with no print is refused by name unless `blankAllowed` (then every page
    /// aligned to it is flagged). `printScale` gives, when known, the share of its printed size a
    /// page (0-based) of a scan went through the copier at (a bulk copy's code measured): copies
    /// as much larger as a full-size one are taken (`ReferencePage.allowingEnlargement(printedAt:)`).
    public static func reference(of scan: Scan, confirmedBy others: [Scan] = [], sizedBy sizing: [Scan] = [], pages run: Range<Int>? = nil,
                                 blankAllowed: Bool = false, printScale: PrintScale? = nil) throws -> Reference {
        let document = try PDFDocument(path: scan.path, password: scan.password)
        let copies = others.compactMap { try? PDFDocument(path: $0.path, password: $0.password) }
        let sized = sizing.prefix(confirmingStudents).compactMap { try? PDFDocument(path: $0.path, password: $0.password) }
        let prepared = try (run ?? 0..<document.pageCount).clamped(to: 0..<document.pageCount).map { index in
            let image = try GrayImage(rendering: document.page(at: index), pixelsPerPoint: PageRegistrar.pixelsPerPoint)
            func render(_ copies: ArraySlice<PDFDocument>) -> [GrayImage] {
                copies.compactMap { copy in
                    index < copy.pageCount ? try? GrayImage(rendering: copy.page(at: index), pixelsPerPoint: PageRegistrar.pixelsPerPoint) : nil
                }
            }
            let pages = render(copies.prefix(confirmingStudents))
            let printedAt = printScale?(scan, index)
            func allowing(_ page: ReferencePage) -> ReferencePage { printedAt.map { page.allowingEnlargement(printedAt: $0) } ?? page }
            let prepared = allowing(ReferencePage(image))
            guard blankAllowed || !prepared.isBlank else { throw ProjectError.blankReferencePage(reference: scan.name, page: index + 1) }
            // A master confirmed by no one: the class's first copies still say how much larger than it theirs are.
            if pages.isEmpty, !sized.isEmpty { return (page: widened(prepared, seenOn: render(sized[...])).page, turned: false) }
            let (asScanned, matched) = widened(prepared.confirmed(by: pages), seenOn: pages)
            guard matched * 2 < pages.count else { return (page: asScanned, turned: false) }
            // Most copies do not match the page as scanned: they may match it turned upright. Tried
            // first: the ink an upside-down page shares with upright copies is no print of theirs.
            let (turned, matchedTurned) = widened(allowing(ReferencePage(image.turned)).confirmed(by: pages), seenOn: pages)
            if ReferenceTurn.prefersTurned(matchedAsScanned: matched, matchedTurned: matchedTurned) { return (page: turned, turned: true) }
            // Handwriting over most of the page leaves no square of print alone: the ink most copies share is the print.
            if let shared = prepared.sharedPrint(of: pages + render(copies.dropFirst(confirmingStudents))).map(allowing)?.confirmed(by: pages),
               pages.filter({ !PageRegistrar.register($0, to: shared).isFlagged }).count * 2 > pages.count {
                return (page: shared, turned: false)
            }
            return (page: asScanned, turned: false)
        }
        return Reference(pages: prepared.map(\.page), turned: prepared.map(\.turned))
    }

    /// `page` taking copies as much larger than it as `pages` (other students' copies of it) are
    /// (`ReferencePage.allowingEnlargement`), and how many of them it matches the way up it is: a
    /// copy that matches it only upside down says this page is (`ReferenceTurn` decides).
    private static func widened(_ page: ReferencePage, seenOn pages: [GrayImage]) -> (page: ReferencePage, matched: Int) {
        func matched(_ alignment: PageAlignment) -> Bool { !alignment.isFlagged && !alignment.upsideDown }
        let seen = pages.map { PageRegistrar.register($0, to: page) }
        // A copy refused as larger than the page still says how much larger it is.
        let scales = seen.map { alignment -> Double? in
            if case .scaled(let scale) = alignment.problem { return scale }
            return alignment.transform?.scale
        }
        let widened = page.allowingEnlargement(seen: scales)
        guard widened.maxEnlargement > page.maxEnlargement else { return (page, seen.filter(matched).count) }
        return (widened, pages.filter { matched(PageRegistrar.register($0, to: widened)) }.count)
    }

    /// The share of its printed size a page (0-based) of a scan went through the copier at, when known.
    public typealias PrintScale = (Scan, Int) -> Double?

    /// How many other students' booklets confirm what a student's reference page has printed.
    public static let confirmingStudents = 3
    /// How many other students' booklets say what is print on a reference page that has no square
    /// of print alone (the ink most of them share), when the confirming ones do not match it.
    public static let sharingStudents = 8

    /// Every page of `scans` aligned to the same page of `referenceScan` (confirmed by `others`
    /// as `reference(of:confirmedBy:)` does), `pagesAtOnce` pages at a time: a prepared reference
    /// page holds a few megabytes, so memory follows the run of pages, not the booklet's length.
    /// Gives the reference's page sizes, its own alignments (pages turned upright) and each
    /// scan's (indexed like `scans`). `printScale` as `reference(of:)` takes it. Phone photos are
    /// placed `throughPerspective` (`align`). `progress` gets (steps done, steps).
    public static func alignAll(_ scans: [Scan], to referenceScan: Scan, confirmedBy others: [Scan] = [], blankAllowed: Bool = false,
                                printScale: PrintScale? = nil, throughPerspective: Bool = false,
                                progress: @Sendable (Int, Int) -> Void = { _, _ in }) throws
        -> (sizes: [PageSize], own: [PageAlignment], scans: [[PageAlignment]]) {
        let pageCount = try PDFDocument(path: referenceScan.path, password: referenceScan.password).pageCount
        let runs = stride(from: 0, to: pageCount, by: pagesAtOnce).map { $0..<min($0 + pagesAtOnce, pageCount) }
        var sizes: [PageSize] = [], own: [PageAlignment] = []
        var alignments = scans.map { _ in [PageAlignment]() }
        for (index, run) in runs.enumerated() {
            let reference = try Self.reference(of: referenceScan, confirmedBy: others, sizedBy: others.isEmpty ? scans : [], pages: run,
                                               blankAllowed: blankAllowed, printScale: printScale)
            sizes += reference.pages.map(\.size)
            own += reference.ownAlignments
            let found = align(scans, to: reference.pages, pages: run, throughPerspective: throughPerspective) { done, count in
                progress(index * count + done, runs.count * count)
            }
            for scan in scans.indices { alignments[scan] += found[scan] }
        }
        return (sizes, own, alignments)
    }

    /// Every booklet of a class aligned page by page: to `master` when given, else to the first
    /// booklet with print on every page (confirmed by the next ones), which is aligned by
    /// definition — a first booklet with a blank page gives way to the next, up to
    /// `confirmingStudents` of them; when all have one, the first is taken all the same (its blank
    /// pages align nothing: a class of empty pages is still a class). A master's blank page is
    /// refused by name. `printScale` as `reference(of:)` takes it. Gives the reference booklet's
    /// index (nil: the master), its page sizes and each booklet's alignments.
    public static func alignClass(_ booklets: [Scan], master: Scan?, printScale: PrintScale? = nil,
                                  progress: @Sendable (Int, Int) -> Void = { _, _ in }) throws
        -> (reference: Int?, sizes: [PageSize], alignments: [[PageAlignment]]) {
        if let master {
            let run = try alignAll(booklets, to: master, printScale: printScale, progress: progress)
            return (nil, run.sizes, run.scans)
        }
        func aligned(to candidate: Int, blankAllowed: Bool) throws -> (reference: Int?, sizes: [PageSize], alignments: [[PageAlignment]]) {
            let others = booklets.indices.filter { $0 != candidate }.map { booklets[$0] }
            let run = try alignAll(others, to: booklets[candidate], confirmedBy: Array(others.prefix(sharingStudents)),
                                   blankAllowed: blankAllowed, printScale: printScale, progress: progress)
            var alignments = run.scans
            alignments.insert(run.own, at: candidate)
            return (candidate, run.sizes, alignments)
        }
        for candidate in booklets.indices.prefix(confirmingStudents + 1) {
            do { return try aligned(to: candidate, blankAllowed: false) } catch ProjectError.blankReferencePage {}
        }
        return try aligned(to: 0, blankAllowed: true)
    }

    /// How many reference pages are prepared at once: each holds about 8 MB (its ink at three
    /// resolutions, the spectra of its warps), so two keep `new` within its memory ceiling.
    static let pagesAtOnce = 2

    /// The alignment of each page in `run` (0-based; every page of the reference when nil) of
    /// every scan (indexed like `scans`) to `reference`, the prepared pages of that run; a page
    /// that cannot be rendered is flagged like one that does not match. Pages a scan lacks are
    /// left out. `throughPerspective` (phone photos): a page is first placed through its
    /// perspective (`PageRegistrar.perspective`) and keeps the similarity nearest that placement
    /// over the page. `progress` gets (scans done, scans).
    public static func align(_ scans: [Scan], to reference: [ReferencePage], pages run: Range<Int>? = nil, throughPerspective: Bool = false,
                             progress: @Sendable (Int, Int) -> Void = { _, _ in }) -> [[PageAlignment]] {
        let run = run ?? 0..<reference.count
        let unmatched = reference.map { _ in PageAlignment(transform: nil, score: 0) }
        let done = Counter()
        // poppler's process-wide set-up is made by the caller's reference render, before the workers
        // start. No worker throws: every failure is a flagged page.
        return scans.concurrentMap { scan in
            defer { progress(done.increment(), scans.count) }
            guard let document = try? PDFDocument(path: scan.path, password: scan.password) else { return unmatched }
            return run.clamped(to: 0..<document.pageCount).map { page in
                guard page - run.lowerBound < reference.count,
                      let image = try? GrayImage(rendering: document.page(at: page), pixelsPerPoint: PageRegistrar.pixelsPerPoint)
                else { return PageAlignment(transform: nil, score: 0) }
                let referencePage = reference[page - run.lowerBound]
                if throughPerspective, let placed = PageRegistrar.perspective(of: image, on: referencePage),
                   let nearest = placed.map.nearestSimilarity(over: referencePage.size) {
                    return PageAlignment(transform: nearest, score: placed.score)
                }
                return PageRegistrar.register(image, to: referencePage)
            }
        }
    }
}
