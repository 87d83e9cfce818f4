import GraderCore

/// Bubble blocks, the answer key and machine readings. Machine scores are marked "omr"; a score
/// a grader typed is never overwritten by the machine, and changing the key re-grades everyone.
extension ProjectStore {
    /// Adds a rubric's questions and bubble blocks (a question per answer row) as one change.
    public func applyRubric(questions: [QuestionSpec], blocks: [BubbleBlock], description: String) throws -> Int {
        try change(description) { writer in
            var book = try writer.gradeBook()
            var labels = Set(book.questions.compactMap(\.question.label))
            _ = try Self.insert(questions, in: book.directory, measuredOn: nil, writer: writer, labels: &labels)
            for block in blocks {
                try Self.insert(block, in: book, writer: writer, labels: &labels)
                book = try writer.gradeBook()
            }
            return questions.count + blocks.reduce(0) { $0 + $1.questionRows.count }
        }
    }

    /// Sets a block's answer key and re-grades every machine-read row, as one change. `answers`
    /// is the one-line form ("A,C,B,…"), or with `file` (its name, for messages) the text of a key
    /// file (`AnswerKey.parse`). A question given its own points gets them as its maximum; one
    /// whose points came from the previous key and has none now goes back to the block's.
    /// Nothing is changed when the key does not fit, or a typed score exceeds a new maximum.
    public func setAnswerKey(block id: String, answers: String, file: String? = nil) throws -> AnswerKey {
        try change("set answer key of \(id)") { writer in
            let book = try writer.gradeBook()
            let block = try book.resolveBlock(id)
            let key = try AnswerKey.parse(answers, file: file, block: block)
            let previous = book.answerKey[block.id] ?? [:]
            let sources = try writer.scoreSources()
            for numbered in book.questions {
                guard let ref = book.bubbleRows[numbered.question.id], ref.block == block.id, key.rows.indices.contains(ref.row) else { continue }
                let question = numbered.question.id
                guard let max = key.rows[ref.row].points ?? (previous[ref.row]?.points == nil ? nil : block.pointsPerQuestion),
                      max != numbered.question.maxPoints else { continue }
                // Machine scores are re-graded below; the others must fit the new maximum.
                let over = (book.scores[question] ?? [:]).filter { student, points in
                    points > max && sources[question]?[book.students[student.index].key] != "omr"
                }.keys.sorted()
                guard over.isEmpty else {
                    throw GradingError.maximumBelowScores(question: numbered.name, max: max,
                                                          students: over.map { book.students[$0.index].student.name })
                }
                try writer.updateMaximum(question, to: max)
            }
            try writer.setAnswerKey(key, block: block.id)
            try Self.regrade(writer)
            return key
        }
    }

    /// Records the machine's readings and scores them against the key, as one change.
    public func recordReadings(_ readings: [(student: StudentKey, block: String, rows: [BubbleRowReading], placement: BubblePlacement)],
                               description: String) throws {
        try change(description) { writer in
            for reading in readings {
                for row in reading.rows { try writer.setBubbleReading(row, block: reading.block, student: reading.student) }
                try writer.setBubblePlacement(reading.placement, block: reading.block, student: reading.student)
            }
            try Self.regrade(writer)
        }
    }

    private static func insert(_ block: BubbleBlock, in book: GradeBook, writer: ProjectWriter, labels: inout Set<String>) throws {
        if let problem = block.problem { throw GradingError.badBubbleBlock(block.id, problem: problem) }
        _ = try GradingRules.page(block.page, pages: book.pagesPerStudent)
        guard !book.bubbleBlocks.contains(where: { $0.id == block.id }) else { throw GradingError.duplicateBlockID(block.id) }
        try writer.insertBubbleBlock(block)
        let size = book.referencePageSize(page: block.page)
        for row in block.questionRows {
            guard let label = block.questionLabel(row: row) else { continue }
            guard labels.insert(label).inserted else { throw GradingError.duplicateLabel(label) }
            // The box goes right of the row (of a numeric field's top right bubble).
            let right = block.kind == .numeric ? block.centre(row: block.rows - 1, choice: 0) : block.centre(row: row, choice: block.choices.count - 1)
            // Rows closer than a standard box is tall get boxes that fit between them.
            let pitch = block.rows > 1 && !block.kind.isDigitGrid ? block.rowSpacing : .infinity
            let boxSize = BoxSize(width: pitch < 24 ? 44 : BoxSize.standard.width, height: min(BoxSize.standard.height, max(8, pitch - 1)))
            let corner = PagePoint(x: min(right.x + block.bubbleDiameter, size.width - boxSize.width),
                                   y: max(0, right.y - boxSize.height / 2))
            guard let position = RelativePoint(corner, on: size) else {
                throw GradingError.positionOffPage(x: corner.x, y: corner.y, page: block.page, size: size)
            }
            try writer.insertQuestion(page: block.page, position: position, size: boxSize, maxPoints: block.pointsPerQuestion, label: label,
                                      bubble: BubbleRowRef(block: block.id, row: row))
        }
    }

    /// Scores every bubble row from its reading and the key; leaves graders' own scores alone.
    private static func regrade(_ writer: ProjectWriter) throws {
        let book = try writer.gradeBook()
        let sources = try writer.scoreSources()
        for numbered in book.questions {
            guard let ref = book.bubbleRows[numbered.question.id], let block = book.bubbleBlocks.first(where: { $0.id == ref.block }) else { continue }
            for (index, entry) in book.students.enumerated() {
                let source = sources[numbered.question.id]?[entry.key]
                guard source != "grader" else { continue }
                let rows = book.bubbleReadings[ref.block]?[StudentID(index)] ?? []
                let key = book.answerKey[ref.block]?[ref.row]
                let score = block.kind == .numeric ? NumericAnswer.score(rows, key: key, block: block)
                    : rows.first { $0.row == ref.row }.flatMap { BubbleScoring.score($0.reading, key: key, block: block) }
                if let score {
                    try writer.setScore(score, question: numbered.question.id, student: entry.key, source: "omr")
                } else if source == "omr" {
                    try writer.setScore(.ungraded, question: numbered.question.id, student: entry.key)
                }
            }
        }
    }
}

extension GradeBook {
    /// The bubble block with `id`, or the rule error listing the known ones.
    public func resolveBlock(_ id: String) throws(GradingError) -> BubbleBlock {
        guard let block = bubbleBlocks.first(where: { $0.id == id }) else { throw .unknownBlock(id, known: bubbleBlocks.map(\.id)) }
        return block
    }
}
