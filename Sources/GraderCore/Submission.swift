/// One student's scanned booklet as loaded: who, which file, how many pages.
public struct Submission: Hashable, Sendable {
    /// The student the booklet belongs to.
    public let student: Student
    /// The file's name as the user gave it (for messages).
    public let fileName: String
    /// Pages in the booklet.
    public let pageCount: Int

    /// Creates a submission.
    public init(student: Student, fileName: String, pageCount: Int) {
        self.student = student
        self.fileName = fileName
        self.pageCount = pageCount
    }
}
