/// Who makes a change: an OS user name or a name given in a front end. Every history step and
/// every score records its grader, so several graders can work on one project at once.
public struct Grader: Hashable, Sendable, CustomStringConvertible {
    /// The name as shown in history, status and exports.
    public let name: String

    /// The longest name accepted.
    public static let maxLength = 64

    /// A grader named `name` (trimmed); refused when empty, longer than `maxLength` characters or
    /// holding control characters.
    public init(_ name: String) throws(GradingError) {
        let trimmed = name.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty, trimmed.count <= Self.maxLength,
              !trimmed.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
        else { throw .badGraderName(name) }
        self.name = trimmed
    }

    public var description: String { name }
}
