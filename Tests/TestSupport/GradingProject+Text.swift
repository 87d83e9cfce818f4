import GraderKit

/// The façade's changes called the way a person types them (names, "430,60", "3.5"): each
/// resolves the text as a front end does, then calls the typed change.
extension GradingProject {
    /// `question add`: page, "x,y" or "x%,y%", maximum, label, measured on a named student.
    public func addQuestion(page: Int, at position: String, maxPoints: String, label: String?,
                            measuredOn student: String? = nil) throws -> NumberedQuestion {
        guard let point = PagePosition(position) else { throw GradingError.badPosition(position) }
        let spec = QuestionSpec(page: page, position: point, maxPoints: try TypedValue.maximum(maxPoints), label: label)
        return try addQuestion(spec, measuredOn: try student.map { try key(of: $0) })
    }

    /// `score`: a named student, a named question, "3.5" or "?".
    @discardableResult
    public func setScore(student: String, question: String, value: String, overwrite: Bool = false) throws -> Score {
        try setScore(typed: value, student: try key(of: student), question: try directory().resolveQuestion(question).question.id,
                     overwrite: overwrite)
    }

    /// A named student's score on a named question.
    public func score(_ student: String, on question: String) throws -> Score {
        let book = try gradeBook()
        return book.score(try book.resolveQuestion(question).question.id, try book.resolveStudent(student))
    }

    /// `question set-max`.
    public func setMaximum(question: String, to maxPoints: String) throws -> NumberedQuestion {
        try setMaximum(question: try directory().resolveQuestion(question).question.id, to: try TypedValue.maximum(maxPoints))
    }

    /// `question remove`.
    public func removeQuestion(_ name: String) throws { try removeQuestion(try directory().resolveQuestion(name).question.id) }

    /// `student remove`.
    public func removeStudent(_ name: String) throws { try removeStudent(try key(of: name)) }

    /// `note add`.
    public func addNote(student: String, page: Int, at position: String, text: String, fontSize: Double = 11) throws -> AnnotationID {
        try addNote(student: try key(of: student), page: page, at: try parsed(position), text: text, fontSize: fontSize)
    }

    /// `ink`: "x,y x,y …".
    public func addInk(student: String, page: Int, points: String, color: RGBColor = .red, width: Double = 1.5) throws -> AnnotationID {
        try addInk(student: try key(of: student), page: page, points: try points.split(separator: " ").map { try parsed(String($0)) },
                   color: color, width: width)
    }

    /// `erase`.
    public func erase(student: String, page: Int, at position: String) throws -> [AnnotationID] {
        try erase(student: try key(of: student), page: page, at: try parsed(position)).removed
    }

    /// The key of the student a person names.
    public func key(of name: String) throws -> StudentKey {
        let directory = try directory()
        return directory.students[try directory.resolveStudent(name).index].key
    }

    private func parsed(_ text: String) throws -> PagePosition {
        guard let position = PagePosition(text) else { throw GradingError.badPosition(text) }
        return position
    }
}

extension Grader {
    /// The grader tests act as unless they name another.
    public static func tester() throws -> Grader { try Grader("tester") }
}
