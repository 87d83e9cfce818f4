import Foundation
import GraderCore

/// A roster given after `new`: names, roster ids and e-mails for the students already loaded.
extension GradingProject {
    /// Names every student from `roster` (`file,name[,id,email]`, as at `new`), matching each
    /// student by their scan's file name, else by the roster id they already have (a roster replaced). Rows for absent students are allowed. Refused,
    /// with every problem listed, when a student has no row or two would share a name; nothing
    /// changes then. One undoable step; returns how many students were named.
    @discardableResult
    public func setRoster(_ roster: Roster) throws -> Int {
        try permit(.editRoster)
        let path = roster.path
        var problems: [String] = [], named: [(key: StudentKey, student: Student)] = []
        for entry in try directory().students {
            let file = (entry.scanPath as NSString).lastPathComponent
            // Named from their file at `new`, or already from a roster (its id).
            let byFile = roster.entry(forFileName: file) ?? roster.entries.first {
                Student(name: ScanPaths.studentName(forFile: $0.fileName)).nameKey == entry.student.nameKey
            }
            let byID = entry.student.rosterID.flatMap { id in roster.entries.first { $0.student.rosterID == id } }
            guard let row = byFile ?? byID else {
                problems.append("\(entry.student.name) (scan '\(file)') has no row: add one whose file is '\(file)'.")
                continue
            }
            named.append((entry.key, row.student))
        }
        for (_, same) in Dictionary(grouping: named, by: \.student.nameKey) where same.count > 1 {
            problems.append("\(same.count) students would be called '\(same[0].student.name)': give each their own name.")
        }
        guard problems.isEmpty else { throw RosterRefusal(path: path, problems: problems.sorted()) }
        try store.change("set the roster from \((path as NSString).lastPathComponent) (\(named.count) students)") { writer in
            for (key, student) in named { try writer.renameStudent(key, to: student) }
        }
        return named.count
    }
}

/// A roster that does not fit the project's students, with every problem found.
public struct RosterRefusal: LocalizedError, Equatable {
    /// The roster, as named to the user.
    public let path: String
    /// One line per problem.
    public let problems: [String]

    public var errorDescription: String? {
        "Roster '\(path)' does not fit the project; nothing was changed:\n" + problems.map { "  \($0)" }.joined(separator: "\n")
    }
}
