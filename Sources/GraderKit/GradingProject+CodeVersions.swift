import Foundation
import GraderCore
import GraderStore

/// Versions read from the page codes `prepare --versions` printed on bulk-scanned copies.
extension GradingProject {
    /// Gives every student made from a bulk copy whose codes carry a version of the project that
    /// version (source: the code) and aligns their pages to it, unless their version was already
    /// given (by hand, the roster or a code): after versions are added and after copies complete.
    /// Gives how many students got their version.
    @discardableResult
    func giveVersionsFromCodes() throws -> Int {
        guard let state = try store.bulkState() else { return 0 }
        let book = try store.gradeBook()
        guard book.hasVersions else { return 0 }
        let sort = state.sort
        let ids = Dictionary(uniqueKeysWithValues: book.students.indices.map { (book.students[$0].key, StudentID($0)) })
        let assignments = state.knownCopies.compactMap { copy -> (student: String, version: String?)? in
            guard let id = copy.key.flatMap({ ids[$0] }), book.versions.given[id] == nil,
                  let version = sort.versions[copy.copy].flatMap(book.versions.named) else { return nil }
            return (book.students[id.index].student.name, version.name)
        }
        if !assignments.isEmpty { try setVersions(assignments, source: .code) }
        return assignments.count
    }
}
