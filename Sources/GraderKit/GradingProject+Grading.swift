import GraderCore
import GraderStore

/// What a front end reads and changes in a project, each change one undoable step recorded as
/// this project's grader. Names a user typed are resolved here (`student(named:)`,
/// `question(named:)`); every change takes the typed keys and ids they resolve to.
extension GradingProject {
    /// Everything graded so far, as one consistent snapshot.
    public func gradeBook() throws -> GradeBook { try store.gradeBook() }

    /// The students, pages and questions, without scores: cheap at class scale.
    public func directory() throws -> ProjectDirectory { try store.directory() }

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
        try store.setScore(score, student: student, question: question, expected: expected, overwrite: overwrite)
    }

    /// Puts a grade box on a page, measured on `student`'s page (default: the first student's).
    public func addQuestion(_ spec: QuestionSpec, measuredOn student: StudentKey? = nil) throws -> NumberedQuestion {
        try store.addQuestion(spec, measuredOn: student)
    }

    /// Changes a question's maximum for everyone (a curve).
    public func setMaximum(question: QuestionID, to max: Points) throws -> NumberedQuestion {
        try store.setMaximum(question: question, to: max)
    }

    /// Removes a question and its scores for everyone; other graders' scores on it go only with
    /// `overwrite` (recorded in the step).
    public func removeQuestion(_ question: QuestionID, overwrite: Bool = false) throws { try store.removeQuestion(question, overwrite: overwrite) }

    /// Moves a question's box for everyone (to a position, or by a shift in points) as one
    /// undoable step; refused off the page. With `student`, the move is measured on that student's
    /// page (carried to the reference page through its alignment). Returns the question as
    /// numbered after the move.
    public func moveQuestion(_ question: QuestionID, _ move: QuestionMove, measuredOn student: StudentKey? = nil) throws -> NumberedQuestion {
        try store.moveQuestion(question, move, measuredOn: student)
    }

    /// Moves, resizes and re-maximises a question's box as one undoable step (what a grading
    /// view sends at once); a part refused refuses the whole.
    public func editQuestion(_ question: QuestionID, _ edit: QuestionEdit, measuredOn student: StudentKey? = nil) throws -> NumberedQuestion {
        try store.editQuestion(question, edit, measuredOn: student)
    }

    /// Gives a question's box a new width and height in points for everyone (its top-left corner
    /// kept) as one undoable step; refused when the box would reach off the page.
    public func resizeQuestion(_ question: QuestionID, to size: BoxSize) throws -> NumberedQuestion {
        try store.resizeQuestion(question, to: size)
    }

    /// Removes a student with their scores and annotations; scores other graders gave them go
    /// only with `overwrite` (recorded in the step).
    public func removeStudent(_ student: StudentKey, overwrite: Bool = false) throws { try store.removeStudent(student, overwrite: overwrite) }

    /// Writes a note on one student's page.
    public func addNote(student: StudentKey, page: Int, at position: PagePosition, text: String,
                        fontSize: Double = 11, color: RGBColor = .red) throws -> AnnotationID {
        try store.addNote(student: student, page: page, at: position, text: text, fontSize: fontSize, color: color)
    }

    /// Draws an ink stroke through `points` on one student's page, with the pen's pressures when known.
    public func addInk(student: StudentKey, page: Int, points: [PagePosition], pressures: [Double]? = nil,
                       color: RGBColor = .red, width: Double = 1.5) throws -> AnnotationID {
        try store.addInk(student: student, page: page, points: points, pressures: pressures, color: color, width: width)
    }

    /// Replaces a note's text.
    public func editNote(_ id: AnnotationID, text: String) throws { try store.editNote(id, text: text) }

    /// Moves a note or stroke by `dx`, `dy` points.
    public func moveAnnotation(_ id: AnnotationID, dx: Double, dy: Double) throws { try store.moveAnnotation(id, dx: dx, dy: dy) }

    /// Removes a note or stroke; another grader's only with `overwrite` (recorded as such).
    public func removeAnnotation(_ id: AnnotationID, overwrite: Bool = false) throws { try store.removeAnnotation(id, overwrite: overwrite) }

    /// Erases the ink strokes whose line passes through `position`; returns their ids and the
    /// step they were recorded in. `continuing` (the step an earlier erase of the same drag
    /// returned) makes one eraser drag one undo step.
    public func erase(student: StudentKey, page: Int, at position: PagePosition,
                      continuing step: Int64? = nil) throws -> (removed: [AnnotationID], step: Int64) {
        try store.erase(student: student, page: page, at: position, continuing: step)
    }

    /// Sets a bubble block's answer key ("A,C,B,…") and re-grades every machine-read row.
    public func setAnswerKey(block: String, answers: String, file: String? = nil) throws -> AnswerKey {
        try store.setAnswerKey(block: block, answers: answers, file: file)
    }

    /// Undoes this grader's latest change; nil when they have none. Refused, naming the other
    /// grader, when someone built on it afterwards (changed its rows, or scored, noted or applied
    /// items on what it added) or when it would leave a score above its maximum; with `force`,
    /// another grader's work on it goes with it, as one new step this grader can undo again.
    /// While anonymous grading is on, the step names students by their pseudonyms.
    public func undo(force: Bool = false) throws -> HistoryStep? { try shown(try store.undo(force: force).map { [$0] } ?? []).first }

    /// Redoes this grader's latest undone change; nil when there is none. Named like `undo`'s.
    public func redo() throws -> HistoryStep? { try shown(try store.redo().map { [$0] } ?? []).first }

    /// The newest `limit` changes of every grader, newest first; named like `undo`'s.
    public func history(limit: Int) throws -> [HistoryStep] { try shown(try store.history(limit: limit)) }
}
