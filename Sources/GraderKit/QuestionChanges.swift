@_spi(Rules) import GraderCore
import GraderStore

/// The question rules applied inside a change that is already running (so every check reads
/// the rows as they stand in that transaction): adding, re-maximising, moving, resizing and
/// renaming a grade box.
enum QuestionChanges {
    /// Checks each spec against the rules and inserts it; `labels` collects the labels taken.
    static func insert(_ specs: [QuestionSpec], in directory: ProjectDirectory, measuredOn owner: StudentID?, writer: ProjectWriter,
                       labels: inout Set<String>) throws -> [QuestionID] {
        try specs.map { spec in
            let question = try checked(spec, in: directory, measuredOn: owner, labels: &labels)
            let id = try writer.insertQuestion(page: question.page, position: question.position, size: question.size,
                                               maxPoints: question.maxPoints, label: question.label)
            if spec.scoring != .deductions { try writer.setScoring(spec.scoring, question: id) }
            for item in spec.items {
                try writer.insertRubricItem(question: id, text: try RubricRules.text(item.text), explanation: item.explanation,
                                            points: item.points, group: item.group)
            }
            return id
        }
    }

    /// Checks `spec` against the rules: the question it makes (id 0); `labels` collects the labels taken.
    static func checked(_ spec: QuestionSpec, in directory: ProjectDirectory, measuredOn owner: StudentID?,
                        labels: inout Set<String>) throws(GradingError) -> Question {
        let page = try GradingRules.page(spec.page, pages: directory.pagesPerStudent)
        guard spec.maxPoints > .zero else { throw .badMaximum(spec.maxPoints.description) }
        let pageSize = owner.map { directory.pageSize($0, page: page) } ?? directory.referencePageSize(page: page)
        // Measured on an aligned student's page: carried back to the reference page through its alignment.
        let alignment = owner.flatMap { directory.students[$0.index].alignment(page: page)?.transform }
            .map { (transform: $0, reference: directory.referencePageSize(page: page)) }
        let label = try GradingRules.label(spec.label)
        let box = try GradingRules.boxSize(spec.size)
        let relative = try GradingRules.box(at: spec.position, size: box, question: label ?? "the new question", page: page,
                                            pageSize: pageSize, through: alignment)
        if let label {
            guard labels.insert(label).inserted else { throw .duplicateLabel(label) }
        }
        return Question(id: QuestionID(0), page: page, position: relative, size: box, maxPoints: spec.maxPoints, label: label)
    }

    /// Sets a question's maximum inside a change; refused when a typed score would exceed it.
    static func setMaximum(_ id: QuestionID, to max: Points, _ writer: ProjectWriter) throws -> NumberedQuestion {
        let book = try writer.gradeBook()
        let question = try book.directory.resolveQuestion(id: id)
        guard max > .zero else { throw GradingError.badMaximum(max.description) }
        // Scores from the rubric follow the new maximum; typed ones must already fit it.
        let fromRubric = book.rubricScored[id] ?? []
        let over = (book.scores[id] ?? [:]).filter { $0.value > max && !fromRubric.contains($0.key) }.keys.sorted()
        guard over.isEmpty else {
            throw GradingError.maximumBelowScores(question: question.name, max: max,
                                                  students: over.map { book.students[$0.index].student.name })
        }
        try writer.updateMaximum(id, to: max)
        try RubricChanges.rescore(id, students: try writer.rubricScoredStudents(question: id), writer)
        return try writer.directory().resolveQuestion(id: id)
    }

    /// Moves a question's box inside a change, measured on `student`'s page when given.
    static func move(_ id: QuestionID, _ move: QuestionMove, measuredOn student: StudentKey?, _ writer: ProjectWriter) throws -> NumberedQuestion {
        let directory = try writer.directory()
        let question = try directory.resolveQuestion(id: id)
        let page = question.question.page
        let owner = try student.map { key throws(GradingError) in try directory.resolveStudent(key: key) }
        let destination: RelativePoint
        if let owner, let transform = directory.students[owner.index].alignment(page: page)?.transform {
            destination = try move.destination(of: question, size: directory.pageSize(owner, page: page),
                                               from: directory.place(question.question.position, student: owner, page: page),
                                               through: (transform, directory.referencePageSize(page: page)))
        } else {
            destination = try move.destination(of: question, size: directory.referencePageSize(page: page))
        }
        try writer.updatePosition(id, to: destination)
        return try writer.directory().resolveQuestion(id: id)
    }

    /// Resizes a question's box inside a change; refused when it would reach off the page.
    static func resize(_ id: QuestionID, to size: BoxSize, _ writer: ProjectWriter) throws -> NumberedQuestion {
        let directory = try writer.directory()
        let numbered = try directory.resolveQuestion(id: id)
        let question = numbered.question, pageSize = directory.referencePageSize(page: question.page)
        let box = try GradingRules.boxSize(size)
        _ = try GradingRules.box(at: PagePosition(question.position.point(on: pageSize)), size: box, question: numbered.name,
                                 page: question.page, pageSize: pageSize)
        try writer.updateSize(id, to: box)
        return try writer.directory().resolveQuestion(id: id)
    }

    /// Gives a question a new name (its label), refused when another question answers to it;
    /// a blank name gives it back its p<page>q<n> name.
    static func rename(_ id: QuestionID, to text: String, _ writer: ProjectWriter) throws -> NumberedQuestion {
        let label = try GradingRules.label(text)
        let others = try writer.directory().questions.filter { $0.question.id != id }
        if let label, others.contains(where: { $0.name.caseInsensitiveCompare(label) == .orderedSame }) {
            throw GradingError.duplicateLabel(label)
        }
        try writer.updateLabel(id, to: label)
        return try writer.directory().resolveQuestion(id: id)
    }
}
