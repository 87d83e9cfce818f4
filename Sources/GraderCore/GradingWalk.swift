/// The order an interactive grading session visits (student, question) pairs: grouped by page
/// (each question across the whole class, students in the grading order) or by student (each
/// student's questions in reading order).
public struct GradingWalk: Sendable, Equatable {
    /// One stop: a student's score on a question.
    public struct Stop: Hashable, Sendable {
        /// Whose.
        public let student: StudentID
        /// Which question.
        public let question: NumberedQuestion
        /// The page of the student's booklet it is on (their version's page for it).
        public let page: Int
    }

    /// Every stop, in order.
    public let stops: [Stop]

    /// The walk over `questions` (default: all) in `order`.
    public init(_ book: GradeBook, order: GradingOrder, questions: [NumberedQuestion]? = nil) {
        let questions = questions ?? book.questions
        let students = GradingSequence(studentCount: book.students.count, pagesPerStudent: book.pagesPerStudent, order: order).studentOrder
        if order.groupsByPage {
            stops = questions.flatMap { question in students.map { Stop(student: $0, question: question, page: book.placed(question.question, for: $0).page) } }
        } else {
            stops = students.flatMap { student in questions.map { Stop(student: student, question: $0, page: book.placed($0.question, for: student).page) } }
        }
    }

    /// The first stop on or after `position` of `sequence` (a grader's saved place), 0 when none is.
    public func stop(atOrAfter position: Int, in sequence: GradingSequence) -> Int {
        stops.firstIndex { sequence.index(of: PageRef(student: $0.student, page: $0.page)) >= position } ?? 0
    }
}
