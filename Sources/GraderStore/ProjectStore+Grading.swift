import GraderCore

/// The grading changes a user makes, each one undoable step, with the core's rules applied
/// inside the transaction (so two graders never validate against stale data).
extension ProjectStore {
    /// Puts a grade box on `page` at `position` ("430,60" in points or "70%,8%"), measured on
    /// the page of `student` (default: the first student); it appears for every student as "?".
    public func addQuestion(page: Int, at position: String, maxPoints: String, label: String?, measuredOn student: String? = nil) throws -> NumberedQuestion {
        try addQuestions([QuestionSpec(page: page, position: position, maxPoints: maxPoints, label: label)],
                         description: "add question on page \(page)", measuredOn: student)[0]
    }

    /// Adds several questions as one change (a rubric): all of them, or none when one is refused.
    public func addQuestions(_ specs: [QuestionSpec], description: String, measuredOn student: String? = nil) throws -> [NumberedQuestion] {
        try change(description) { writer in
            let book = try writer.gradeBook()
            let owner = try student.map { name throws(GradingError) in try book.resolveStudent(name) }
            var labels = Set(book.questions.compactMap(\.question.label))
            let added = try Self.insert(specs, in: book, measuredOn: owner, writer: writer, labels: &labels)
            let numbered = try writer.gradeBook().questions
            return added.map { id in numbered.first { $0.question.id == id }! }
        }
    }

    /// Checks each spec against the rules and inserts it; `labels` collects the labels taken.
    static func insert(_ specs: [QuestionSpec], in book: GradeBook, measuredOn owner: StudentID?, writer: ProjectWriter,
                       labels: inout Set<String>) throws -> [QuestionID] {
        try specs.map { spec in
            let question = try checked(spec, in: book, measuredOn: owner, labels: &labels)
            return try writer.insertQuestion(page: question.page, position: question.position,
                                             maxPoints: question.maxPoints, label: question.label)
        }
    }

    /// Checks `spec` against the rules without adding it; `labels` collects the labels taken.
    public func checkQuestion(_ spec: QuestionSpec, labels: inout Set<String>) throws {
        let book = try gradeBook()
        _ = try Self.checked(spec, in: book, measuredOn: nil, labels: &labels)
    }

    static func checked(_ spec: QuestionSpec, in book: GradeBook, measuredOn owner: StudentID?,
                                labels: inout Set<String>) throws(GradingError) -> Question {
        let page = try GradingRules.page(spec.page, pages: book.pagesPerStudent)
        let max = try GradingRules.maximum(spec.maxPoints)
        let size = owner.map { book.pageSize($0, page: page) } ?? book.referencePageSize(page: page)
        let relative = try GradingRules.position(spec.position, page: page, size: size)
        let label = try GradingRules.label(spec.label)
        if let label {
            guard labels.insert(label).inserted else { throw .duplicateLabel(label) }
        }
        return Question(id: QuestionID(0), page: page, position: relative, maxPoints: max, label: label)
    }

    /// Changes a question's maximum for everyone (a curve). Refused when a score would exceed it.
    public func setMaximum(question name: String, to maxPoints: String) throws -> NumberedQuestion {
        try change("set maximum of \(name) to \(maxPoints)") { writer in
            let book = try writer.gradeBook()
            let question = try book.resolveQuestion(name)
            let max = try GradingRules.maximum(maxPoints)
            let over = (book.scores[question.question.id] ?? [:]).filter { $0.value > max }.keys.sorted()
            guard over.isEmpty else {
                throw GradingError.maximumBelowScores(question: question.name, max: max,
                                                      students: over.map { book.students[$0.index].student.name })
            }
            try writer.updateMaximum(question.question.id, to: max)
            return try writer.gradeBook().questions.first { $0.question.id == question.question.id }!
        }
    }

    /// Removes a question (and its scores) for everyone.
    public func removeQuestion(_ name: String) throws {
        try change("remove question \(name)") { writer in
            try writer.deleteQuestion(try writer.gradeBook().resolveQuestion(name).question.id)
        }
    }

    /// Sets one student's score on one question: 0…max in quarter points, or "?" to clear.
    @discardableResult
    public func setScore(student: String, question: String, value: String) throws -> Score {
        try change("score \(student) on \(question): \(value)") { writer in
            let book = try writer.gradeBook()
            let studentID = try book.resolveStudent(student)
            let numbered = try book.resolveQuestion(question)
            let score = try GradingRules.score(value, for: numbered)
            try writer.setScore(score, question: numbered.question.id, student: book.students[studentID.index].key)
            return score
        }
    }

    /// Removes a student with their scores and annotations.
    public func removeStudent(_ name: String) throws {
        try change("remove student \(name)") { writer in
            let book = try writer.gradeBook()
            try writer.deleteStudent(book.students[try book.resolveStudent(name).index].key)
        }
    }
}

/// A question as a user or rubric gives it, before the rules check it.
public struct QuestionSpec: Sendable, Equatable {
    /// Page number, from 1.
    public var page: Int
    /// "x,y" in points or "x%,y%".
    public var position: String
    /// Maximum points as typed.
    public var maxPoints: String
    /// Optional label.
    public var label: String?

    /// Creates a spec.
    public init(page: Int, position: String, maxPoints: String, label: String?) {
        self.page = page
        self.position = position
        self.maxPoints = maxPoints
        self.label = label
    }
}

extension String {
    var nilIfEmpty: String? { isEmpty ? nil : self }
}

extension ProjectStore {
    /// Sets many scores as one undoable change (a table import): all land or none.
    public func applyScores(_ entries: [ScoreImport.Entry], description: String) throws {
        try change(description) { writer in
            for entry in entries { try writer.setScore(entry.score, question: entry.question, student: entry.student) }
        }
    }
}
