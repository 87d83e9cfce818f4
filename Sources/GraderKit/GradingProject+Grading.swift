@_spi(Rules) import GraderCore
import GraderStore

/// What a front end reads and changes in a project, each change one undoable step recorded as
/// this project's grader, with the core's rules applied inside the store's transaction (so two
/// graders never validate against stale data). Names a user typed are resolved here
/// (`student(named:)`, `question(named:)`); every change takes the typed keys and ids they
/// resolve to.
extension GradingProject {
    /// Everything graded so far, as one consistent snapshot.
    public func gradeBook() throws -> GradeBook { try store.gradeBook() }

    /// The students, pages and questions, without scores: cheap at class scale.
    public func directory() throws -> ProjectDirectory { try views.ifBuilt(store)?.book.directory ?? store.directory() }

    /// The student a user means by `name` (name in any case or Unicode form, or roster id).
    public func student(named name: String) throws -> StudentKey { try store.studentKey(named: name) }

    /// The question a user means by `name` (label, or p<page>q<n>).
    public func question(named name: String) throws -> NumberedQuestion {
        try store.questions().resolve(name)
    }

    /// The question with `id`, numbered (reads the questions only).
    public func question(id: QuestionID) throws -> NumberedQuestion {
        let questions = try store.questions()
        guard let question = questions.first(where: { $0.question.id == id }) else {
            throw GradingError.unknownQuestion(name: id.description, known: questions.map(\.name))
        }
        return question
    }

    /// Every given score with who gave it and when: question → student → record.
    public func scoreRecords() throws -> [QuestionID: [StudentKey: ScoreRecord]] { try store.scoreRecords() }

    /// One student's current score on one question, with who gave it; nil when ungraded.
    public func scoreRecord(student: StudentKey, question: QuestionID) throws -> ScoreRecord? {
        try store.scoreRecord(question: question, student: student)
    }

    /// Sets `student`'s score on `question` (`.ungraded` clears it), checked against the
    /// question's current maximum. With `expected` (the value the grader saw), the write is
    /// refused when another grader changed it meanwhile; without, when it would replace another
    /// grader's score, unless `overwrite` says so (recorded in the step).
    @discardableResult
    public func setScore(_ score: Score, student: StudentKey, question: QuestionID, expected: Score? = nil, overwrite: Bool = false) throws -> Score {
        try setScore(student: student, question: question, expected: expected, overwrite: overwrite) { current throws(GradingError) in
            try GradingRules.fits(score, current)
        }
    }

    /// Sets `student`'s score on `question` from what the grader typed: points ("3.5") or "?"
    /// to clear it, checked against the question's maximum as it stands in the change. Otherwise
    /// like `setScore(_:student:question:expected:overwrite:)`; returns the score set.
    @discardableResult
    public func setScore(typed text: String, student: StudentKey, question: QuestionID, expected: Score? = nil,
                         overwrite: Bool = false) throws -> Score {
        try setScore(student: student, question: question, expected: expected, overwrite: overwrite) { current throws(GradingError) in
            try GradingRules.score(text, for: current)
        }
    }

    /// One score change, with `score` made from the question as it stands inside the transaction;
    /// the answer, graded on its own, leaves its answer group.
    private func setScore(student: StudentKey, question: QuestionID, expected: Score?, overwrite: Bool,
                          _ score: (NumberedQuestion) throws(GradingError) -> Score) throws -> Score {
        try permit(overwrite ? .override : .score)
        return try store.change(describedBy: { writer in
            "score \(try writer.studentName(student)) on \(try writer.question(question).name): \(try score(try writer.question(question)))"
        }) { writer in
            let (checked, change) = try writeScore(writer, student: student, question: question, expected: expected, overwrite: overwrite, score)
            try writer.leaveAnswerGroups(question: question, student: student)
            writer.declareViewChanges([change])
            return checked
        }
    }

    /// Writes one score inside a change (`score` made from the question as it stands in it),
    /// refused on a score changed since `expected` or another grader's without `overwrite`;
    /// returns it with what it changes in the views.
    func writeScore(_ writer: ProjectWriter, student: StudentKey, question: QuestionID, expected: Score?, overwrite: Bool,
                    _ score: (NumberedQuestion) throws(GradingError) -> Score) throws -> (Score, ViewChange) {
        let name = try writer.studentName(student)
        let current = try writer.question(question)
        let checked = try score(current)
        if let expected {
            try writer.checkUnchanged(expected, question: question, student: student, names: (name, current.name))
        } else if let theirs = try writer.othersScore(replacedBy: checked, question: question, student: student) {
            guard overwrite else {
                throw GradingError.othersScores([ForeignScore(student: name, question: current.name, score: .points(theirs.points), grader: theirs.grader)])
            }
            try writer.redescribe("score \(name) on \(current.name): \(checked) (overwriting \(theirs.grader)'s \(theirs.points))")
        }
        try writer.setScore(checked, question: question, student: student)
        return (checked, .score(question: question, student: student, points: checked.earned, byRubric: false))
    }

    /// Sets many scores as one undoable change (a table import): all land or none. Scores other
    /// graders gave are replaced only with `overwrite`.
    package func applyScores(_ entries: [ScoreImport.Entry], description: String, overwrite: Bool = false) throws {
        try store.change(description) { writer in
            let replaced = try entries.compactMap { entry in
                try writer.othersScore(replacedBy: entry.score, question: entry.question, student: entry.student).map { theirs in
                    ForeignScore(student: try writer.studentName(entry.student), question: try writer.question(entry.question).name,
                                 score: .points(theirs.points), grader: theirs.grader)
                }
            }
            try writer.take(replaced, overwrite: overwrite, as: "replacing")
            for entry in entries { try writer.setScore(entry.score, question: entry.question, student: entry.student) }
        }
    }

    /// Removes a student with their scores and annotations; scores other graders gave them go
    /// only with `overwrite` (recorded in the step).
    public func removeStudent(_ key: StudentKey, overwrite: Bool = false) throws {
        try permit(.editRoster)
        let directory = try store.directory()
        try store.change("remove student \(directory.students[try directory.resolveStudent(key: key).index].student.name)") { writer in
            _ = try writer.directory().resolveStudent(key: key)
            try writer.take(try writer.othersScores(student: key), overwrite: overwrite, as: "removing")
            try writer.deleteStudent(key)
        }
    }

    /// Undoes this grader's latest change; nil when they have none. Refused, naming the other
    /// grader, when someone built on it afterwards (changed its rows, or scored, noted or applied
    /// items on what it added) or when it would leave a score above its maximum; with `force`,
    /// another grader's work on it goes with it, as one new step this grader can undo again.
    /// While anonymous grading is on, the step names students by their pseudonyms.
    public func undo(force: Bool = false) throws -> HistoryStep? {
        try permit(force ? .override : .undoOwn)
        let step = try store.undo(force: force)
        try followUndo()
        return try shown(step.map { [$0] } ?? []).first
    }

    /// Redoes this grader's latest undone change; nil when there is none. Named like `undo`'s.
    public func redo() throws -> HistoryStep? {
        try permit(.undoOwn)
        let step = try store.redo()
        try followUndo()
        return try shown(step.map { [$0] } ?? []).first
    }

    /// The newest `limit` changes of every grader, newest first; named like `undo`'s.
    public func history(limit: Int) throws -> [HistoryStep] { try shown(try store.history(limit: limit)) }
}
