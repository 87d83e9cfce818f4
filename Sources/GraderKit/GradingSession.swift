import GraderCore

/// One grader's walk through the scores to give, in their grading order: every question, one
/// question or one page's, handed out by `AnswerWalk` (the rule the browser's cards follow too).
/// It starts at the first ungraded score from the grader's saved place
/// and visits the scores that were ungraded when it began (in review, every score from the first),
/// to the end of the order and then round from its beginning to where it began,
/// records their place and holds the answer shown as it moves, passing over answers another
/// grader has open (unless gone back to), and saves a score only if nobody changed it since it was
/// shown. Front ends map their own keys onto it.
public struct GradingSession {
    /// Which scores to walk.
    public enum Filter: Sendable, Equatable {
        /// Every question.
        case all
        /// One question.
        case question(QuestionID)
        /// The questions on one page.
        case page(Int)
    }

    /// A score to give, as shown to the grader.
    public struct Stop: Sendable, Equatable {
        /// 1-based number of the stop, and how many there are.
        public let number: Int, count: Int
        /// Whose score.
        public let student: StudentKey
        /// Their name (a pseudonym while grading is anonymous).
        public let studentName: String
        /// Which question.
        public let question: NumberedQuestion
        /// The page of the student's booklet it is on (their version's page for it).
        public let page: Int
        /// The score as it stands now; a save checks it is still this.
        public let score: Score
        /// The question's rubric items, applied with `apply`.
        public let items: [RubricItem]
    }

    /// The project graded.
    public let project: GradingProject
    private let book: GradeBook
    private let names: [StudentKey: String]
    private let walk: AnswerWalk
    private var shown: Stop?
    /// True after `back()`: the grader goes to that answer on purpose, even if someone has it open.
    private var onPurpose = false
    /// The stops the walk visits (ungraded when it began, or all in review), in the order it visits
    /// them: from where it began to the end of the grading order, then round from its beginning.
    private let route: [Int]
    /// Where in `route` the stops before the beginning start.
    private let wrapsAt: Int
    /// The position in `route`; `route.count` when the walk is over.
    private var step = 0

    /// The current stop's index in the grading order; `stopCount` when the walk is over.
    public var index: Int { step < route.count ? route[step] : walk.stops.count }

    /// True once the walk has gone round from the end of the order to its beginning.
    public var hasWrapped: Bool { step >= wrapsAt && step < route.count }

    /// A session over `filter`'s questions, at the first ungraded score from the grader's place;
    /// with `review`, over every score (graded ones too), from the first.
    public init(_ project: GradingProject, filter: Filter = .all, review: Bool = false) throws {
        self.project = project
        book = try project.gradeBook()
        names = try project.displayNames(book)
        let questions: [NumberedQuestion] = switch filter {
        case .all: book.questions
        case .question(let id): [try book.directory.resolveQuestion(id: id)]
        case .page(let page): book.questions.filter { $0.question.page == page }
        }
        let walk = AnswerWalk(book, questions: questions, place: try project.place())
        self.walk = walk
        let start = review ? 0 : walk.firstFree(from: walk.placeStop) ?? walk.stops.count
        route = walk.round(from: start).filter { review || walk.isUngraded($0) }
        wrapsAt = route.prefix { $0 >= start }.count
    }

    /// How many stops the walk has.
    public var stopCount: Int { walk.stops.count }

    /// True when the walk is over (or everything was graded from the start).
    public var isFinished: Bool { step >= route.count }

    /// How many of the walk's scores are still ungraded now.
    public func ungradedCount() throws -> Int {
        let now = try project.gradeBook()
        return walk.stops.filter { stop in
            guard let student = now.directory.student(key: book.students[stop.student.index].key) else { return false }
            return now.score(stop.question.question.id, student) == .ungraded
        }.count
    }

    /// The current stop with its score read now, recording it as the grader's place and their
    /// claim; a stop another grader has open is passed over. Nil when over.
    public mutating func current() throws -> Stop? {
        while !isFinished {
            let stop = walk.stops[index], key = book.students[stop.student.index].key
            let again = shown?.student == key && shown?.question.question.id == stop.question.question.id
            if try project.takeAnswer(question: stop.question.question.id, student: key, onPurpose: again || onPurpose).taken { break }
            skip()
        }
        guard !isFinished else { return nil }
        let stop = walk.stops[index]
        let entry = book.students[stop.student.index]
        let record = try project.scoreRecord(student: entry.key, question: stop.question.question.id)
        shown = Stop(number: index + 1, count: walk.stops.count, student: entry.key, studentName: names[entry.key] ?? entry.student.name,
                     question: stop.question, page: stop.page, score: record.map { .points($0.points) } ?? .ungraded,
                     items: book.rubricItems[stop.question.question.id] ?? [])
        return shown
    }

    /// Saves `score` for the stop last shown by `current()` and moves to the next stop. Refused
    /// (the session stays) when another grader changed that score since it was shown.
    public mutating func save(_ score: Score) throws {
        guard let shown else { return }
        try project.setScore(score, student: shown.student, question: shown.question.question.id, expected: shown.score)
        skip()
    }

    /// Saves the score the grader typed ("3.5", "?") for the stop last shown, checked against the
    /// question's maximum, and moves on; refused (the session stays) like `save`.
    public mutating func save(typed text: String) throws {
        guard let shown else { return }
        try project.setScore(typed: text, student: shown.student, question: shown.question.question.id, expected: shown.score)
        skip()
    }

    /// Applies and removes rubric items (by number) for the stop last shown, then moves to the
    /// next stop. Refused like `save` when the score changed since it was shown.
    public mutating func apply(items add: [Int], removing remove: [Int]) throws {
        guard let shown else { return }
        try project.applyRubricItems(student: shown.student, question: shown.question.question.id, add: add, remove: remove, expected: shown.score)
        skip()
    }

    /// Moves to the next stop the walk visits, without scoring.
    public mutating func skip() {
        onPurpose = false
        step = min(step + 1, route.count)
    }

    /// Moves back to the previous stop the walk visits (it stays at the first).
    public mutating func back() {
        onPurpose = true
        step = max(min(step, route.count) - 1, 0)
    }

    /// Ends the walk.
    public mutating func finish() { step = route.count }
}
