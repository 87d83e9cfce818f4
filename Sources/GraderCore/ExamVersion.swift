/// One version of the exam: its own reference pages (own page order, question positions and
/// bubble order) for the same questions. A version without its own scan shares the project's
/// reference pages (one answer sheet for every version, a key per version).
public struct ExamVersion: Hashable, Sendable {
    /// The name students and graders use ("A", "B", "2"): what a version bubble field prints.
    public let name: String
    /// Its reference scan inside the project folder; nil when it shares the project's.
    public let referenceScan: String?
    /// Each reference page's size; empty when it shares the project's.
    public let referenceSizes: [PageSize]

    /// Creates a version.
    public init(name: String, referenceScan: String? = nil, referenceSizes: [PageSize] = []) {
        self.name = name
        self.referenceScan = referenceScan
        self.referenceSizes = referenceSizes
    }

    /// The longest version name: it is printed in codes and table columns.
    public static let longestName = 16

    /// The name trimmed, or the rule error saying why it cannot name a version.
    public static func checkedName(_ name: String) throws(GradingError) -> String {
        let trimmed = name.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty, trimmed.count <= longestName,
              trimmed.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" })
        else { throw .badVersionName(name) }
        return trimmed
    }
}

/// How a student's version became known.
public enum VersionSource: String, Hashable, Sendable, Codable {
    /// A grader gave it (`version set`).
    case hand
    /// The roster's `version` column.
    case roster
    /// The version bubble field on the sheet, as the machine read it.
    case sheet
    /// The page code `prepare --versions` printed on the copy.
    case code
}

/// A student's version and where it came from.
public struct StudentVersion: Hashable, Sendable {
    /// The version's name.
    public let name: String
    /// How it became known.
    public let source: VersionSource

    /// Creates an assignment.
    public init(name: String, source: VersionSource) {
        self.name = name
        self.source = source
    }
}

/// Where one version prints a bubble block: its page and the centre of its first bubble, in
/// points on that version's reference page.
public struct BlockPlacement: Hashable, Sendable {
    /// The page (1-based) of the version's booklet.
    public let page: Int
    /// The centre of the block's first bubble.
    public let origin: PagePoint

    /// Creates a placement.
    public init(page: Int, origin: PagePoint) {
        self.page = page
        self.origin = origin
    }
}

/// Where a question sits on one version: its page and top-left corner relative to that version's
/// reference page.
public struct VersionPlacement: Hashable, Sendable {
    /// The page (1-based) of the version's booklet.
    public let page: Int
    /// The box's top-left corner, relative to the page size.
    public let position: RelativePoint

    /// Creates a placement.
    public init(page: Int, position: RelativePoint) {
        self.page = page
        self.position = position
    }
}
