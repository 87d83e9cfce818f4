import Foundation
import GRDB
import GraderCore

/// Reads the whole grade book in one consistent snapshot.
enum GradeBookReader {
    static func read(_ db: Database) throws -> GradeBook {
        let pages = try Int.fetchOne(db, sql: "SELECT pages_per_student FROM project WHERE id = 1") ?? 0
        let studentRows = try Row.fetchAll(db, sql: """
            SELECT id, name, roster_id, email, scan_file, page_sizes FROM student ORDER BY list_order, id
            """)
        var indexOfKey: [Int64: StudentID] = [:]
        let students = studentRows.enumerated().map { index, row in
            indexOfKey[row["id"]] = StudentID(index)
            return GradeBook.Entry(
                key: StudentKey(row["id"]), student: Student(name: row["name"], rosterID: row["roster_id"], email: row["email"]),
                scanPath: row["scan_file"], pageSizes: PageSizesColumn.decode(row["page_sizes"]))
        }
        var bubbleRows: [QuestionID: BubbleRowRef] = [:]
        let questions = try Row.fetchAll(db, sql: "SELECT id, page, x, y, max_quarters, label, bubble_block, bubble_row FROM question").map { row in
            if let block: String = row["bubble_block"] { bubbleRows[QuestionID(row["id"])] = BubbleRowRef(block: block, row: row["bubble_row"]) }
            return Question(id: QuestionID(row["id"]), page: row["page"], position: RelativePoint(x: row["x"], y: row["y"]),
                     maxPoints: Points(quarters: row["max_quarters"]), label: row["label"])
        }
        var scores: [QuestionID: [StudentID: Points]] = [:]
        for row in try Row.fetchAll(db, sql: "SELECT question_id, student_id, quarters FROM score") {
            guard let student = indexOfKey[row["student_id"]] else { continue }
            scores[QuestionID(row["question_id"]), default: [:]][student] = Points(quarters: row["quarters"])
        }
        let annotations = try Row.fetchAll(db, sql: "SELECT id, student_id, page, content FROM annotation ORDER BY id").compactMap { row -> Annotation? in
            guard let student = indexOfKey[row["student_id"]] else { return nil }
            return Annotation(id: AnnotationID(row["id"]), page: PageRef(student: student, page: row["page"]),
                              content: try AnnotationColumn.decode(row["content"]))
        }
        let decoder = JSONDecoder()
        let blocks = try String.fetchAll(db, sql: "SELECT definition FROM bubble_block ORDER BY id").map {
            try decoder.decode(BubbleBlock.self, from: Data($0.utf8))
        }
        var key: [String: [Int: [String]]] = [:]
        for row in try Row.fetchAll(db, sql: "SELECT block_id, row, answer FROM answer_key") {
            key[row["block_id"], default: [:]][row["row"]] = (row["answer"] as String).split(separator: "+").map(String.init)
        }
        var readings: [String: [StudentID: [BubbleRowReading]]] = [:]
        for row in try Row.fetchAll(db, sql: "SELECT student_id, block_id, row, reading, fills FROM bubble_reading ORDER BY row") {
            guard let student = indexOfKey[row["student_id"]] else { continue }
            let reading = try decoder.decode(BubbleReading.self, from: Data((row["reading"] as String).utf8))
            let fills = try decoder.decode([Double].self, from: Data((row["fills"] as String).utf8))
            let block = blocks.first { $0.id == row["block_id"] }
            readings[row["block_id"], default: [:]][student, default: []].append(
                BubbleRowReading(row: row["row"], questionNumber: block?.questionNumber(row: row["row"]), reading: reading, fills: fills))
        }
        return GradeBook(students: students, pagesPerStudent: pages, questions: questions, scores: scores, annotations: annotations,
                         bubbleBlocks: blocks, answerKey: key, bubbleReadings: readings, bubbleRows: bubbleRows)
    }
}

extension ProjectStore {
    /// The grade book as it stands now.
    public func gradeBook() throws(StoreError) -> GradeBook {
        do {
            return try queue.read { db in try GradeBookReader.read(db) }
        } catch {
            throw .database(path: folder, error)
        }
    }

    /// Undoes the newest change; returns what it was, nil when there is nothing to undo.
    public func undo() throws(StoreError) -> String? { try run(folder) { db in try History.undo(in: db) } }

    /// Redoes the newest undone change; returns what it was, nil when there is nothing to redo.
    public func redo() throws(StoreError) -> String? { try run(folder) { db in try History.redo(in: db) } }
}

extension ProjectStore {
    /// Each student's scan SHA-256 as recorded at import.
    public func scanDigests() throws(StoreError) -> [StudentKey: String] {
        do {
            return try queue.read { db in
                Dictionary(uniqueKeysWithValues: try Row.fetchAll(db, sql: "SELECT id, scan_sha256 FROM student").map {
                    (StudentKey($0["id"]), $0["scan_sha256"] as String)
                })
            }
        } catch {
            throw .database(path: folder, error)
        }
    }
}
