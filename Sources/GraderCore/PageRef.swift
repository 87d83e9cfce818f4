/// A page of one student's booklet. `page` is 1-based, as users see it.
public struct PageRef: Hashable, Sendable, CustomStringConvertible {
    /// Whose booklet.
    public let student: StudentID
    /// Page number within the booklet, from 1.
    public let page: Int

    /// Creates a reference to page `page` (1-based) of `student`'s booklet.
    public init(student: StudentID, page: Int) {
        precondition(page >= 1, "page numbers start at 1")
        self.student = student
        self.page = page
    }

    public var description: String { "\(student), page \(page)" }
}
