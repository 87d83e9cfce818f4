/// Which copy is which version: what `version list` and `status` show. A copy whose version is
/// unknown is listed by name (its bubbles are left for a person), never guessed.
public struct VersionReport: Sendable, Equatable, Codable {
    /// One version and how many students sat it.
    public struct VersionLine: Sendable, Equatable, Codable {
        /// The version's name.
        public let name: String
        /// True when it has its own reference PDF (else it shares the project's pages).
        public let ownPDF: Bool
        /// Students known to have sat it.
        public let students: Int
    }

    /// One student's version.
    public struct StudentLine: Sendable, Equatable, Codable {
        /// Student name.
        public let student: String
        /// The version, nil when unknown.
        public let version: String?
        /// How it became known: hand, roster, sheet or code; nil when unknown.
        public let source: VersionSource?
    }

    /// The versions, in the order they were added.
    public let versions: [VersionLine]
    /// Every student, in list order.
    public let students: [StudentLine]
    /// The students whose version is unknown, in list order.
    public let unknown: [String]

    /// The versions of `book`; nil for a project of one version.
    public init?(_ book: GradeBook) {
        guard book.hasVersions else { return nil }
        let ids = book.students.indices.map(StudentID.init)
        let known = ids.map { book.version(of: $0) }
        versions = book.versions.versions.map { version in
            VersionLine(name: version.name, ownPDF: version.referenceScan != nil, students: known.filter { $0?.name == version.name }.count)
        }
        students = zip(ids, known).map { id, version in
            StudentLine(student: book.students[id.index].student.name, version: version?.name, source: version?.source)
        }
        unknown = zip(ids, known).filter { $0.1 == nil }.map { book.students[$0.0.index].student.name }
    }

    /// "Versions: A 12, B 11; version unknown (bubbles left for a person): Cy, Dee".
    public var summaryLines: [String] {
        ["Versions: " + versions.map { "\($0.name) \($0.students)" }.joined(separator: ", ")]
            + (unknown.isEmpty ? [] : ["Version unknown (bubbles left for a person; ezgrader version set gives it): " + unknown.joined(separator: ", ")])
    }
}
