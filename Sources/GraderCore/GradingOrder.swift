/// The order in which a grader walks the class's pages.
public enum GradingOrder: Hashable, Sendable {
    /// Page 1 of every student, then page 2 of every student, …
    case perPage
    /// Every page of the first student, then every page of the next, …
    case perStudent
    /// Per page, with the students in an order permuted by `seed` (same seed, same order),
    /// so neither names nor file order bias the grading.
    case shuffled(seed: UInt64)

    /// Parses the names used on the command line and in the project: `per-page`, `per-student`,
    /// `shuffled` (with `seed`, or a random seed when none is given).
    public init?(name: String, seed: UInt64?) {
        switch name {
        case "per-page": self = .perPage
        case "per-student": self = .perStudent
        case "shuffled": self = .shuffled(seed: seed ?? UInt64.random(in: 1...999_999))
        default: return nil
        }
    }

    /// The name used on the command line: `per-page`, `per-student` or `shuffled`.
    public var name: String {
        switch self {
        case .perPage: "per-page"
        case .perStudent: "per-student"
        case .shuffled: "shuffled"
        }
    }

    /// The seed of a shuffled order, nil for the others.
    public var seed: UInt64? {
        if case .shuffled(let seed) = self { return seed }
        return nil
    }

    /// True when pages are grouped by page number (all students' page 1 first).
    public var groupsByPage: Bool {
        if case .perStudent = self { return false }
        return true
    }
}
