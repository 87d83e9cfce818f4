import GRDB
import GraderCore

/// Rubric items: added, edited, removed and applied, each one undoable step. A score computed
/// from items follows every edit at once; a score a grader typed is never changed by one.
extension ProjectStore {
    /// Adds an item at the end of `question`'s list.
    public func addRubricItem(question: QuestionID, text: String, explanation: String? = nil, points: Points,
                              group: String? = nil) throws -> RubricItem {
        try change(describedBy: { writer in "add rubric item to \(try writer.question(question).name)" }) { writer in
            _ = try writer.question(question)
            _ = try writer.insertRubricItem(question: question, text: try RubricRules.text(text),
                                                 explanation: explanation?.trimmingCharacters(in: .whitespacesAndNewlines).nilIfEmpty,
                                                 points: points, group: group?.trimmingCharacters(in: .whitespaces).nilIfEmpty)
            return try Self.item(try writer.rubricItems(question).count, of: question, writer)
        }
    }

    /// Changes item `number` of `question` (text, explanation, points: each when given) and
    /// re-scores every student whose score comes from it.
    public func editRubricItem(question: QuestionID, number: Int, text: String? = nil, explanation: String? = nil,
                               points: Points? = nil) throws -> RubricItem {
        try change(describedBy: { writer in "edit rubric item \(number) of \(try writer.question(question).name)" }) { writer in
            var item = try Self.item(number, of: question, writer)
            if let text { item.text = try RubricRules.text(text) }
            if let explanation { item.explanation = explanation.trimmingCharacters(in: .whitespacesAndNewlines).nilIfEmpty }
            if let points { item.points = points }
            try writer.updateRubricItem(item)
            try Self.rescore(question, students: try writer.students(with: item.id), writer)
            return item
        }
    }

    /// Removes item `number` of `question` and re-scores the students who had it.
    public func removeRubricItem(question: QuestionID, number: Int) throws {
        try change(describedBy: { writer in "remove rubric item \(number) of \(try writer.question(question).name)" }) { writer in
            let item = try Self.item(number, of: question, writer)
            let students = try writer.students(with: item.id)
            try writer.deleteRubricItem(item.id)
            try Self.rescore(question, students: students, writer)
        }
    }

