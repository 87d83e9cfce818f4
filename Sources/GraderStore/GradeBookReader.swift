import Foundation
import GRDB
@_spi(Rules) import GraderCore

/// Reads the whole grade book in one consistent snapshot.
enum GradeBookReader {
    /// The students, pages and questions only: what resolving a name needs.
    static func directory(_ db: Database) throws -> ProjectDirectory {
        ProjectDirectory(students: try students(db), pagesPerStudent: try pages(db),
                         questions: NumberedQuestion.inReadingOrder(try questions(db).map(\.question)),
                         referenceSizes: try reference(db)?.sizes ?? [])
    }

    /// The questions only, numbered in reading order.
    static func numberedQuestions(_ db: Database) throws -> [NumberedQuestion] {
        NumberedQuestion.inReadingOrder(try questions(db).map(\.question))
    }

    /// The key of the student a user means by `name`, as `ProjectDirectory.student(named:)` finds
    /// them: the exact name (as `Student.nameKey` compares names) or roster id through the
    /// database's indexes, without reading the class; when both miss, the loose rule of
    /// `StudentLookup` over the students list, whose error lists candidates or the nearest name.
    static func studentKey(named name: String, _ db: Database) throws -> Result<StudentKey, GradingError> {
        if let id = try Int64.fetchOne(db, sql: "SELECT id FROM student WHERE name_key = ?", arguments: [Student(name: name).nameKey])
            ?? Int64.fetchOne(db, sql: "SELECT id FROM student WHERE roster_id = ? ORDER BY list_order, id LIMIT 1", arguments: [name]) {
            return .success(StudentKey(id))
        }
        let entries = try students(db)
        return Result { () throws(GradingError) in entries[try entries.map(\.student).resolve(studentNamed: name)].key }
    }

    /// The name of the student with `key`, nil when there is none.
    static func studentName(_ key: StudentKey, _ db: Database) throws -> String? {
        try String.fetchOne(db, sql: "SELECT name FROM student WHERE id = ?", arguments: [key.rawValue])
    }

    /// Every question's rubric items, numbered in list order.
    static func rubricItems(_ db: Database, question: QuestionID? = nil) throws -> [QuestionID: [RubricItem]] {
        let rows = try Row.fetchAll(db, sql: """
            SELECT id, question_id, text, explanation, quarters, item_group FROM rubric_item
            \(question == nil ? "" : "WHERE question_id = ?") ORDER BY question_id, list_order, id
            """, arguments: StatementArguments(question.map { [$0.rawValue] } ?? []))
        var items: [QuestionID: [RubricItem]] = [:]
        for row in rows {
            let question = QuestionID(row["question_id"])
            let number = (items[question]?.count ?? 0) + 1
            items[question, default: []].append(RubricItem(id: RubricItemID(row["id"]), question: question, number: number, text: row["text"],
                                                           explanation: row["explanation"], points: Points(quarters: row["quarters"]),
                                                           group: row["item_group"]))
        }
        return items
    }

    private static func pages(_ db: Database) throws -> Int {
        try Int.fetchOne(db, sql: "SELECT pages_per_student FROM project WHERE id = 1") ?? 0
    }

    /// The reference pages are aligned to: its scan (inside the project) and page sizes; nil in a
    /// project made before pages were aligned.
    static func reference(_ db: Database) throws -> (scan: String, sizes: [PageSize])? {
        guard let row = try Row.fetchOne(db, sql: "SELECT reference_scan, reference_sizes FROM project WHERE id = 1"),
              let scan = row["reference_scan"] as String?, let sizes = row["reference_sizes"] as String?
        else { return nil }
        return (scan, PageSizesColumn.decode(sizes))
    }

