@_spi(Rules) import GraderCore
import GraderStore

/// Bubble blocks, the answer key and machine readings. Machine scores are marked "omr"; a score
/// a grader typed is never overwritten by the machine, and changing the key re-grades everyone.
extension GradingProject {
    /// Adds a rubric's questions, bubble blocks (a question per answer row) and student-number
    /// box fields as one change.
    package func applyRubric(questions: [QuestionSpec], blocks: [BubbleBlock], idFields: [IDBoxField] = [], description: String) throws -> Int {
        try store.change(description) { writer in
            var book = try writer.gradeBook()
            for field in idFields {
                _ = try GradingRules.page(field.page, pages: book.pagesPerStudent)
                guard !book.idBoxFields.contains(where: { $0.id == field.id }), idFields.filter({ $0.id == field.id }).count == 1 else {
                    throw GradingError.duplicateIDField(field.id)
                }
                try writer.insertIDBoxField(field)
            }
            var labels = Set(book.questions.compactMap(\.question.label))
            _ = try QuestionChanges.insert(questions, in: book.directory, measuredOn: nil, writer: writer, labels: &labels)
            for block in blocks {
                try BubbleChanges.insert(block, in: book, writer: writer, labels: &labels)
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
        try permit(.editKeys)
        return try store.change("set answer key of \(id)") { writer in
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
            try BubbleChanges.regrade(writer)
            return key
        }
    }

    /// Records the machine's readings and scores them against the key, as one change.
    package func recordReadings(_ readings: [(student: StudentKey, block: String, rows: [BubbleRowReading], placement: BubblePlacement)],
                               description: String) throws {
        try store.change(description) { writer in
            for reading in readings {
                for row in reading.rows { try writer.setBubbleReading(row, block: reading.block, student: reading.student) }
                try writer.setBubblePlacement(reading.placement, block: reading.block, student: reading.student)
            }
            try BubbleChanges.regrade(writer)
        }
    }
}
