import GRDB
import GraderCore

extension ProjectWriter {
    /// The confirmed answer groups of `question` as they stand in this transaction, largest first.
    public func answerGroups(question: QuestionID) throws -> [AnswerGroup] { try AnswerGroupRows.read(db, question: question) }

    /// Stores a group of `question` holding `members`, taking each out of any other group of the
    /// question; returns its id.
    public func insertAnswerGroup(question: QuestionID, kind: String, members: [StudentKey]) throws -> Int64 {
        try db.execute(sql: "INSERT INTO answer_group (question_id, kind, confirmed_by) VALUES (?, ?, ?)",
                       arguments: [question.rawValue, kind, grader.name])
        let id = db.lastInsertedRowID
        for member in members { try addToAnswerGroup(id, question: question, student: member) }
        return id
    }

    /// Puts `student`'s answer into group `id` (of `question`), out of any other group of the question.
    public func addToAnswerGroup(_ id: Int64, question: QuestionID, student: StudentKey) throws {
        try leaveAnswerGroups(question: question, student: student)
        try db.execute(sql: "INSERT INTO answer_group_member (group_id, student_id) VALUES (?, ?)", arguments: [id, student.rawValue])
    }

    /// Takes `student`'s answer to `question` out of its group (a group left empty goes).
    public func leaveAnswerGroups(question: QuestionID, student: StudentKey) throws {
        let groups = try Int64.fetchAll(db.cachedStatement(sql: """
            SELECT m.group_id FROM answer_group_member m JOIN answer_group g ON g.id = m.group_id
            WHERE g.question_id = ? AND m.student_id = ?
            """), arguments: [question.rawValue, student.rawValue])
        for group in groups {
            try db.execute(sql: "DELETE FROM answer_group_member WHERE group_id = ? AND student_id = ?", arguments: [group, student.rawValue])
            try db.execute(sql: "DELETE FROM answer_group WHERE id = ? AND NOT EXISTS (SELECT 1 FROM answer_group_member WHERE group_id = ?)",
                           arguments: [group, group])
        }
    }

    /// Removes group `id` (its answers are then in no group).
    public func deleteAnswerGroup(_ id: Int64) throws {
        try db.execute(sql: "DELETE FROM answer_group WHERE id = ?", arguments: [id])
    }

    /// The group with `id`, or the rule error.
    public func answerGroup(_ id: Int64) throws -> AnswerGroup {
        guard let question = try Int64.fetchOne(db, sql: "SELECT question_id FROM answer_group WHERE id = ?", arguments: [id]),
              let group = try AnswerGroupRows.read(db, question: QuestionID(question)).first(where: { $0.id == id }) else {
            throw GradingError.unknownAnswerGroup(id)
        }
        return group
    }
}

extension ProjectStore {
    /// The confirmed answer groups of `question`, largest first.
    public func answerGroups(question: QuestionID) throws -> [AnswerGroup] { try read { db in try AnswerGroupRows.read(db, question: question) } }
}

/// The answer_group and answer_group_member rows as values.
enum AnswerGroupRows {
    static func read(_ db: Database, question: QuestionID) throws -> [AnswerGroup] {
        let rows = try Row.fetchAll(db, sql: """
            SELECT g.id, g.kind, g.confirmed_by, m.student_id FROM answer_group g
            JOIN answer_group_member m ON m.group_id = g.id JOIN student s ON s.id = m.student_id
            WHERE g.question_id = ? ORDER BY g.id, s.list_order
            """, arguments: [question.rawValue])
        var groups: [AnswerGroup] = []
        for row in rows {
            let id: Int64 = row[0], member = StudentKey(row[3])
            if let last = groups.last, last.id == id {
                groups[groups.count - 1] = AnswerGroup(id: id, question: question, kind: last.kind, members: last.members + [member], confirmedBy: last.confirmedBy)
            } else {
                groups.append(AnswerGroup(id: id, question: question, kind: row[1], members: [member], confirmedBy: row[2]))
            }
        }
        return groups.sorted { ($0.members.count, -$0.id) > ($1.members.count, -$1.id) }
    }
}
