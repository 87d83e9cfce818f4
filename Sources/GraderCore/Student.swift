import Foundation

/// A student's place in a class: 0-based internally, stable for one loaded class.
public struct StudentID: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// Index of the student in the class's student list.
    public let index: Int

    /// Wraps a 0-based index.
    public init(_ index: Int) { self.index = index }

    public static func < (lhs: StudentID, rhs: StudentID) -> Bool { lhs.index < rhs.index }
    public var description: String { "student #\(index + 1)" }
}

/// A student of the class: display name and, when a roster gives them, an id and e-mail.
public struct Student: Hashable, Sendable {
    /// Name shown to the grader and in exports, in Unicode NFC.
    public let name: String
    /// The institution's id for the student (from a roster), if known.
    public let rosterID: String?
    /// The student's e-mail (from a roster), if known.
    public let email: String?

    /// Creates a student; the name is trimmed and normalised to NFC.
    public init(name: String, rosterID: String? = nil, email: String? = nil) {
        self.name = name.trimmingCharacters(in: .whitespacesAndNewlines).precomposedStringWithCanonicalMapping
        self.rosterID = rosterID.flatMap { $0.isEmpty ? nil : $0 }
        self.email = email.flatMap { $0.isEmpty ? nil : $0 }
    }

    /// The key two names collide on: case, Unicode normalisation and width differences are ignored,
    /// so "zoë" and "ZOË" (in NFC or NFD) are the same student.
    public var nameKey: String {
        name.precomposedStringWithCompatibilityMapping
            .folding(options: [.caseInsensitive, .widthInsensitive], locale: nil)
    }
}