    private static func students(_ db: Database) throws -> [GradeBook.Entry] {
        var alignments: [Int64: [PageAlignment]] = [:]
        // A bulk copy's page_source row names the bulk scan: its rotation is the turn in that scan, set upright in the copy's booklet.
        for row in try Row.fetchAll(db, sql: """
            SELECT p.student_id, p.rotation, p.alignment, p.scan_file = s.scan_file AS own FROM page_source p
            JOIN student s ON s.id = p.student_id WHERE p.alignment IS NOT NULL ORDER BY p.student_id, p.page
            """) {
            guard let alignment = AlignmentColumn.decode(row["alignment"], rotation: row["own"] ? row["rotation"] : 0) else { continue }
            alignments[row["student_id"], default: []].append(alignment)
        }
        return try Row.fetchAll(db, sql: "SELECT id, name, roster_id, email, scan_file, page_sizes FROM student ORDER BY list_order, id").map { row in
            let key: Int64 = row["id"]
            let sizes = PageSizesColumn.decode(row["page_sizes"])
            let aligned = alignments[key] ?? []
            return GradeBook.Entry(
                key: StudentKey(key), student: Student(name: row["name"], rosterID: row["roster_id"], email: row["email"]),
                scanPath: row["scan_file"], pageSizes: sizes, alignments: aligned.count == sizes.count ? aligned : [])
        }
    }

    private static func questions(_ db: Database) throws -> [(question: Question, bubble: BubbleRowRef?)] {
        try Row.fetchAll(db, sql: "SELECT id, page, x, y, width, height, max_quarters, label, bubble_block, bubble_row, scoring FROM question").map { row in
            let block: String? = row["bubble_block"]
            return (Question(id: QuestionID(row["id"]), page: row["page"], position: RelativePoint(x: row["x"], y: row["y"]),
                             size: BoxSize(width: row["width"], height: row["height"]),
                             maxPoints: Points(quarters: row["max_quarters"]), label: row["label"],
                             scoring: RubricScoring(rawValue: row["scoring"]) ?? .deductions),
                    block.map { BubbleRowRef(block: $0, row: row["bubble_row"]) })
        }
    }

