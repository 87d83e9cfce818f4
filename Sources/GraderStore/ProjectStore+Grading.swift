import GraderCore

/// The grading changes a user makes, each one undoable step, with the core's rules applied
/// inside the transaction (so two graders never validate against stale data).
extension ProjectStore {
    /// Puts a grade box on `page` at `position` ("430,60" in points or "70%,8%"), measured on
    /// the page of `student` (default: the first student); it appears for every student as "?".
    public func addQuestion(page: Int, at position: String, maxPoints: String, label: String?, measuredOn student: String? = nil) throws -> NumberedQuestion {
        try change("add question on page \(page)") { writer in
            let book = try writer.gradeBook()
            let page = try GradingRules.page(page, pages: book.pagesPerStudent)
            let max = try GradingRules.maximum(maxPoints)
            let owner = try student.map { name throws(GradingError) in try book.resolveStudent(name) } ?? StudentID(0)
            let size = book.students.isEmpty ? PageSize(width: 612, height: 792) : book.students[owner.index].pageSizes[page - 1]
            let relative = try GradingRules.position(position, page: page, size: size)
            let label = label?.trimmingCharacters(in: .whitespaces)
            if let label, !label.isEmpty, book.questions.contains(where: { $0.question.label == label }) {
                throw GradingError.duplicateLabel(label)
            }
            let id = try writer.insertQuestion(page: page, position: relative, maxPoints: max, label: label?.isEmpty == true ? nil : label)
            return try writer.gradeBook().questions.first { $0.question.id == id }!
        }
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

extension GradeBook {
    /// The student named, or the rule error that says so.
    public func resolveStudent(_ name: String) throws(GradingError) -> StudentID {
        guard let id = student(named: name) else { throw .unknownStudent(name) }
        return id
    }

    /// The question named, or the rule error listing the known ones.
    public func resolveQuestion(_ name: String) throws(GradingError) -> NumberedQuestion {
        guard let question = question(named: name) else { throw .unknownQuestion(name: name, known: questions.map(\.name)) }
        return question
    }

    /// The size of `page` (1-based) of `student`'s booklet.
    public func pageSize(_ student: StudentID, page: Int) -> PageSize { students[student.index].pageSizes[page - 1] }
}

extension ProjectStore {
    /// Sets many scores as one undoable change (a table import): all land or none.
    public func applyScores(_ entries: [ScoreImport.Entry], description: String) throws {
        try change(description) { writer in
            for entry in entries { try writer.setScore(entry.score, question: entry.question, student: entry.student) }
        }
    }
}
