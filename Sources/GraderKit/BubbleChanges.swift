@_spi(Rules) import GraderCore
import GraderStore

/// The bubble rules applied inside a change that is already running: a block's grade boxes and
/// the machine's scores from its readings and the answer key. A score a grader typed is never
/// overwritten by the machine.
enum BubbleChanges {
    /// Checks `block` and adds it with a grade box right of each of its question rows.
    static func insert(_ block: BubbleBlock, in book: GradeBook, writer: ProjectWriter, labels: inout Set<String>) throws {
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

    /// Scores every bubble row from its reading (in the exam's order, through the student's version)
    /// and the key; leaves graders' own scores alone.
    static func regrade(_ writer: ProjectWriter) throws {
        let book = try writer.gradeBook()
        let sources = try writer.scoreSources()
        for numbered in book.questions {
            guard let ref = book.bubbleRows[numbered.question.id], let block = book.bubbleBlocks.first(where: { $0.id == ref.block }) else { continue }
            for (index, entry) in book.students.enumerated() {
                let source = sources[numbered.question.id]?[entry.key]
                guard source != "grader" else { continue }
                // A copy of unknown version has no readings in the exam's order: it is left for a person.
                if let rows = book.examReadings(block: block, student: StudentID(index)),
                   let score = machineScore(rows, row: ref, block: block, key: book.answerKey[ref.block]?[ref.row]) {
                    try writer.setScore(score, question: numbered.question.id, student: entry.key, source: "omr")
                } else if source == "omr" {
                    try writer.setScore(.ungraded, question: numbered.question.id, student: entry.key)
                }
            }
        }
    }

    /// The machine's score of question row `ref` from its block's `rows` as read and the key; nil
    /// when it may not say (a row to review, no key).
    static func machineScore(_ rows: [BubbleRowReading], row ref: BubbleRowRef, block: BubbleBlock, key: AnswerKey.Entry?) -> Score? {
        block.kind == .numeric ? NumericAnswer.score(rows, key: key, block: block)
            : rows.first { $0.row == ref.row }.flatMap { BubbleScoring.score($0.reading, key: key, block: block) }
    }
}
