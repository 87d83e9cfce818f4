/// Bulk-scanned pages sorted into the prepared copies they belong to, and everything that went
/// wrong on the way: pure rules over what was read, so the same readings always sort the same
/// way (earlier scans and pages first). Two pages with the same code are compared: the one with
/// clearly more on it (print and writing) is kept — a page is not dropped for a near-blank twin —
/// else the earlier; both are reported.
public struct BulkSort: Sendable, Equatable {
    /// Two pages with the same code.
    public struct Duplicate: Sendable, Equatable {
        /// The page not used.
        public let ref: ScanPageRef
        /// The page kept.
        public let kept: ScanPageRef
        /// True when the kept page was chosen for having clearly more on it.
        public let keptForInk: Bool
        /// The copy and page both say they are.
        public let code: PageCode
    }

    /// A page of another exam.
    public struct Foreign: Sendable, Equatable {
        /// The page.
        public let ref: ScanPageRef
        /// What its code says.
        public let code: PageCode
    }

    /// The exam every placed page belongs to.
    public let exam: String
    /// Copies printed.
    public let copies: Int
    /// Pages in each copy.
    public let pagesPerCopy: Int
    /// copy → page → the scanned page placed there.
    public private(set) var placed: [Int: [Int: PagePlacement]] = [:]
    /// Pages placed upside down or sideways (turned upright).
    public private(set) var turned: [ScanPageRef] = []
    /// Pages scanned again, not used.
    public private(set) var duplicates: [Duplicate] = []
    /// Pages of another exam, refused.
    public private(set) var foreign: [Foreign] = []
    /// Pages with content but no readable code, in scan order.
    public private(set) var unreadable: [ScanPageRef] = []
    /// copy → the version its page codes carry (`prepare --versions`).
    public private(set) var versions: [Int: String] = [:]
    /// Blank pages (duplex backs), skipped.
    public private(set) var blanks: [ScanPageRef] = []
    /// The ink measured on placed pages, to compare pages with the same code.
    private var ink: [ScanPageRef: Double] = [:]
    /// A page replaces the one already placed when its share of dark pixels is this much larger.
    static let clearlyMoreInk = 1.25

    /// The exam most codes in `pages` name (the first one seen on a tie), or nil when no page has a code.
    public static func majorityExam(of pages: [ScannedPage]) -> PageCode? {
        var counts: [String: Int] = [:]
        var firstCode: [PageCode] = []
        for case .code(let code, _) in pages.map(\.reading) {
            if counts[code.exam] == nil { firstCode.append(code) }
            counts[code.exam, default: 0] += 1
        }
        var best: PageCode?
        for code in firstCode where best == nil || counts[code.exam]! > counts[best!.exam]! { best = code }
        return best
    }

    /// Sorts `pages` (in scan order) into the copies of `exam`.
    public init(exam: String, copies: Int, pagesPerCopy: Int, pages: [ScannedPage]) {
        self.exam = exam
        self.copies = copies
        self.pagesPerCopy = pagesPerCopy
        for page in pages.sorted(by: { $0.ref < $1.ref }) { place(page) }
    }

    private mutating func place(_ page: ScannedPage) {
        switch page.reading {
        case .blank:
            blanks.append(page.ref)
        case .unreadable:
            unreadable.append(page.ref)
        case .placed(let copy, let number, let rotation):
            put(PagePlacement(ref: page.ref, rotation: rotation), copy: copy, page: number, code: nil)
        case .code(let code, let rotation):
            guard code.exam == exam, code.copies == copies, code.pages == pagesPerCopy else {
                foreign.append(Foreign(ref: page.ref, code: code))
                return
            }
            ink[page.ref] = page.ink
            put(PagePlacement(ref: page.ref, rotation: rotation), copy: code.copy, page: code.page, code: code)
            if let version = code.version, versions[code.copy] == nil { versions[code.copy] = version }
        }
    }

    private mutating func put(_ placement: PagePlacement, copy: Int, page: Int, code: PageCode?) {
        if let kept = placed[copy]?[page] {
            let byCode = code ?? PageCode(exam: exam, copy: copy, copies: copies, page: page, pages: pagesPerCopy)!
            // A page placed by hand (no code) is never displaced.
            guard code != nil, hasClearlyMoreInk(placement.ref, than: kept.ref) else {
                duplicates.append(Duplicate(ref: placement.ref, kept: kept.ref, keptForInk: false, code: byCode))
                return
            }
            duplicates.append(Duplicate(ref: kept.ref, kept: placement.ref, keptForInk: true, code: byCode))
            turned.removeAll { $0 == kept.ref }
        }
        placed[copy, default: [:]][page] = placement
        if placement.rotation != 0 { turned.append(placement.ref) }
    }

    /// Whether `page` was measured with clearly more dark pixels than `other` (a hand-placed or
    /// unmeasured page counts as full).
    private func hasClearlyMoreInk(_ page: ScanPageRef, than other: ScanPageRef) -> Bool {
        guard let mine = ink[page] else { return false }
        guard let theirs = ink[other] else { return false }
        return mine > theirs * Self.clearlyMoreInk
    }

    /// Copies with at least one page scanned, in copy order.
    public var scannedCopies: [Int] { placed.keys.sorted() }

    /// Copies with every page placed.
    public var completeCopies: [Int] { scannedCopies.filter { missingPages(of: $0).isEmpty } }

    /// The pages (1-based) of `copy` that no scanned page fills.
    public func missingPages(of copy: Int) -> [Int] {
        (1...pagesPerCopy).filter { placed[copy]?[$0] == nil }
    }

    /// The placements of a complete copy's pages, page 1 first; nil while a page is missing.
    public func pages(of copy: Int) -> [PagePlacement]? {
        let pages = (1...pagesPerCopy).compactMap { placed[copy]?[$0] }
        return pages.count == pagesPerCopy ? pages : nil
    }
}
