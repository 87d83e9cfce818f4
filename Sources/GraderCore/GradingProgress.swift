/// How far grading has come, per question and per student: what `status` shows.
public struct GradingProgress: Sendable, Equatable, Codable {
    /// One question's progress.
    public struct QuestionLine: Sendable, Equatable, Codable {
        /// Name users type ("Q2" or "p2q1").
        public let question: String
        /// Page it sits on.
        public let page: Int
        /// Maximum points, as text ("2.5").
        public let max: String
        /// Students graded on it.
        public let graded: Int
        /// Students in the class.
        public let students: Int
        /// Of the graded, how many scores come from rubric items.
        public let fromRubric: Int
    }

    /// One student's progress.
    public struct StudentLine: Sendable, Equatable, Codable {
        /// Student name.
        public let student: String
        /// Points earned on graded questions.
        public let earned: String
        /// Sum of all questions' maxima.
        public let max: String
        /// Questions still "?".
        public let ungraded: Int
    }

    /// Per question, in reading order.
    public let questions: [QuestionLine]
    /// Per student, in list order.
    public let students: [StudentLine]
    /// How the pages line up with the reference pages; nil in a project made before they were aligned.
    public let alignment: AlignmentReport?
    /// Which copy is which version; nil for a project of one version.
    public let versions: VersionReport?

    /// Tallies `book`.
    public init(_ book: GradeBook) {
        questions = book.questions.map { numbered in
            QuestionLine(question: numbered.name, page: numbered.question.page, max: numbered.question.maxPoints.description,
                         graded: book.gradedCount(numbered.question.id), students: book.students.count,
                         fromRubric: book.rubricScored[numbered.question.id]?.count ?? 0)
        }
        alignment = AlignmentReport(book.students)
        versions = VersionReport(book)
        let maxTotal = book.questions.reduce(Points.zero) { $0 + $1.question.maxPoints }
        students = book.students.indices.map { index in
            let id = StudentID(index)
            let earned = book.questions.compactMap { book.score($0.question.id, id).earned }
            return StudentLine(student: book.students[index].student.name, earned: earned.reduce(.zero, +).description,
                               max: maxTotal.description, ungraded: book.questions.count - earned.count)
        }
    }
}
