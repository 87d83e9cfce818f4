extension GradeBook {
    /// The same book with `student`'s score on `question` set to `points` (nil: ungraded),
    /// computed from the rubric or not: one score changed without reading the project again
    /// (equal to the book read afresh after the change).
    public func setting(_ points: Points?, question: QuestionID, student: StudentID, byRubric: Bool) -> GradeBook {
        var book = self
        var scores = book.scores[question] ?? [:], rubric = book.rubricScored[question] ?? []
        scores[student] = points
        if byRubric, points != nil { rubric.insert(student) } else { rubric.remove(student) }
        book.scores[question] = scores.isEmpty ? nil : scores
        book.rubricScored[question] = rubric.isEmpty ? nil : rubric
        return book
    }

    /// The same book with `items` the rubric items `student` has on `question` (equal to the book
    /// read afresh after the change).
    public func applying(_ items: [RubricItem], question: QuestionID, student: StudentID) -> GradeBook {
        var book = self
        var applied = book.appliedItems[question] ?? [:]
        applied[student] = items.isEmpty ? nil : items.sorted { $0.number < $1.number }
        book.appliedItems[question] = applied.isEmpty ? nil : applied
        return book
    }
}
