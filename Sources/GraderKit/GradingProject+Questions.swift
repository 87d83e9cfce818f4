@_spi(Rules) import GraderCore
import GraderStore

/// Grade boxes: placed once on a page, they appear for every student; each change one undoable
/// step, checked against the rows as they stand inside it. Each reads only the rows it needs, so
/// a change costs the same at 1,000 students.
extension GradingProject {
    /// Puts a grade box on a page, measured on `student`'s page (default: the first student's);
    /// it appears for every student as "?".
    public func addQuestion(_ spec: QuestionSpec, measuredOn student: StudentKey? = nil) throws -> NumberedQuestion {
        try permit(.editQuestions)
        return try addQuestions([spec], description: "add question on page \(spec.page)", measuredOn: student)[0]
    }

    /// Adds several questions as one change: all of them, or none when one is refused.
    package func addQuestions(_ specs: [QuestionSpec], description: String, measuredOn student: StudentKey? = nil) throws -> [NumberedQuestion] {
        try store.change(description) { writer in
            let directory = try writer.directory()
            let owner = try student.map { key throws(GradingError) in try directory.resolveStudent(key: key) }
            var labels = Set(directory.questions.compactMap(\.question.label))
            let added = try QuestionChanges.insert(specs, in: directory, measuredOn: owner, writer: writer, labels: &labels)
            let numbered = try writer.directory()
            return try added.map { id throws(GradingError) in try numbered.resolveQuestion(id: id) }
        }
    }

    /// Checks `spec` against the rules without adding it; `labels` collects the labels taken.
    func checkQuestion(_ spec: QuestionSpec, labels: inout Set<String>) throws {
        _ = try QuestionChanges.checked(spec, in: try store.directory(), measuredOn: nil, labels: &labels)
    }

    /// Changes a question's maximum for everyone (a curve). Refused when a typed score would
    /// exceed it; scores from the rubric follow it.
    public func setMaximum(question id: QuestionID, to max: Points) throws -> NumberedQuestion {
        try permit(.editQuestions)
        return try store.change("set maximum of \(try store.directory().resolveQuestion(id: id).name) to \(max)") { writer in
            try QuestionChanges.setMaximum(id, to: max, writer)
        }
    }

    /// Moves, resizes and re-maximises a question's box as one undoable step, each part read and
    /// checked inside it (what a grading view's drag and edit of a box sends at once); a part
    /// refused refuses the whole.
    public func editQuestion(_ id: QuestionID, _ edit: QuestionEdit, measuredOn student: StudentKey? = nil) throws -> NumberedQuestion {
        try permit(.editQuestions)
        return try store.change("edit question \(try store.directory().resolveQuestion(id: id).name)") { writer in
            var edited = try writer.directory().resolveQuestion(id: id)
            if let move = edit.move { edited = try QuestionChanges.move(id, move, measuredOn: student, writer) }
            if edit.width != nil || edit.height != nil {
                let current = edited.question.size
                edited = try QuestionChanges.resize(id, to: BoxSize(width: edit.width ?? current.width, height: edit.height ?? current.height), writer)
            }
            if let max = edit.max { edited = try QuestionChanges.setMaximum(id, to: max, writer) }
            if let label = edit.label { edited = try QuestionChanges.rename(id, to: label, writer) }
            return edited
        }
    }

    /// Moves a question's box for everyone (to a position, or by a shift in points) as one
    /// undoable step; refused off the page. With `student`, the move is measured on that student's
    /// page (carried to the reference page through its alignment). Returns the question as
    /// numbered after the move (an unlabelled question's p<page>q<n> name follows its new place).
    public func moveQuestion(_ id: QuestionID, _ move: QuestionMove, measuredOn student: StudentKey? = nil) throws -> NumberedQuestion {
        try permit(.editQuestions)
        return try store.change("move question \(try store.directory().resolveQuestion(id: id).name)") { writer in
            try QuestionChanges.move(id, move, measuredOn: student, writer)
        }
    }

    /// Gives a question's box a new width and height in points for everyone (its top-left corner
    /// kept) as one undoable step; refused when the box would reach off the page.
    public func resizeQuestion(_ id: QuestionID, to size: BoxSize) throws -> NumberedQuestion {
        try permit(.editQuestions)
        return try store.change("resize question \(try store.directory().resolveQuestion(id: id).name) to \(size)") { writer in
            try QuestionChanges.resize(id, to: size, writer)
        }
    }

    /// Removes a question and its scores for everyone; other graders' scores on it go only with
    /// `overwrite` (recorded in the step).
    public func removeQuestion(_ id: QuestionID, overwrite: Bool = false) throws {
        try permit(.editQuestions)
        try store.change("remove question \(try store.directory().resolveQuestion(id: id).name)") { writer in
            let question = try writer.directory().resolveQuestion(id: id).question.id
            try writer.take(try writer.othersScores(question: question), overwrite: overwrite, as: "removing")
            try writer.deleteQuestion(question)
        }
    }

    /// The boxes the box of `question` overlaps on its page (measured on the reference page): a
    /// front end shows each one's warning after placing, moving or resizing a box.
    public func overlaps(of question: QuestionID) throws -> [BoxOverlap] { try store.directory().boxOverlaps(of: question) }

    /// Every pair of overlapping boxes, each pair once: the check after many boxes were added at once.
    public func overlaps() throws -> [BoxOverlap] { try store.directory().boxOverlaps() }
}
