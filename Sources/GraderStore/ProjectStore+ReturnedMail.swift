import GRDB
import GraderCore

/// One message a mail server accepted: whom it returned a booklet to, and which PDF.
public struct ReturnedMail: Hashable, Sendable {
    /// The student.
    public let student: StudentKey
    /// The address it went to.
    public let address: String
    /// Its Message-ID (without angle brackets).
    public let messageID: String
    /// SHA-256 of the PDF attached, in hex.
    public let pdfSHA256: String
    /// When the server accepted it (UTC, ISO 8601).
    public let sentAt: String
    /// Who sent it.
    public let sentBy: String
}

extension ProjectStore {
    /// Each student's latest message returned (none for a student never sent one).
    public func latestReturnedMail() throws(StoreError) -> [StudentKey: ReturnedMail] {
        try read { db in
            let rows = try Row.fetchAll(db, sql: """
                SELECT student_id, address, message_id, pdf_sha256, sent_at, sent_by FROM returned_mail
                WHERE id IN (SELECT max(id) FROM returned_mail GROUP BY student_id)
                """)
            return Dictionary(rows.map { row in
                let mail = ReturnedMail(student: StudentKey(row["student_id"]), address: row["address"], messageID: row["message_id"],
                                        pdfSHA256: row["pdf_sha256"], sentAt: row["sent_at"], sentBy: row["sent_by"])
                return (mail.student, mail)
            }, uniquingKeysWith: { _, last in last })
        }
    }

    /// Records a message the server has just accepted, in a transaction of its own (so every
    /// message accepted before a crash or a lost connection stays recorded); not an undoable step.
    public func recordReturnedMail(student: StudentKey, address: String, messageID: String, pdfSHA256: String) throws {
        try run { db in
            try db.execute(sql: """
                INSERT INTO returned_mail (student_id, address, message_id, pdf_sha256, sent_at, sent_by) VALUES (?, ?, ?, ?, ?, ?)
                """, arguments: [student.rawValue, address, messageID, pdfSHA256, Self.now(), grader.name])
        }
    }
}
