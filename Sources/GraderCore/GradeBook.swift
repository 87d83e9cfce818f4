/// The stable key of a student in a project (survives other students being added or removed).
public struct StudentKey: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The stored row id.
    public let rawValue: Int64
    /// Wraps a stored id.
    public init(_ rawValue: Int64) { self.rawValue = rawValue }
    public static func < (lhs: StudentKey, rhs: StudentKey) -> Bool { lhs.rawValue < rhs.rawValue }
    public var description: String { "student key \(rawValue)" }
}

/// A row of a bubble block.
public struct BubbleRowRef: Hashable, Sendable {
    /// The block's id.
    public let block: String
    /// The row, 0-based.
    public let row: Int

    /// Creates a reference.
    public init(block: String, row: Int) {
        self.block = block
        self.row = row
    }
}

/// Everything graded so far, as one consistent value: the students in list order, the questions
/// in reading order, every score and annotation. `StudentID(i)` is `students[i]`.
public struct GradeBook: Sendable, Equatable {
    /// A student of the project and their scan.
    public struct Entry: Sendable, Equatable {
        /// Stable key.
        public let key: StudentKey
        /// Name, roster id, e-mail.
        public let student: Student
        /// The scan's path inside the project folder.
        public let scanPath: String
        /// Each page's size as displayed (upright: an upside-down page turned).
        public let pageSizes: [PageSize]
        /// Each page's alignment to the reference page; empty in a project made before pages were
        /// aligned (boxes then sit at the same place relative to the page size).
        public let alignments: [PageAlignment]

        /// Creates an entry.
        public init(key: StudentKey, student: Student, scanPath: String, pageSizes: [PageSize], alignments: [PageAlignment] = []) {
            self.key = key
            self.student = student
            self.scanPath = scanPath
            self.pageSizes = pageSizes
            self.alignments = alignments
        }

        /// The alignment of `page` (1-based), nil when the project never aligned its pages.
        public func alignment(page: Int) -> PageAlignment? {
            alignments.indices.contains(page - 1) ? alignments[page - 1] : nil
        }
    }

    /// Students in list order (roster order, else the order they were added).
    public let students: [Entry]
    /// Pages in every booklet.
    public let pagesPerStudent: Int
    /// The size of each reference page (the master copy's, or the first student's at import):
    /// what typed positions are measured on; empty in a project made before pages were aligned.
    public let referenceSizes: [PageSize]
    /// Questions in reading order, numbered per page.
    public let questions: [NumberedQuestion]
    /// Graded scores: question → student → points. A missing entry is "?".
    public internal(set) var scores: [QuestionID: [StudentID: Points]]
    /// Ink and notes, in the order they were made.
    public let annotations: [Annotation]
    /// Bubble blocks of the rubric.
    public let bubbleBlocks: [BubbleBlock]
    /// The answer key: block id → row → what is accepted and the row's own points. Only in the project.
    public let answerKey: [String: [Int: AnswerKey.Entry]]
    /// What the machine read: block id → student → the rows.
    public let bubbleReadings: [String: [StudentID: [BubbleRowReading]]]
    /// Questions that stand for a bubble row: question → (block id, row).
    public let bubbleRows: [QuestionID: BubbleRowRef]
    /// Where the machine found each block on each scan: block id → student → placement.
    public let bubblePlacements: [String: [StudentID: BubblePlacement]]
    /// Each question's rubric items, in list order.
    public let rubricItems: [QuestionID: [RubricItem]]
    /// The items applied: question → student → items, in list order.
    public internal(set) var appliedItems: [QuestionID: [StudentID: [RubricItem]]]
    /// The scores computed from the rubric (the others were typed or machine-read): question → students.
    public internal(set) var rubricScored: [QuestionID: Set<StudentID>]
    /// True when the pages carry `prepare`'s page codes (a bulk-scanned class): the total keeps clear of them.
    public let printedCodes: Bool
    /// The fields of boxes students write their student number in.
    public let idBoxFields: [IDBoxField]
    /// The versions of the exam, where questions sit on each, their keys and the versions given.
    public let versions: ExamVersions

