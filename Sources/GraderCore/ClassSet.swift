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
        // Every problem is listed at once: fixing one must not reveal the next only on the next run.
        var problems: [ClassSetError] = submissions.filter { $0.pageCount == 0 }.map { .emptyBooklet(fileName: $0.fileName) }
        problems += submissions.filter { $0.student.name.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty }
            .map { .blankName(fileName: $0.fileName) }
        var filesByKey: [String: [Submission]] = [:], keys: [String] = []
        for submission in submissions {
            if filesByKey[submission.student.nameKey] == nil { keys.append(submission.student.nameKey) }
            filesByKey[submission.student.nameKey, default: []].append(submission)
        }
        for key in keys {
            guard let same = filesByKey[key], same.count > 1 else { continue }
            problems.append(.duplicateStudent(name: same[1].student.name, fileNames: same.map(\.fileName)))
        }
        let paged = submissions.filter { $0.pageCount > 0 }
        if Set(paged.map(\.pageCount)).count > 1 { problems.append(pageCountMismatch(paged)) }
        guard problems.isEmpty else { throw problems.count == 1 ? problems[0] : .several(problems) }
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
