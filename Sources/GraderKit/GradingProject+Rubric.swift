@_spi(Rules) import GraderCore
import GraderStore

/// Rubric items: added, edited, removed and applied, each one undoable step. A score computed
/// from items follows every edit at once; a score a grader typed is never changed by one.
extension GradingProject {
    /// The items of `question`, numbered in list order.
    public func rubricItems(question: QuestionID) throws -> [RubricItem] { try store.rubricItems(question: question) }

    /// How many students each item of `question` is applied to.
    public func rubricUsage(question: QuestionID) throws -> [RubricItemID: Int] { try store.rubricUsage(question: question) }

    /// Adds an item at the end of `question`'s list.
    public func addRubricItem(question: QuestionID, text: String, explanation: String? = nil, points: Points,
                              group: String? = nil) throws -> RubricItem {
        try permit(.editRubric)
        return try store.change(describedBy: { writer in "add rubric item to \(try writer.question(question).name)" }) { writer in
            _ = try writer.question(question)
            _ = try writer.insertRubricItem(question: question, text: try RubricRules.text(text), explanation: RubricRules.explanation(explanation),
                                            points: points, group: RubricRules.group(group))
            return try RubricChanges.item(try writer.rubricItems(question).count, of: question, writer)
        }
    }

    /// Changes item `number` of `question` (text, explanation, points: each when given) and
    /// re-scores every student whose score comes from it.
    public func editRubricItem(question: QuestionID, number: Int, text: String? = nil, explanation: String? = nil,
                               points: Points? = nil) throws -> RubricItem {
        try permit(.editRubric)
        return try store.change(describedBy: { writer in "edit rubric item \(number) of \(try writer.question(question).name)" }) { writer in
            var item = try RubricChanges.item(number, of: question, writer)
            if let text { item.text = try RubricRules.text(text) }
            if let explanation { item.explanation = RubricRules.explanation(explanation) }
            if let points { item.points = points }
            try writer.updateRubricItem(item)
            try RubricChanges.rescore(question, students: try writer.students(with: item.id), writer)
            return item
        }
    }

    /// Removes item `number` of `question` and re-scores the students who had it.
    public func removeRubricItem(question: QuestionID, number: Int) throws {
        try permit(.editRubric)
        try store.change(describedBy: { writer in "remove rubric item \(number) of \(try writer.question(question).name)" }) { writer in
            let item = try RubricChanges.item(number, of: question, writer)
            let students = try writer.students(with: item.id)
            try writer.deleteRubricItem(item.id)
            try RubricChanges.rescore(question, students: students, writer)
        }
    }

    /// Moves item `number` of `question` to `position` (1-based, within the list) as one step:
    /// the items are numbered in their new order; who has which item and every score stay.
    public func moveRubricItem(question: QuestionID, number: Int, to position: Int) throws {
        try permit(.editRubric)
        try store.change(describedBy: { writer in "move rubric item \(number) of \(try writer.question(question).name) to \(position)" }) { writer in
            var items = try writer.rubricItems(question)
            let item = try RubricChanges.item(number, in: items, question: try writer.question(question).name)
            guard (1...items.count).contains(position) else {
                throw GradingError.unknownRubricItem(question: try writer.question(question).name, number: position, count: items.count)
            }
            items.removeAll { $0.id == item.id }
            items.insert(item, at: position - 1)
            for (index, moved) in items.enumerated() { try writer.setListOrder(moved.id, to: index + 1) }
        }
    }

    /// Scores `question` from the maximum down or from zero up, re-scoring its rubric scores.
    public func setScoring(_ scoring: RubricScoring, question: QuestionID) throws {
        try permit(.editRubric)
        try store.change(describedBy: { writer in "score \(try writer.question(question).name) by \(scoring.rawValue)" }) { writer in
            try writer.setScoring(scoring, question: question)
            try RubricChanges.rescore(question, students: try writer.rubricScoredStudents(question: question), writer)
        }
    }

    /// Applies items `add` and removes items `remove` (numbers) on `student`'s `question`, with
    /// an adjustment when given; the score then comes from the rubric (a graded answer whose last
    /// item comes off keeps what no item gives, never "?"). Returns it.
    /// With `expected` (the score the grader saw), refused when another grader changed it
    /// meanwhile; without, on an answer another grader scored, unless `overwrite`.
    @discardableResult
    public func applyRubricItems(student: StudentKey, question: QuestionID, add: [Int], remove: [Int] = [],
                                 adjustment: Points? = nil, expected: Score? = nil, overwrite: Bool = false) throws -> Score {
        try permit(overwrite ? .override : .applyRubric)
        return try store.change(describedBy: { writer in
            "rubric \(try writer.studentName(student)) on \(try writer.question(question).name): "
                + (add.map { "+\($0)" } + remove.map { "−\($0)" }).joined(separator: " ")
        }) { writer in
            let (score, changes) = try applyItems(writer, student: student, question: question, add: add, remove: remove, adjustment: adjustment,
                                                  expected: expected, overwrite: overwrite)
            try writer.leaveAnswerGroups(question: question, student: student)
            if let changes { writer.declareViewChanges(changes) }
            return score
        }
    }

    /// Applies items `add` and removes items `remove` on one answer inside a change, as
    /// `applyRubricItems` does; returns the score and what it changes in the views (nil when
    /// stamps went with items, which the views must read afresh).
    func applyItems(_ writer: ProjectWriter, student: StudentKey, question: QuestionID, add: [Int], remove: [Int], adjustment: Points?,
                    expected: Score?, overwrite: Bool) throws -> (Score, [ViewChange]?) {
        let name = try writer.question(question).name
        let studentName = try writer.studentName(student)
        if let expected { try writer.checkUnchanged(expected, question: question, student: student, names: (studentName, name)) }
        let before = expected == nil ? try writer.scoreRecord(question: question, student: student) : nil
        let items = try writer.rubricItems(question)
        let current = try writer.appliedItemIDs(question: question, student: student)
        let removed = try remove.map { try RubricChanges.item($0, in: items, question: name) }
        let kept = items.filter { current.contains($0.id) && !removed.contains($0) }
        let applied = try RubricRules.applying(try add.map { try RubricChanges.item($0, in: items, question: name) }, to: kept, question: name)
        let wasGraded = try before ?? writer.scoreRecord(question: question, student: student) != nil
        let (score, byRubric, removedStamps) = try RubricChanges.setApplied(applied, of: items, student: student, question: question,
                                                                            adjustment: adjustment, keepingGraded: wasGraded, writer)
        try RubricChanges.takeOver(before, names: (studentName, name), by: grader, overwrite: overwrite, writer)
        let changes: [ViewChange] = [.applied(question: question, student: student, items: applied),
                                     .score(question: question, student: student, points: score.earned, byRubric: byRubric)]
        return (score, removedStamps ? nil : changes)
    }
}
