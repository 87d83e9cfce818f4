import GraderCore
import GraderPDF

/// A class whose scans were all opened through poppler and checked: one booklet per student, all
/// with the same page count.
public struct LoadedClass: Sendable, Equatable {
    /// Students and their booklets; `StudentID(i)` is `classSet.submissions[i]`.
    public let classSet: ClassSet
    /// Path of each student's scan, indexed like `classSet.submissions`.
    public let scanPaths: [String]
    /// Each student's page sizes as displayed, indexed like `classSet.submissions` (empty when loaded for a merge).
    public let pageSizes: [[PageSize]]
    /// The password given for the protected scans, if any.
    public let password: String?
    /// The password each scan needed (nil for one that opens without), indexed like `scanPaths`:
    /// a set may mix protected scans with open ones and ones with only an owner password.
    public let scanPasswords: [String?]

    /// The students, indexed by `StudentID.index`.
    public var students: [Student] { classSet.students }
}
