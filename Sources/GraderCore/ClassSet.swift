/// A structured assignment: every student's booklet, all with the same number of pages and
/// distinct student names. Only `ClassSet.validate` makes one, so holding one means the rules hold.
public struct ClassSet: Sendable, Equatable {
    /// The booklets, in the order given (this order defines `StudentID`s).
    public let submissions: [Submission]
    /// Pages in every booklet.
    public let pagesPerStudent: Int

    /// The students, indexed by `StudentID.index`.
    public var students: [Student] { submissions.map(\.student) }

    /// Checks the structured-assignment rules: at least one booklet, distinct names (ignoring
    /// case and Unicode normalisation), no empty booklet, and one page count for all.
    public static func validate(_ submissions: [Submission]) throws(ClassSetError) -> ClassSet {
        guard !submissions.isEmpty else { throw .noSubmissions }
        if let empty = submissions.first(where: { $0.pageCount == 0 }) {
            throw .emptyBooklet(fileName: empty.fileName)
        }
        var firstByKey: [String: Submission] = [:]
        for submission in submissions {
            if let earlier = firstByKey[submission.student.nameKey] {
                throw .duplicateStudent(
                    name: submission.student.name, fileNames: [earlier.fileName, submission.fileName])
            }
            firstByKey[submission.student.nameKey] = submission
        }
        let counts = Set(submissions.map(\.pageCount))
        guard counts.count == 1 else { throw pageCountMismatch(submissions) }
        return ClassSet(submissions: submissions, pagesPerStudent: submissions[0].pageCount)
    }

    /// Names every file whose page count differs from the most common count. When two counts
    /// are equally common there is no majority to trust, so every group is listed.
    private static func pageCountMismatch(_ submissions: [Submission]) -> ClassSetError {
        let byCount = Dictionary(grouping: submissions, by: \.pageCount)
        let largest = byCount.values.map(\.count).max() ?? 0
        let majorities = byCount.filter { $0.value.count == largest }
        if majorities.count == 1, let (count, group) = majorities.first {
            let odd = submissions.filter { $0.pageCount != count }
                .map { PageCountGroup.File(fileName: $0.fileName, pageCount: $0.pageCount) }
            return .pageCountsDiffer(expected: count, filesWithExpected: group.count, odd: odd)
        }
        let groups = byCount.keys.sorted().map { count in
            PageCountGroup(pageCount: count, fileNames: byCount[count]!.map(\.fileName))
        }
        return .pageCountsTied(groups)
    }
}

/// Files that share a page count, for the message when no count is in the majority.
public struct PageCountGroup: Hashable, Sendable {
    /// A file and its page count.
    public struct File: Hashable, Sendable {
        /// The file's name as given.
        public let fileName: String
        /// Its pages.
        public let pageCount: Int
    }

    /// The shared count.
    public let pageCount: Int
    /// The files that have it, in input order.
    public let fileNames: [String]
}
