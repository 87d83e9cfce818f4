import Foundation
import GraderCore
import GraderStore

/// What `ezgrader check` found in a project: SQLite's full integrity check of the database, and
/// the bytes of every imported scan against the SHA-256 recorded at import.
public struct ProjectCheck: Sendable, Equatable {
    /// The database's problems, as SQLite words them; empty when it is whole.
    public let databaseProblems: [String]
    /// Scans that are missing or changed; empty when every one is as imported (not looked at
    /// when the database is damaged).
    public let scanProblems: [ProjectError]
    /// How many scans were checked.
    public let scansChecked: Int

    /// True when nothing is wrong.
    public var isWhole: Bool { databaseProblems.isEmpty && scanProblems.isEmpty }

    /// Checks the project in `folder`, reading only.
    public static func run(_ folder: String, as grader: Grader) throws -> ProjectCheck {
        let databaseProblems = try ProjectStore.integrityProblems(in: folder)
        guard databaseProblems.isEmpty else { return ProjectCheck(databaseProblems: databaseProblems, scanProblems: [], scansChecked: 0) }
        let project = try GradingProject.open(folder, as: grader)
        let students = try project.gradeBook().students
        return ProjectCheck(databaseProblems: [], scanProblems: project.scanProblems(of: students), scansChecked: students.count)
    }
}