    /// Assembles a grade book; questions are put in reading order.
    public init(students: [Entry], pagesPerStudent: Int, questions: [Question],
                scores: [QuestionID: [StudentID: Points]], annotations: [Annotation],
                bubbleBlocks: [BubbleBlock] = [], answerKey: [String: [Int: AnswerKey.Entry]] = [:],
                bubbleReadings: [String: [StudentID: [BubbleRowReading]]] = [:], bubbleRows: [QuestionID: BubbleRowRef] = [:],
                rubricItems: [QuestionID: [RubricItem]] = [:], appliedItems: [QuestionID: [StudentID: [RubricItem]]] = [:],
                rubricScored: [QuestionID: Set<StudentID>] = [:], referenceSizes: [PageSize] = [],
                bubblePlacements: [String: [StudentID: BubblePlacement]] = [:], printedCodes: Bool = false,
                idBoxFields: [IDBoxField] = [], versions: ExamVersions = ExamVersions()) {
        self.versions = versions
        self.printedCodes = printedCodes
        self.idBoxFields = idBoxFields
        self.bubblePlacements = bubblePlacements
        self.referenceSizes = referenceSizes
        self.rubricItems = rubricItems
        self.appliedItems = appliedItems
        self.rubricScored = rubricScored
        self.bubbleBlocks = bubbleBlocks
        self.answerKey = answerKey
        self.bubbleReadings = bubbleReadings
        self.bubbleRows = bubbleRows
        self.students = students
        self.pagesPerStudent = pagesPerStudent
        self.questions = NumberedQuestion.inReadingOrder(questions)
        self.scores = scores
        self.annotations = annotations
    }

    /// The score of `student` on `question`.
    public func score(_ question: QuestionID, _ student: StudentID) -> Score {
        scores[question]?[student].map(Score.points) ?? .ungraded
    }

    /// The students, pages and questions, for resolving names.
    public var directory: ProjectDirectory {
        ProjectDirectory(students: students, pagesPerStudent: pagesPerStudent, questions: questions, referenceSizes: referenceSizes)
    }

    /// The question a user means by `name` (see `ProjectDirectory.question(named:)`).
    public func question(named name: String) -> NumberedQuestion? { directory.question(named: name) }

    /// The student a user means by `name` (see `ProjectDirectory.student(named:)`).
    public func student(named name: String) -> StudentID? { directory.student(named: name) }

    /// The rubric items applied to `student` on `question`, when their score comes from them.
    public func itemsScored(_ question: QuestionID, _ student: StudentID) -> [RubricItem] {
        guard rubricScored[question]?.contains(student) == true else { return [] }
        return appliedItems[question]?[student] ?? []
    }

    /// How many of `question`'s students are graded.
    public func gradedCount(_ question: QuestionID) -> Int { scores[question]?.count ?? 0 }
}

extension GradeBook {
    /// The student named, or the rule error that says so.
    public func resolveStudent(_ name: String) throws(GradingError) -> StudentID { try directory.resolveStudent(name) }

    /// The question named, or the rule error listing the known ones.
    public func resolveQuestion(_ name: String) throws(GradingError) -> NumberedQuestion { try directory.resolveQuestion(name) }

    /// The size positions of `page` are measured on when no student is named.
    public func referencePageSize(page: Int) -> PageSize { directory.referencePageSize(page: page) }

    /// The size of `page` (1-based) of `student`'s booklet.
    public func pageSize(_ student: StudentID, page: Int) -> PageSize { students[student.index].pageSizes[page - 1] }

    /// Where `position` (relative to the reference page) lands on `page` of `student`'s booklet:
    /// through the page's alignment, or at the same place relative to the page size when the page
    /// was never aligned or did not match.
    public func place(_ position: RelativePoint, student: StudentID, page: Int) -> PagePoint {
        directory.place(position, student: student, page: page)
    }

    /// The annotation with `id`, or the rule error that says there is none.
    public func resolveAnnotation(_ id: AnnotationID) throws(GradingError) -> Annotation {
        guard let annotation = annotations.first(where: { $0.id == id }) else { throw .unknownAnnotation(id) }
        return annotation
    }

    /// The bubble block with `id`, or the rule error listing the known ones.
    public func resolveBlock(_ id: String) throws(GradingError) -> BubbleBlock {
        guard let block = bubbleBlocks.first(where: { $0.id == id }) else { throw .unknownBlock(id, known: bubbleBlocks.map(\.id)) }
        return block
    }
}
