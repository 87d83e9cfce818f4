import GraderCore

/// The one rule by which every front end hands out answers (the CLI's `grade` through
/// `GradingSession`, the browser through `answerCard`): the grader's order over the questions
/// walked, from the answer at or after their saved place, ungraded answers only, round from the
/// end of the order to its beginning, passing over answers another grader has open.
struct AnswerWalk {
    /// The grade book the walk was made from.
    let book: GradeBook
    /// Every stop, in the grader's order.
    let stops: [GradingWalk.Stop]
    /// The stop at or after the grader's saved place (0 when none is).
    let placeStop: Int

    /// The walk over `questions` in `place`'s order, from `place`'s position.
    init(_ book: GradeBook, questions: [NumberedQuestion], place: GradingPlace) {
        self.book = book
        let walk = GradingWalk(book, order: place.order, questions: questions)
        let sequence = GradingSequence(studentCount: book.students.count, pagesPerStudent: book.pagesPerStudent, order: place.order)
        stops = walk.stops
        placeStop = walk.stop(atOrAfter: place.position, in: sequence)
    }

    /// True when the stop's answer has no score in the book.
    func isUngraded(_ index: Int) -> Bool { book.score(stops[index].question.question.id, stops[index].student) == .ungraded }

    /// The stops from `start` to the end of the order, then round from its beginning to just before `start`.
    func round(from start: Int) -> [Int] {
        let start = min(max(start, 0), stops.count)
        return Array(start..<stops.count) + Array(0..<start)
    }

    /// The first stop from `start` round the order that is ungraded and that `isHeld` (by another
    /// grader) does not hold; nil when there is none.
    func firstFree(from start: Int, isHeld: (Int) -> Bool = { _ in false }) -> Int? {
        round(from: start).first { isUngraded($0) && !isHeld($0) }
    }
}
