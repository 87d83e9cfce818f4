import Foundation
import GRDB
import GraderCore

extension ProjectWriter {
    /// Leaves `reviews` for a person to confirm, in place of every copy left before.
    public func replaceIDReviews(with reviews: [IDBoxReview]) throws {
        try db.execute(sql: "DELETE FROM id_review")
        for review in reviews {
            try db.execute(sql: "INSERT INTO id_review (student_id, copy, read, candidates) VALUES (?, ?, ?, ?)",
                           arguments: [review.student.rawValue, review.copy, review.read, try IDReviewColumns.encode(review.candidates)])
        }
    }

    /// Takes `student`'s copy off the review list (it has been matched).
    public func removeIDReview(of student: StudentKey) throws {
        try db.execute(sql: "DELETE FROM id_review WHERE student_id = ?", arguments: [student.rawValue])
    }

    /// The copies left for review, as they stand in this transaction.
    public func idReviews() throws -> [IDBoxReview] { try IDReviewColumns.read(db) }
}

extension ProjectStore {
    /// The copies left for a person to match by their handwritten student number, in student order.
    public func idReviews() throws -> [IDBoxReview] { try read { db in try IDReviewColumns.read(db) } }
}

/// The id_review table's rows as values, and its candidates column as JSON.
enum IDReviewColumns {
    private struct Candidate: Codable {
        let name: String, id: String?, email: String?, probability: Double
    }

    static func read(_ db: Database) throws -> [IDBoxReview] {
        try Row.fetchAll(db, sql: """
            SELECT r.student_id, r.copy, r.read, r.candidates FROM id_review r JOIN student s ON s.id = r.student_id ORDER BY s.list_order
            """).map { row in
            let candidates = try JSONDecoder().decode([Candidate].self, from: Data((row[3] as String).utf8))
            return IDBoxReview(student: StudentKey(row[0]), copy: row[1], read: row[2], candidates: candidates.map {
                IDBoxReview.Candidate(student: Student(name: $0.name, rosterID: $0.id, email: $0.email), probability: $0.probability)
            })
        }
    }

    static func encode(_ candidates: [IDBoxReview.Candidate]) throws -> String {
        let rows = candidates.map {
            Candidate(name: $0.student.name, id: $0.student.rosterID, email: $0.student.email, probability: $0.probability.isFinite ? $0.probability : 0)
        }
        return String(decoding: try JSONEncoder().encode(rows), as: UTF8.self)
    }
}
