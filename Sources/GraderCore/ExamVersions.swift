/// The versions of a project's exam: their reference pages, where each question sits on each,
/// each version's key to its bubble blocks, and the versions students were given. Empty in a
/// project of one version.
public struct ExamVersions: Sendable, Equatable {
    /// The versions, in the order they were added.
    public var versions: [ExamVersion]
    /// Version name → question → where it sits on that version (else where the exam places it).
    public var placements: [String: [QuestionID: VersionPlacement]]
    /// Version name → block id → how the version prints the block (else as the exam does).
    public var keys: [String: [String: VersionKey]]
    /// Version name → block id → where the version prints the block (else where the exam does).
    public var blockPlacements: [String: [String: BlockPlacement]] = [:]
    /// The versions given by hand, by the roster or by a page code (a sheet's version field is read
    /// from its bubbles instead).
    public var given: [StudentID: StudentVersion]

    /// Creates the versions of a project.
    public init(versions: [ExamVersion] = [], placements: [String: [QuestionID: VersionPlacement]] = [:],
                keys: [String: [String: VersionKey]] = [:], given: [StudentID: StudentVersion] = [:]) {
        self.versions = versions
        self.placements = placements
        self.keys = keys
        self.given = given
    }

    /// The version named (exactly, then ignoring case).
    public func named(_ name: String) -> ExamVersion? {
        let trimmed = name.trimmingCharacters(in: .whitespaces)
        return versions.first { $0.name == trimmed } ?? versions.first { $0.name.lowercased() == trimmed.lowercased() }
    }

    /// The version named, or the rule error listing the known ones.
    public func resolve(_ name: String) throws(GradingError) -> ExamVersion {
        guard let version = named(name) else { throw .unknownVersion(name, known: versions.map(\.name)) }
        return version
    }

    /// True when some version prints `block` its own way: its readings then need the student's version.
    public func reorders(block: String) -> Bool { keys.values.contains { $0[block] != nil } }
}