    static func read(_ db: Database) throws -> GradeBook {
        let pages = try pages(db)
        let students = try students(db)
        let indexOfKey = Dictionary(uniqueKeysWithValues: students.enumerated().map { ($1.key.rawValue, StudentID($0)) })
        let questionRows = try questions(db)
        let questions = questionRows.map(\.question)
        var bubbleRows: [QuestionID: BubbleRowRef] = [:]
        for row in questionRows { if let bubble = row.bubble { bubbleRows[row.question.id] = bubble } }
        var scores: [QuestionID: [StudentID: Points]] = [:]
        for row in try Row.fetchAll(db, sql: "SELECT question_id, student_id, quarters FROM score") {
            guard let student = indexOfKey[row["student_id"]] else { continue }
            scores[QuestionID(row["question_id"]), default: [:]][student] = Points(quarters: row["quarters"])
        }
        let annotations = try Row.fetchAll(db, sql: "SELECT id, student_id, page, content, ink_kind FROM annotation ORDER BY id").compactMap { row -> Annotation? in
            guard let student = indexOfKey[row["student_id"]] else { return nil }
            return Annotation(id: AnnotationID(row["id"]), page: PageRef(student: student, page: row["page"]),
                              content: try AnnotationColumn.decode(row))
        }
        let decoder = JSONDecoder()
        let blocks = try String.fetchAll(db, sql: "SELECT definition FROM bubble_block ORDER BY id").map {
            try decoder.decode(BubbleBlock.self, from: Data($0.utf8))
        }
        let idFields = try String.fetchAll(db, sql: "SELECT definition FROM id_box_field ORDER BY id").map {
            try decoder.decode(IDBoxField.self, from: Data($0.utf8))
        }
        var key: [String: [Int: AnswerKey.Entry]] = [:]
        for row in try Row.fetchAll(db, sql: "SELECT block_id, row, answer, points FROM answer_key") {
            key[row["block_id"], default: [:]][row["row"]] = AnswerKey.Entry(
                accepted: AcceptedAnswers(stored: row["answer"]), points: (row["points"] as String?).flatMap(Points.init))
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
        var placements: [String: [StudentID: BubblePlacement]] = [:]
        for row in try Row.fetchAll(db, sql: "SELECT student_id, block_id, residual, problem, centres FROM bubble_placement") {
            guard let student = indexOfKey[row["student_id"]] else { continue }
            let pairs = try decoder.decode([[Double]].self, from: Data((row["centres"] as String).utf8))
            placements[row["block_id"], default: [:]][student] = BubblePlacement(
                residual: row["residual"], problem: row["problem"],
                centres: pairs.compactMap { $0.count == 2 ? PagePoint(x: $0[0], y: $0[1]) : nil })
        }
        let items = try rubricItems(db)
        let itemByID = Dictionary(uniqueKeysWithValues: items.values.joined().map { ($0.id, $0) })
        var applied: [QuestionID: [StudentID: [RubricItem]]] = [:]
        for row in try Row.fetchAll(db, sql: "SELECT item_id, student_id FROM applied_item") {
            guard let student = indexOfKey[row["student_id"]], let item = itemByID[RubricItemID(row["item_id"])] else { continue }
            applied[item.question, default: [:]][student, default: []].append(item)
        }
        for (question, byStudent) in applied { applied[question] = byStudent.mapValues { $0.sorted { $0.number < $1.number } } }
        var rubricScored: [QuestionID: Set<StudentID>] = [:]
        for row in try Row.fetchAll(db, sql: "SELECT question_id, student_id FROM score WHERE source = 'rubric'") {
            guard let student = indexOfKey[row["student_id"]] else { continue }
            rubricScored[QuestionID(row["question_id"]), default: []].insert(student)
        }
        return GradeBook(students: students, pagesPerStudent: pages, questions: questions, scores: scores, annotations: annotations,
                         bubbleBlocks: blocks, answerKey: key, bubbleReadings: readings, bubbleRows: bubbleRows,
                         rubricItems: items, appliedItems: applied, rubricScored: rubricScored,
                         referenceSizes: try reference(db)?.sizes ?? [], bubblePlacements: placements,
                         printedCodes: try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM bulk_exam WHERE exam <> 'SPLIT')") ?? false,
                         idBoxFields: idFields, versions: try versions(db, indexOfKey: indexOfKey))
    }
}

extension ProjectStore {
    /// The grade book as it stands now.
    public func gradeBook() throws(StoreError) -> GradeBook {
        try read { db in try GradeBookReader.read(db) }
    }

    /// The students, pages and questions as they stand now, without scores.
    public func directory() throws(StoreError) -> ProjectDirectory {
        try read { db in try GradeBookReader.directory(db) }
    }

    /// The questions in reading order.
    public func questions() throws(StoreError) -> [NumberedQuestion] {
        try read { db in try GradeBookReader.numberedQuestions(db) }
    }

    /// The key of the student a user means by `name` (see `StudentLookup`), found through the
    /// indexes when it is exact; the rule error when it is unknown or ambiguous.
    public func studentKey(named name: String) throws -> StudentKey {
        try read { db in try GradeBookReader.studentKey(named: name, db) }.get()
    }
}

extension ProjectStore {
    /// The reference scan pages are aligned to (a path inside the project folder) and its page
    /// sizes; nil in a project made before pages were aligned.
    public func reference() throws(StoreError) -> (scan: String, sizes: [PageSize])? {
        try read { db in try GradeBookReader.reference(db) }
    }

    /// Each student's scan SHA-256 as recorded at import.
    public func scanDigests() throws(StoreError) -> [StudentKey: String] {
        try read { db in
            Dictionary(uniqueKeysWithValues: try Row.fetchAll(db, sql: "SELECT id, scan_sha256 FROM student").map {
                (StudentKey($0["id"]), $0["scan_sha256"] as String)
            })
        }
    }
}
