/// What a returned booklet's message tells one student: their name and id, the exam, every
/// question's score out of its maximum with the rubric comments it received, and the total.
public struct StudentFeedback: Hashable, Sendable {
    /// One question's line.
    public struct QuestionLine: Hashable, Sendable {
        /// "Question 1", or the question's label.
        public let heading: String
        /// "3.5", or "?" while ungraded.
        public let score: String
        /// "4".
        public let maximum: String
        /// The rubric items applied ("−1 Sign error"), each with its explanation when it has one.
        public let comments: [String]
    }

    /// The student's name.
    public let name: String
    /// Their roster id, empty when unknown.
    public let id: String
    /// The exam's title.
    public let exam: String
    /// The points earned ("17.5").
    public let total: String
    /// The points possible ("24").
    public let maximum: String
    /// The percentage ("72.92"), empty when the exam is worth nothing.
    public let percent: String
    /// Every question in reading order.
    public let questions: [QuestionLine]

    /// The feedback of `student` in `book`, for the exam called `exam`.
    public init(_ book: GradeBook, student: StudentID, exam: String) {
        let entry = book.students[student.index].student
        let earned = GradeTable.earned(book, student), maximum = GradeTable.maximum(book)
        (name, id, self.exam) = (entry.name, entry.rosterID ?? "", exam)
        (total, self.maximum, percent) = (earned.description, maximum.description, GradeTable.percent(earned, of: maximum))
        questions = book.questions.map { numbered in
            QuestionLine(heading: numbered.heading, score: book.score(numbered.question.id, student).description,
                         maximum: numbered.question.maxPoints.description,
                         comments: book.itemsScored(numbered.question.id, student).map { item in
                             item.explanation.map { "\(item.label): \($0)" } ?? item.label
                         })
        }
    }

    /// The name in reading order: "Ben Okafor" for a roster's "Okafor, Ben" (one comma, a name on
    /// each side), any other name as stored.
    public var readingName: String {
        let parts = name.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
        guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else { return name }
        return parts[1] + " " + parts[0]
    }

    /// How many questions are still ungraded.
    public var ungraded: Int { questions.filter { $0.score == Score.ungraded.description }.count }
}
