import GraderCore

/// One student's answer to one question, as a grading view shows it: where the answer is on the
/// page, the score and who gave it, the rubric with the items applied, and where the student is in
/// the grader's order.
public struct AnswerCard: Sendable, Equatable, Encodable {
    /// A rubric item of the question.
    public struct Item: Sendable, Equatable, Encodable {
        /// Its number (1-based, the key that applies it), text, points ("-1", "+0.5") and group.
        public let number: Int, text: String, points: String, group: String?
        /// Whether this student has it.
        public let applied: Bool
        /// Its id, which a stamp names (numbers change when items are reordered).
        public let id: Int64
    }

    /// A next student (key) and the page their card shows: their version's page of the question.
    public struct Upcoming: Sendable, Equatable, Encodable {
        /// The student's key and the page.
        public let student: Int64, page: Int
    }

    /// A rectangle in points on the student's page.
    public struct Rect: Sendable, Equatable, Encodable {
        /// Top-left corner and size.
        public let x: Double, y: Double, width: Double, height: Double
    }

    /// The student's key and the name shown (a pseudonym while grading is anonymous).
    public let student: Int64, name: String
    /// The question: id, name (label or p2q1), heading, page, maximum and how its items count.
    public let question: Int64, questionName: String, heading: String, page: Int, max: String, scoring: String
    /// The keys a touch score pad offers for this question.
    public let pad: ScorePad
    /// "3.5" or "?", and who gave it (nil while ungraded).
    public let score: String, gradedBy: String?
    /// The question's rubric items.
    public let items: [Item]
    /// The answer's band on the page, and the page's size.
    public let region: Rect, pageWidth: Double, pageHeight: Double
    /// 1-based place of the student in the grader's order, how many students, and how many are
    /// still ungraded on this question.
    public let position: Int, count: Int, ungraded: Int
    /// The next students in the grader's order, whose pages a view fetches ahead.
    public let upcoming: [Upcoming]
    /// The other graders who have this answer open now.
    public let heldBy: [String]
    /// What the page images cover now (`GradingProject.imageStamp`), for their URLs.
    public let images: String
}

/// Which student's answer a grading view moves to.
public enum CardMove: String, Sendable, CaseIterable {
    /// The student named (or, when none is, the first ungraded from the grader's place).
    case here
    /// The next / previous student in the grader's order (stays at the ends).
    case next, previous
    /// The next ungraded student after the one named that no other grader has open, wrapping
    /// around (stays when there is none).
    case nextUngraded = "next-ungraded"
}

extension GradingProject {
    /// The card of `question` for the student `move` leads to from `student`, in this grader's
    /// order. Only reads: a view that shows it records the grader's place with `takeAnswer`.
    public func answerCard(question: QuestionID, from student: StudentKey?, move: CardMove) throws -> AnswerCard {
        let model = try views.snapshot(store), book = model.book
        guard !book.students.isEmpty else { throw GradingError.noStudents }
        let numbered = try book.directory.resolveQuestion(id: question)
        // One question's walk: its stops are the students in the grader's order.
        let walk = AnswerWalk(book, questions: [numbered], place: try place())
        let students = walk.stops.map(\.student)
        let held = try answersHeldByOthers()[question] ?? [:]
        let isHeld = { (index: Int) in held[book.students[students[index].index].key] != nil }
        let start: Int
        if let student {
            let id = try book.directory.resolveStudent(key: student)
            start = students.firstIndex(of: id) ?? 0
        } else {
            start = walk.firstFree(from: walk.placeStop, isHeld: isHeld) ?? walk.placeStop
        }
        let index: Int = switch move {
        case .here: start
        case .next: min(start + 1, students.count - 1)
        case .previous: max(start - 1, 0)
        case .nextUngraded: walk.firstFree(from: start + 1, isHeld: isHeld) ?? start
        }
        let id = students[index]
        let upcoming = students[(index + 1)...].prefix(2).map { next in
            AnswerCard.Upcoming(student: book.students[next.index].key.rawValue, page: book.placed(numbered.question, for: next).page)
        }
        return try card(model, numbered, id, position: index + 1, ungraded: students.indices.filter(walk.isUngraded).count, upcoming: upcoming,
                        heldBy: held[book.students[id.index].key] ?? [])
    }

    private func card(_ model: ReadModel.Snapshot, _ numbered: NumberedQuestion, _ id: StudentID, position: Int, ungraded: Int, upcoming: [AnswerCard.Upcoming],
                      heldBy: [String]) throws -> AnswerCard {
        let book = model.book, entry = book.students[id.index], question = numbered.question
        // A version may put the question on another page: the student's own page and band.
        let page = book.placed(question, for: id).page
        let band = AnswerRegion.band(of: numbered, among: book.questions, in: book, student: id)
        let applied = Set((book.appliedItems[question.id]?[id] ?? []).map(\.id))
        let record = try scoreRecord(student: entry.key, question: question.id)
        return AnswerCard(
            student: entry.key.rawValue, name: model.names[entry.key] ?? entry.student.name,
            question: question.id.rawValue, questionName: numbered.name, heading: numbered.heading, page: page,
            max: question.maxPoints.description, scoring: question.scoring.rawValue, pad: ScorePad(max: question.maxPoints),
            score: book.score(question.id, id).description, gradedBy: record.map { $0.grader.isEmpty ? "—" : $0.grader },
            items: (book.rubricItems[question.id] ?? []).map { item in
                AnswerCard.Item(number: item.number, text: item.text, points: item.signedPoints, group: item.group,
                                applied: applied.contains(item.id), id: item.id.rawValue)
            },
            region: AnswerCard.Rect(x: band.origin.x, y: band.origin.y, width: band.width, height: band.height),
            pageWidth: book.pageSize(id, page: page).width, pageHeight: book.pageSize(id, page: page).height, position: position,
            count: book.students.count, ungraded: ungraded,
            upcoming: upcoming, heldBy: heldBy, images: model.imageStamp)
    }
}
