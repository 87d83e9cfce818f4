import GraderCore

/// The grading changes a user makes, each one undoable step by this store's grader, with the
/// core's rules applied inside the transaction (so two graders never validate against stale
/// data). Each reads only the rows it needs, so a change costs the same at 1,000 students.
extension ProjectStore {
    /// Puts a grade box on `page` at `position`, measured on the page of `student` (default: the
    /// first student); it appears for every student as "?".
    public func addQuestion(_ spec: QuestionSpec, measuredOn student: StudentKey? = nil) throws -> NumberedQuestion {
        try addQuestions([spec], description: "add question on page \(spec.page)", measuredOn: student)[0]
    }

    /// Adds several questions as one change (a rubric): all of them, or none when one is refused.
    public func addQuestions(_ specs: [QuestionSpec], description: String, measuredOn student: StudentKey? = nil) throws -> [NumberedQuestion] {
        try change(description) { writer in
            let directory = try writer.directory()
            let owner = try student.map { key throws(GradingError) in try directory.resolveStudent(key: key) }
            var labels = Set(directory.questions.compactMap(\.question.label))
            let added = try Self.insert(specs, in: directory, measuredOn: owner, writer: writer, labels: &labels)
            let numbered = try writer.directory()
            return try added.map { id throws(GradingError) in try numbered.resolveQuestion(id: id) }
        }
    }

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

    /// Checks `spec` against the rules without adding it; `labels` collects the labels taken.
    public func checkQuestion(_ spec: QuestionSpec, labels: inout Set<String>) throws {
        _ = try Self.checked(spec, in: try directory(), measuredOn: nil, labels: &labels)
    }

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

    /// Changes a question's maximum for everyone (a curve). Refused when a score would exceed it.
    public func setMaximum(question id: QuestionID, to max: Points) throws -> NumberedQuestion {
        try change("set maximum of \(try directory().resolveQuestion(id: id).name) to \(max)") { writer in
            try Self.setMaximum(id, to: max, writer)
        }
    }

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
        try Self.rescore(id, students: try writer.rubricScoredStudents(question: id), writer)
        return try writer.directory().resolveQuestion(id: id)
    }

    /// Moves, resizes and re-maximises a question's box as one undoable step, each part read and
    /// checked inside it (what a grading view's drag and edit of a box sends at once); a part
    /// refused refuses the whole.
    public func editQuestion(_ id: QuestionID, _ edit: QuestionEdit, measuredOn student: StudentKey? = nil) throws -> NumberedQuestion {
        try change("edit question \(try directory().resolveQuestion(id: id).name)") { writer in
            var edited = try writer.directory().resolveQuestion(id: id)
            if let move = edit.move { edited = try Self.move(id, move, measuredOn: student, writer) }
            if edit.width != nil || edit.height != nil {
                let current = edited.question.size
                edited = try Self.resize(id, to: BoxSize(width: edit.width ?? current.width, height: edit.height ?? current.height), writer)
            }
            if let max = edit.max { edited = try Self.setMaximum(id, to: max, writer) }
            if let label = edit.label { edited = try Self.rename(id, to: label, writer) }
            return edited
        }
    }

    /// Moves a question's box for everyone, measured on the first student's page, as one undoable
    /// step; refused when the box would leave the page. Returns the question as numbered after the
    /// move (an unlabelled question's p<page>q<n> name follows its new place in reading order).
    /// With `student`, the move is measured on that student's page (as a grading view drags it) and
    /// carried back to the reference page through the page's alignment.
    public func moveQuestion(_ id: QuestionID, _ move: QuestionMove, measuredOn student: StudentKey? = nil) throws -> NumberedQuestion {
        try change("move question \(try directory().resolveQuestion(id: id).name)") { writer in
            try Self.move(id, move, measuredOn: student, writer)
        }
    }

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

    /// Gives a question's box a new width and height (points) for everyone, its top-left corner
    /// kept, as one undoable step; refused when the box would reach off the page.
    public func resizeQuestion(_ id: QuestionID, to size: BoxSize) throws -> NumberedQuestion {
        try change("resize question \(try directory().resolveQuestion(id: id).name) to \(size)") { writer in
            try Self.resize(id, to: size, writer)
        }
    }

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

    /// Removes a question (and its scores) for everyone; when other graders scored it, only with
    /// `overwrite` (the step says so).
    public func removeQuestion(_ id: QuestionID, overwrite: Bool = false) throws {
        try change("remove question \(try directory().resolveQuestion(id: id).name)") { writer in
            let question = try writer.directory().resolveQuestion(id: id).question.id
            try writer.take(try writer.othersScores(question: question), overwrite: overwrite, as: "removing")
            try writer.deleteQuestion(question)
        }
    }

    /// Sets one student's score on one question (`.ungraded` clears it). With `expected`, the
    /// value the grader saw, the write is refused when another grader changed it meanwhile;
    /// without, it is refused when it would replace another grader's score, unless `overwrite`
    /// says so (the step then says whose score it replaced).
    @discardableResult
    public func setScore(_ score: Score, student: StudentKey, question: QuestionID, expected: Score? = nil, overwrite: Bool = false) throws -> Score {
        try change(describedBy: { writer in
            "score \(try writer.studentName(student)) on \(try writer.question(question).name): \(score)"
        }) { writer in
            let name = try writer.studentName(student)
            let current = try writer.question(question)
            let checked = try GradingRules.fits(score, current)
            if let expected {
                try writer.checkUnchanged(expected, question: question, student: student, names: (name, current.name))
            } else if let theirs = try writer.othersScore(replacedBy: checked, question: question, student: student) {
                guard overwrite else {
                    throw GradingError.othersScores([ForeignScore(student: name, question: current.name, score: .points(theirs.points), grader: theirs.grader)])
                }
                try writer.redescribe("score \(name) on \(current.name): \(checked) (overwriting \(theirs.grader)'s \(theirs.points))")
            }
            try writer.setScore(checked, question: question, student: student)
            return checked
        }
    }

    /// Removes a student with their scores and annotations; when other graders scored them, only
    /// with `overwrite` (the step says so).
    public func removeStudent(_ key: StudentKey, overwrite: Bool = false) throws {
        let directory = try directory()
        try change("remove student \(directory.students[try directory.resolveStudent(key: key).index].student.name)") { writer in
            _ = try writer.directory().resolveStudent(key: key)
            try writer.take(try writer.othersScores(student: key), overwrite: overwrite, as: "removing")
            try writer.deleteStudent(key)
        }
    }

    /// Sets many scores as one undoable change (a table import): all land or none. Scores other
    /// graders gave are replaced only with `overwrite`.
    public func applyScores(_ entries: [ScoreImport.Entry], description: String, overwrite: Bool = false) throws {
        try change(description) { writer in
            let replaced = try entries.compactMap { entry in
                try writer.othersScore(replacedBy: entry.score, question: entry.question, student: entry.student).map { theirs in
                    ForeignScore(student: try writer.studentName(entry.student), question: try writer.question(entry.question).name,
                                 score: .points(theirs.points), grader: theirs.grader)
                }
            }
            try writer.take(replaced, overwrite: overwrite, as: "replacing")
            for entry in entries { try writer.setScore(entry.score, question: entry.question, student: entry.student) }
        }
    }
}

extension String {
    var nilIfEmpty: String? { isEmpty ? nil : self }
}
