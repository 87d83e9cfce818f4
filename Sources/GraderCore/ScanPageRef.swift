/// One page of one bulk scan: the scan's place in the project's list of bulk scans and the page
/// (0-based inside; shown 1-based).
public struct ScanPageRef: Sendable, Hashable, Comparable {
    /// Index of the scan in the project's bulk scans, in import order.
    public let scan: Int
    /// 0-based page index within that scan.
    public let pageIndex: Int

    /// Creates a reference.
    public init(scan: Int, pageIndex: Int) {
        self.scan = scan
        self.pageIndex = pageIndex
    }

    public static func < (a: ScanPageRef, b: ScanPageRef) -> Bool { (a.scan, a.pageIndex) < (b.scan, b.pageIndex) }
}

/// What was read on one scanned page.
public enum ScanPageReading: Sendable, Equatable {
    /// A page code, and the clockwise turn (0, 90, 180, 270) that shows the page upright.
    case code(PageCode, rotation: Int)
    /// A page with (almost) nothing on it: a duplex back.
    case blank
    /// Printed content but no readable code.
    case unreadable
    /// Placed by hand on a copy's page, with the turn that shows it upright.
    case placed(copy: Int, page: Int, rotation: Int)
}

/// A scanned page and what was read on it.
public struct ScannedPage: Sendable, Equatable {
    /// Where it is.
    public let ref: ScanPageRef
    /// What it says.
    public let reading: ScanPageReading
    /// Its share of dark pixels (print and handwriting), when measured: of two pages with the
    /// same code, the one with more on it is kept.
    public let ink: Double?
    /// Why a page placed by a fixed-count split may belong at another position (what it looks
    /// like, with the match scores), kept so `status` and `info` still list it; nil when none.
    public let doubt: String?

    /// Creates a scanned page.
    public init(ref: ScanPageRef, reading: ScanPageReading, ink: Double? = nil, doubt: String? = nil) {
        self.ref = ref
        self.reading = reading
        self.ink = ink
        self.doubt = doubt
    }
}

/// A scanned page placed on a copy's page, with the clockwise turn that shows it upright.
public struct PagePlacement: Sendable, Hashable {
    /// The scanned page.
    public let ref: ScanPageRef
    /// 0, 90, 180 or 270.
    public let rotation: Int

    /// Creates a placement.
    public init(ref: ScanPageRef, rotation: Int) {
        self.ref = ref
        self.rotation = rotation
    }
}
