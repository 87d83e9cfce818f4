/// What a grader should know about an exported table before importing it elsewhere: scores still
/// "?" (counted as 0 in the totals), and students an LMS cannot match because they have no id.
public enum GradeTableNotice: Equatable, Sendable, CustomStringConvertible {
    /// Scores not given yet ("?"), over every student and question.
    case ungraded(count: Int)
    /// Students without the id `lms` matches rows on (`what`, e.g. "roster id or e-mail").
    case noMatchingID(lms: String, what: String, students: [String])

    public var description: String {
        switch self {
        case .ungraded(let count):
            return "\(count) \(count == 1 ? "score is" : "scores are") still \"?\": the totals count "
                + "\(count == 1 ? "it" : "them") as 0 until graded (ezgrader status shows where)."
        case .noMatchingID(let lms, let what, let students):
            return "\(students.count) \(students.count == 1 ? "student has" : "students have") no \(what) for \(lms) to match on "
                + "(\(students.joined(separator: "; "))): \(lms) will skip \(students.count == 1 ? "that row" : "those rows"); "
                + "enter \(students.count == 1 ? "it" : "them") by hand or give the students ids in a roster (ezgrader new --roster)."
        }
    }
}

extension GradeTable {
    /// The notices for `book` exported in `layout`.
    public static func notices(_ book: GradeBook, layout: Layout) -> [GradeTableNotice] {
        var notices: [GradeTableNotice] = []
        if layout != .rubric {
            let ungraded = book.questions.reduce(0) { sum, numbered in
                sum + book.students.indices.filter { book.score(numbered.question.id, StudentID($0)) == .ungraded }.count
            }
            if ungraded > 0 { notices.append(.ungraded(count: ungraded)) }
        }
        if let lms = layout.learningSystem {
            let missing = studentOrder(book).map { book.students[$0.index].student }.filter { lms.matchingID($0) == nil }
            if !missing.isEmpty { notices.append(.noMatchingID(lms: lms.name, what: lms.idName, students: missing.map(\.name))) }
        }
        return notices
    }
}

/// A learning-management system an export layout is imported into, and what it matches rows on.
public struct LearningSystem: Sendable {
    /// Its name as graders know it.
    public let name: String
    /// What the id it matches on is called in ezgrader's terms.
    public let idName: String
    /// The id of `student` it matches on, nil when the student has none.
    public let matchingID: @Sendable (Student) -> String?
}

extension GradeTable.Layout {
    /// The system this layout is imported into, nil for ezgrader's own tables.
    public var learningSystem: LearningSystem? {
        switch self {
        case .canvas: LearningSystem(name: "Canvas", idName: "roster id or e-mail") { $0.rosterID ?? $0.email }
        case .moodle: LearningSystem(name: "Moodle", idName: "roster id or e-mail") { $0.rosterID ?? $0.email }
        case .brightspace: LearningSystem(name: "Brightspace", idName: "roster id (its OrgDefinedId)") { $0.rosterID }
        case .blackboard: LearningSystem(name: "Blackboard", idName: "roster id (its Username)") { $0.rosterID }
        case .questions, .students, .responses, .rubric: nil
        }
    }
}
