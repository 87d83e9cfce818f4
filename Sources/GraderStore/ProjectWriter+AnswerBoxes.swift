import Foundation
import GRDB
import GraderCore

extension ProjectWriter {
    /// Declares `box` as the digit boxes `question`'s answer is written in, in place of any before.
    public func setAnswerBox(question: QuestionID, _ box: IDBoxField) throws {
        try db.execute(sql: "DELETE FROM answer_box WHERE question_id = ?", arguments: [question.rawValue])
        try db.execute(sql: "INSERT INTO answer_box (question_id, definition) VALUES (?, ?)",
                       arguments: [question.rawValue, String(decoding: try JSONEncoder().encode(box), as: UTF8.self)])
    }

    /// Removes `question`'s answer box; false when it had none.
    public func deleteAnswerBox(question: QuestionID) throws -> Bool {
        try db.execute(sql: "DELETE FROM answer_box WHERE question_id = ?", arguments: [question.rawValue])
        return db.changesCount > 0
    }
}

extension ProjectStore {
    /// The digit boxes `question`'s answer is written in, nil when none is declared.
    public func answerBox(question: QuestionID) throws -> IDBoxField? {
        let stored = try read { db in
            try String.fetchOne(db, sql: "SELECT definition FROM answer_box WHERE question_id = ?", arguments: [question.rawValue])
        }
        return try stored.map { try JSONDecoder().decode(IDBoxField.self, from: Data($0.utf8)) }
    }
}
