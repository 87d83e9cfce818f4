import GRDB
import GraderCore

/// Rubric rows, read and written inside one change's transaction.
extension ProjectWriter {
    /// The items of `question`, numbered in list order.
    public func rubricItems(_ question: QuestionID) throws -> [RubricItem] {
        try GradeBookReader.rubricItems(db, question: question)[question] ?? []
    }

    /// Adds an item at the end of `question`'s list; returns its id.
    @discardableResult
    public func insertRubricItem(question: QuestionID, text: String, explanation: String?, points: Points, group: String?) throws -> RubricItemID {
        try db.execute(sql: """
            INSERT INTO rubric_item (question_id, list_order, text, explanation, quarters, item_group)
            VALUES (?, (SELECT COALESCE(MAX(list_order), 0) + 1 FROM rubric_item WHERE question_id = ?), ?, ?, ?, ?)
            """, arguments: [question.rawValue, question.rawValue, text, explanation, points.quarters, group])
        return RubricItemID(db.lastInsertedRowID)
    }

    /// Replaces an item's text, explanation and points.
    public func updateRubricItem(_ item: RubricItem) throws {
        try db.execute(sql: "UPDATE rubric_item SET text = ?, explanation = ?, quarters = ?, item_group = ? WHERE id = ?",
                       arguments: [item.text, item.explanation, item.points.quarters, item.group, item.id.rawValue])
    }

    /// Puts an item at `order` in its question's list.
    public func setListOrder(_ id: RubricItemID, to order: Int) throws {
        try db.execute(sql: "UPDATE rubric_item SET list_order = ? WHERE id = ? AND list_order != ?", arguments: [order, id.rawValue, order])
    }

    /// Removes an item (and where it was applied, and its stamps).
    public func deleteRubricItem(_ id: RubricItemID) throws {
        try deleteStamps(of: [id])
        try db.execute(sql: "DELETE FROM rubric_item WHERE id = ?", arguments: [id.rawValue])
    }

    /// Sets how `question`'s items make its score.
    public func setScoring(_ scoring: RubricScoring, question: QuestionID) throws {
        try db.execute(sql: "UPDATE question SET scoring = ? WHERE id = ?", arguments: [scoring.rawValue, question.rawValue])
    }

    /// Applies or removes `item` for `student`.
    public func setApplied(_ applied: Bool, item: RubricItemID, student: StudentKey) throws {
        if applied {
            try db.execute(sql: "INSERT OR IGNORE INTO applied_item (item_id, student_id) VALUES (?, ?)", arguments: [item.rawValue, student.rawValue])
        } else {
            try db.execute(sql: "DELETE FROM applied_item WHERE item_id = ? AND student_id = ?", arguments: [item.rawValue, student.rawValue])
        }
    }

    /// The ids of the items of `question` applied to `student`.
    public func appliedItemIDs(question: QuestionID, student: StudentKey) throws -> Set<RubricItemID> {
        Set(try Int64.fetchAll(db.cachedStatement(sql: """
            SELECT applied_item.item_id FROM applied_item JOIN rubric_item ON rubric_item.id = applied_item.item_id
            WHERE rubric_item.question_id = ? AND applied_item.student_id = ?
            """), arguments: [question.rawValue, student.rawValue]).map(RubricItemID.init))
    }

    /// The students `item` is applied to.
    public func students(with item: RubricItemID) throws -> [StudentKey] {
        try Int64.fetchAll(db, sql: "SELECT student_id FROM applied_item WHERE item_id = ?", arguments: [item.rawValue]).map(StudentKey.init)
    }

    /// The students whose score on `question` comes from its rubric.
    public func rubricScoredStudents(question: QuestionID) throws -> [StudentKey] {
        try Int64.fetchAll(db, sql: "SELECT student_id FROM score WHERE question_id = ? AND source = 'rubric'",
                           arguments: [question.rawValue]).map(StudentKey.init)
    }

    /// The adjustment kept with `student`'s rubric score on `question` (zero when none).
    public func adjustment(question: QuestionID, student: StudentKey) throws -> Points {
        Points(quarters: try Int.fetchOne(db.cachedStatement(sql: """
            SELECT adjustment_quarters FROM score WHERE question_id = ? AND student_id = ? AND source = 'rubric'
            """), arguments: [question.rawValue, student.rawValue]) ?? 0)
    }

    /// Records a score computed from the rubric (with its adjustment), or clears it when ungraded.
    public func setRubricScore(_ score: Score, adjustment: Points, question: QuestionID, student: StudentKey) throws {
        guard let points = score.earned else { return try setScore(.ungraded, question: question, student: student) }
        // Cached: compiling this statement (with the history triggers it fires) costs more than running it.
        try db.cachedStatement(sql: """
            INSERT INTO score (question_id, student_id, quarters, source, grader, graded_at, adjustment_quarters)
            VALUES (?, ?, ?, 'rubric', ?, ?, ?)
            ON CONFLICT (question_id, student_id) DO UPDATE SET quarters = excluded.quarters, source = excluded.source,
                grader = excluded.grader, graded_at = excluded.graded_at, adjustment_quarters = excluded.adjustment_quarters
            WHERE quarters != excluded.quarters OR source != excluded.source OR adjustment_quarters != excluded.adjustment_quarters
            """).execute(arguments: [question.rawValue, student.rawValue, points.quarters, grader.name, time, adjustment.quarters])
    }
}
