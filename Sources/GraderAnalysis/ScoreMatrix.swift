import GraderCore

/// What the statistics are computed from: every student's points on every question (nil where
/// ungraded) and, for questions read from bubbles, what each student marked. Built from a
/// `GradeBook`, or written out by hand in tests.
public struct ScoreMatrix: Sendable, Equatable {
    /// A question: its name, maximum, and one score per student (nil: ungraded).
    public struct Item: Sendable, Equatable {
        /// The name users see ("Q1", "p2q1", "mc-3").
        public let name: String
        /// The maximum points.
        public let maxPoints: Double
        /// Points per student, in student order; nil where ungraded.
        public let scores: [Double?]

        /// Creates an item.
        public init(name: String, maxPoints: Double, scores: [Double?]) {
            self.name = name
            self.maxPoints = maxPoints
            self.scores = scores
        }
    }

    /// A question read from bubbles: the choices printed, the key, and what each student marked.
    public struct BubbleItem: Sendable, Equatable {
        /// The index of the question's scores in `items`.
        public let item: Int
        /// The choice labels in printed order ("A"…"E").
        public let choices: [String]
        /// What the key accepts; nil when no key is set.
        public let accepted: AcceptedAnswers?
        /// Per student: the marked choices ([] for a blank row); nil where the row was not read or
        /// needs a person (several marks, uncertain).
        public let responses: [[String]?]
        /// True when a row takes one answer (a multiple-answer row may take several).
        public let singleAnswer: Bool

        /// Creates a bubble item.
        public init(item: Int, choices: [String], accepted: AcceptedAnswers?, responses: [[String]?], singleAnswer: Bool = true) {
            self.item = item
            self.choices = choices
            self.accepted = accepted
            self.responses = responses
            self.singleAnswer = singleAnswer
        }

        /// Creates a bubble item whose key accepts one answer, `key` (nil: no key).
        public init(item: Int, choices: [String], key: [String]?, responses: [[String]?], singleAnswer: Bool = true) {
            self.init(item: item, choices: choices, accepted: key.map { .oneOf([$0]) }, responses: responses, singleAnswer: singleAnswer)
        }
    }

    /// Student names, in list order.
    public let students: [String]
    /// Questions in reading order.
    public let items: [Item]
    /// The questions read from bubbles.
    public let bubbleItems: [BubbleItem]

    /// Creates a matrix; every item has one score (and every bubble item one response) per student.
    public init(students: [String], items: [Item], bubbleItems: [BubbleItem] = []) {
        self.students = students
        self.items = items
        self.bubbleItems = bubbleItems
    }

    /// The scores and bubble answers of `book`: ungraded scores are nil; a bubble row counts as
    /// answered (or blank) only when the machine read it with confidence.
    public init(book: GradeBook) {
        let students = book.students.indices.map(StudentID.init)
        let items = book.questions.map { numbered in
            Item(name: numbered.name, maxPoints: numbered.question.maxPoints.value,
                 scores: students.map { book.scores[numbered.question.id]?[$0]?.value })
        }
        let bubbleItems = book.questions.enumerated().compactMap { index, numbered -> BubbleItem? in
            guard let ref = book.bubbleRows[numbered.question.id],
                  let block = book.bubbleBlocks.first(where: { $0.id == ref.block }), block.kind != .studentID
            else { return nil }
            let responses = students.map { student -> [String]? in
                switch book.examReadings(block: block, student: student)?.first(where: { $0.row == ref.row })?.reading {
                case .answered(let marked): marked
                case .blank: []
                case .multiple, .uncertain, nil: nil
                }
            }
            return BubbleItem(item: index, choices: block.choices, accepted: book.answerKey[ref.block]?[ref.row]?.accepted,
                              responses: responses, singleAnswer: block.kind == .singleAnswer)
        }
        self.init(students: book.students.map(\.student.name), items: items, bubbleItems: bubbleItems)
    }
}