    /// Moves item `number` of `question` to `position` (1-based, within the list) as one step:
    /// the items are numbered in their new order; who has which item and every score stay.
    public func moveRubricItem(question: QuestionID, number: Int, to position: Int) throws {
        try change(describedBy: { writer in "move rubric item \(number) of \(try writer.question(question).name) to \(position)" }) { writer in
            var items = try writer.rubricItems(question)
            let item = try Self.item(number, in: items, question: try writer.question(question).name)
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
        try change(describedBy: { writer in "score \(try writer.question(question).name) by \(scoring.rawValue)" }) { writer in
            try writer.setScoring(scoring, question: question)
            try Self.rescore(question, students: try writer.rubricScoredStudents(question: question), writer)
        }
    }

    /// Applies items `add` and removes items `remove` (numbers) on `student`'s `question`, with
    /// an adjustment when given; the score then comes from the rubric. Returns it.
    /// With `expected` (the score the grader saw), refused when another grader changed it
    /// meanwhile; without, on an answer another grader scored, unless `overwrite`.
    @discardableResult
    public func applyRubricItems(student: StudentKey, question: QuestionID, add: [Int], remove: [Int] = [],
                                 adjustment: Points? = nil, expected: Score? = nil, overwrite: Bool = false) throws -> Score {
        try change(describedBy: { writer in
            "rubric \(try writer.studentName(student)) on \(try writer.question(question).name): "
                + (add.map { "+\($0)" } + remove.map { "−\($0)" }).joined(separator: " ")
        }) { writer in
            let name = try writer.question(question).name
            let studentName = try writer.studentName(student)
            if let expected { try writer.checkUnchanged(expected, question: question, student: student, names: (studentName, name)) }
            let before = expected == nil ? try writer.scoreRecord(question: question, student: student) : nil
            let items = try writer.rubricItems(question)
            let current = try writer.appliedItemIDs(question: question, student: student)
            let removed = try remove.map { try Self.item($0, in: items, question: name) }
            let kept = items.filter { current.contains($0.id) && !removed.contains($0) }
            let applied = try RubricRules.applying(try add.map { try Self.item($0, in: items, question: name) }, to: kept, question: name)
            let score = try Self.setApplied(applied, of: items, student: student, question: question, adjustment: adjustment, writer)
            // Items put on or taken off an answer another grader scored change their grading, whatever the total.
            if let before, before.isAnotherGradersThan(grader) {
                let theirs = ForeignScore(student: studentName, question: name, score: .points(before.points), grader: before.grader)
                try writer.take([theirs], overwrite: overwrite, as: "replacing")
            }
            return score
        }
    }

    /// Makes exactly the items `numbers` of `question` applied to `student` (groups checked) and
    /// scores them, inside a change that is already running (a table import).
    @discardableResult
    public static func setApplied(_ numbers: Set<Int>, student: StudentKey, question: QuestionID, _ writer: ProjectWriter) throws -> Score {
        let name = try writer.question(question).name
        let items = try writer.rubricItems(question)
        let wanted = try numbers.sorted().map { try item($0, in: items, question: name) }
        return try setApplied(try RubricRules.applying(wanted, to: [], question: name), of: items, student: student, question: question,
                              adjustment: nil, writer)
    }

    private static func setApplied(_ applied: [RubricItem], of items: [RubricItem], student: StudentKey, question: QuestionID,
                                   adjustment: Points?, _ writer: ProjectWriter) throws -> Score {
        for item in items { try writer.setApplied(applied.contains(item), item: item.id, student: student) }
        return try score(question, student: student, adjustment: try adjustment ?? writer.adjustment(question: question, student: student), writer)
    }

    /// Re-scores `students` on `question` from their items, where their score comes from the rubric.
    static func rescore(_ question: QuestionID, students: [StudentKey], _ writer: ProjectWriter) throws {
        let fromRubric = Set(try writer.rubricScoredStudents(question: question))
        let rubric = try QuestionRubric(question, writer)
        for student in students where fromRubric.contains(student) {
            _ = try rubric.score(student, adjustment: try writer.adjustment(question: question, student: student), writer)
        }
    }

    /// Computes and records `student`'s rubric score on `question`.
    private static func score(_ question: QuestionID, student: StudentKey, adjustment: Points, _ writer: ProjectWriter) throws -> Score {
        try QuestionRubric(question, writer).score(student, adjustment: adjustment, writer)
    }

    /// A question's maximum, scoring and items, read once for scoring many students.
    private struct QuestionRubric {
        let question: NumberedQuestion
        let items: [RubricItem]

        init(_ id: QuestionID, _ writer: ProjectWriter) throws {
            question = try writer.question(id)
            items = try writer.rubricItems(id)
        }

        func score(_ student: StudentKey, adjustment: Points, _ writer: ProjectWriter) throws -> Score {
            let applied = try writer.appliedItemIDs(question: question.question.id, student: student)
            let score = RubricRules.score(max: question.question.maxPoints, scoring: question.question.scoring,
                                          applied: items.filter { applied.contains($0.id) }, adjustment: adjustment)
            try writer.setRubricScore(score, adjustment: adjustment, question: question.question.id, student: student)
            return score
        }
    }

    private static func item(_ number: Int, of question: QuestionID, _ writer: ProjectWriter) throws -> RubricItem {
        try item(number, in: try writer.rubricItems(question), question: try writer.question(question).name)
    }

    private static func item(_ number: Int, in items: [RubricItem], question: String) throws(GradingError) -> RubricItem {
        guard let item = items.first(where: { $0.number == number }) else {
            throw .unknownRubricItem(question: question, number: number, count: items.count)
        }
        return item
    }
}

extension ProjectStore {
    /// The items of `question`, numbered in list order.
    public func rubricItems(question: QuestionID) throws -> [RubricItem] {
        try read { db in try GradeBookReader.rubricItems(db, question: question)[question] ?? [] }
    }

    /// How many students each item of `question` is applied to.
    public func rubricUsage(question: QuestionID) throws -> [RubricItemID: Int] {
        try read { db in
            Dictionary(uniqueKeysWithValues: try Row.fetchAll(db, sql: """
                SELECT rubric_item.id AS item, COUNT(applied_item.id) AS uses FROM rubric_item
                LEFT JOIN applied_item ON applied_item.item_id = rubric_item.id
                WHERE rubric_item.question_id = ? GROUP BY rubric_item.id
                """, arguments: [question.rawValue]).map { (RubricItemID($0["item"]), $0["uses"] as Int) })
        }
    }
}
