import Foundation
import GRDB
import GraderCore

/// The rows of a project, read and written inside one change's transaction by one grader.
public struct ProjectWriter {
    let db: Database
    /// Who makes the change.
    public let grader: Grader
    /// When (UTC, ISO 8601), recorded on the step and on every score it sets.
    public let time: String
    let viewNote: ViewChangeNote

    /// Declares that this change does nothing to what the grading views show but `changes`, so a
    /// server patches its views with them instead of reading the project afresh. Only for a change
    /// that writes nothing else the views show.
    public func declareViewChanges(_ changes: [ViewChange]) { viewNote.changes = changes }

    /// The students, pages and questions as they stand in this transaction (no scores).
    public func directory() throws -> ProjectDirectory { try GradeBookReader.directory(db) }

    /// The question with `id` as it stands in this transaction, or the rule error.
    public func question(_ id: QuestionID) throws -> NumberedQuestion {
        let questions = try GradeBookReader.numberedQuestions(db)
        guard let question = questions.first(where: { $0.question.id == id }) else {
            throw GradingError.unknownQuestion(name: id.description, known: questions.map(\.name))
        }
        return question
    }

    /// The name of the student with `key`, or the rule error (removed meanwhile).
    public func studentName(_ key: StudentKey) throws -> String {
        guard let name = try GradeBookReader.studentName(key, db) else { throw GradingError.unknownStudent(key.description) }
        return name
    }

    /// The whole grade book as it stands in this transaction.
    public func gradeBook() throws -> GradeBook { try GradeBookReader.read(db) }

    /// Adds a student at the end of the list, with each page's alignment to the reference when
    /// known (indexed like `pageSizes`); returns their key.
    @discardableResult
    public func insertStudent(_ student: Student, scanFile: String, sha256: String, pageSizes: [PageSize],
                              alignments: [PageAlignment] = []) throws -> StudentKey {
        let order = try Int.fetchOne(db, sql: "SELECT COALESCE(MAX(list_order), 0) + 1 FROM student")!
        try db.execute(sql: """
            INSERT INTO student (name, name_key, roster_id, email, scan_file, scan_sha256, page_sizes, list_order)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?)
            """, arguments: [student.name, student.nameKey, student.rosterID, student.email, scanFile, sha256,
                             PageSizesColumn.encode(pageSizes), order])
        let key = StudentKey(db.lastInsertedRowID)
        for page in pageSizes.indices {
            let alignment = alignments.indices.contains(page) ? alignments[page] : nil
            try db.execute(sql: "INSERT INTO page_source (student_id, page, scan_file, page_index, rotation, alignment) VALUES (?, ?, ?, ?, ?, ?)",
                           arguments: [key.rawValue, page + 1, scanFile, page, alignment?.upsideDown == true ? 180 : 0,
                                       alignment.map { AlignmentColumn.encode($0) }])
        }
        return key
    }

    /// Gives the student with `key` another scan (a sheet photographed again): its pages take the
    /// place of the old ones, each with its alignment to the reference; scores and notes stay.
    public func replaceScan(of key: StudentKey, scanFile: String, sha256: String, pageSizes: [PageSize],
                            alignments: [PageAlignment] = []) throws {
        try db.execute(sql: "UPDATE student SET scan_file = ?, scan_sha256 = ?, page_sizes = ? WHERE id = ?",
                       arguments: [scanFile, sha256, PageSizesColumn.encode(pageSizes), key.rawValue])
        guard db.changesCount == 1 else { throw GradingError.unknownStudent(key.description) }
        for page in pageSizes.indices {
            let alignment = alignments.indices.contains(page) ? alignments[page] : nil
            try db.execute(sql: "UPDATE page_source SET scan_file = ?, page_index = ?, rotation = ?, alignment = ? WHERE student_id = ? AND page = ?",
                           arguments: [scanFile, page, alignment?.upsideDown == true ? 180 : 0, alignment.map { AlignmentColumn.encode($0) },
                                       key.rawValue, page + 1])
        }
    }

    /// Replaces the alignment of `page` (1-based) of the student with `key` (a page lined up by hand).
    public func setAlignment(_ alignment: PageAlignment, of key: StudentKey, page: Int) throws {
        let own = try Bool.fetchOne(db, sql: """
            SELECT p.scan_file = s.scan_file FROM page_source p JOIN student s ON s.id = p.student_id WHERE p.student_id = ? AND p.page = ?
            """, arguments: [key.rawValue, page])
        guard let own else { throw GradingError.unknownStudent(key.description) }
        try db.execute(sql: "UPDATE page_source SET alignment = ? WHERE student_id = ? AND page = ?",
                       arguments: [AlignmentColumn.encode(alignment, turnedInText: !own), key.rawValue, page])
    }

    /// Records what the pages are aligned to: the reference scan (inside the project folder) and
    /// its page sizes, on which typed positions are measured.
    public func setReference(scanFile: String, pageSizes: [PageSize]) throws {
        try db.execute(sql: "UPDATE project SET reference_scan = ?, reference_sizes = ? WHERE id = 1",
                       arguments: [scanFile, PageSizesColumn.encode(pageSizes)])
    }

    /// Removes a student with their scores and annotations.
    public func deleteStudent(_ key: StudentKey) throws {
        try db.execute(sql: "DELETE FROM student WHERE id = ?", arguments: [key.rawValue])
    }

    /// Adds a question (for a bubble row when `bubble` is given); returns its id.
    @discardableResult
    public func insertQuestion(page: Int, position: RelativePoint, size: BoxSize = .standard, maxPoints: Points, label: String?,
                               bubble: BubbleRowRef? = nil) throws -> QuestionID {
        try db.execute(sql: """
            INSERT INTO question (page, x, y, width, height, max_quarters, label, bubble_block, bubble_row)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
            """, arguments: [page, position.x, position.y, size.width, size.height, maxPoints.quarters, label, bubble?.block, bubble?.row])
        return QuestionID(db.lastInsertedRowID)
    }

    /// Records a bubble block of the rubric.
    public func insertBubbleBlock(_ block: BubbleBlock) throws {
        try db.execute(sql: "INSERT INTO bubble_block (block_id, definition) VALUES (?, ?)",
                       arguments: [block.id, String(decoding: try JSONEncoder().encode(block), as: UTF8.self)])
    }

    /// Records a field of student-number boxes of the rubric.
    public func insertIDBoxField(_ field: IDBoxField) throws {
        try db.execute(sql: "INSERT INTO id_box_field (field_id, definition) VALUES (?, ?)",
                       arguments: [field.id, String(decoding: try JSONEncoder().encode(field), as: UTF8.self)])
    }

    /// Sets the answer key of a block: per row the accepted answers ("A|C", "*") and own points.
    public func setAnswerKey(_ key: AnswerKey, block: String) throws {
        try db.execute(sql: "DELETE FROM answer_key WHERE block_id = ?", arguments: [block])
        for (row, entry) in key.rows.enumerated() {
            try db.execute(sql: "INSERT INTO answer_key (block_id, row, answer, points) VALUES (?, ?, ?, ?)",
                           arguments: [block, row, entry.accepted.text, entry.points?.description])
        }
    }

    /// Records what the machine read in one row of a student's block.
    public func setBubbleReading(_ reading: BubbleRowReading, block: String, student: StudentKey) throws {
        let encoded = String(decoding: try JSONEncoder().encode(reading.reading), as: UTF8.self)
        let fills = "[" + reading.fills.map { String(format: "%.3f", $0) }.joined(separator: ",") + "]"
        try db.execute(sql: """
            INSERT INTO bubble_reading (student_id, block_id, row, reading, fills) VALUES (?, ?, ?, ?, ?)
            ON CONFLICT (student_id, block_id, row) DO UPDATE SET reading = excluded.reading, fills = excluded.fills
            WHERE reading != excluded.reading OR fills != excluded.fills
            """, arguments: [student.rawValue, block, reading.row, encoded, fills])
    }

    /// Records where a block was found on a student's scan (or why it was not).
    public func setBubblePlacement(_ placement: BubblePlacement, block: String, student: StudentKey) throws {
        let centres = "[" + placement.centres.map { String(format: "[%.2f,%.2f]", $0.x, $0.y) }.joined(separator: ",") + "]"
        let residual = placement.residual.map { ($0 * 1000).rounded() / 1000 }
        try db.execute(sql: """
            INSERT INTO bubble_placement (student_id, block_id, residual, problem, centres) VALUES (?, ?, ?, ?, ?)
            ON CONFLICT (student_id, block_id) DO UPDATE SET residual = excluded.residual, problem = excluded.problem, centres = excluded.centres
            WHERE residual IS NOT excluded.residual OR problem IS NOT excluded.problem OR centres != excluded.centres
            """, arguments: [student.rawValue, block, residual, placement.problem, centres])
    }

    /// Who entered each score ("grader", "omr"): question → student → source.
    public func scoreSources() throws -> [QuestionID: [StudentKey: String]] {
        var sources: [QuestionID: [StudentKey: String]] = [:]
        for row in try Row.fetchAll(db, sql: "SELECT question_id, student_id, source FROM score") {
            sources[QuestionID(row["question_id"]), default: [:]][StudentKey(row["student_id"])] = row["source"]
        }
        return sources
    }

    /// Changes a question's maximum points (for everyone).
    public func updateMaximum(_ question: QuestionID, to maxPoints: Points) throws {
        try db.execute(sql: "UPDATE question SET max_quarters = ? WHERE id = ?", arguments: [maxPoints.quarters, question.rawValue])
    }

    /// Names a question (`nil`: called p<page>q<n> again).
    public func updateLabel(_ question: QuestionID, to label: String?) throws {
        try db.execute(sql: "UPDATE question SET label = ? WHERE id = ?", arguments: [label, question.rawValue])
    }

    /// Moves a question's box to `position` (on every student's page).
    public func updatePosition(_ question: QuestionID, to position: RelativePoint) throws {
        try db.execute(sql: "UPDATE question SET x = ?, y = ? WHERE id = ?", arguments: [position.x, position.y, question.rawValue])
    }

    /// Gives a question's box a new size in points (on every student's page).
    public func updateSize(_ question: QuestionID, to size: BoxSize) throws {
        try db.execute(sql: "UPDATE question SET width = ?, height = ? WHERE id = ?", arguments: [size.width, size.height, question.rawValue])
    }

    /// Removes a question and every score on it (and its items' stamps).
    public func deleteQuestion(_ question: QuestionID) throws {
        try deleteStamps(of: Set(try rubricItems(question).map(\.id)))
        try db.execute(sql: "DELETE FROM question WHERE id = ?", arguments: [question.rawValue])
    }

    /// Sets or clears (`.ungraded`) one score; `source` says what entered it ("grader", "omr").
    /// The score keeps this change's grader and time; writing the same value again changes nothing.
    public func setScore(_ score: Score, question: QuestionID, student: StudentKey, source: String = "grader") throws {
        guard let points = score.earned else {
            try db.execute(sql: "DELETE FROM score WHERE question_id = ? AND student_id = ?",
                           arguments: [question.rawValue, student.rawValue])
            return
        }
        // Cached: an import or a re-grade runs it thousands of times, and compiling it (with the
        // history triggers it fires) costs more than running it.
        try db.cachedStatement(sql: """
            INSERT INTO score (question_id, student_id, quarters, source, grader, graded_at) VALUES (?, ?, ?, ?, ?, ?)
            ON CONFLICT (question_id, student_id) DO UPDATE SET quarters = excluded.quarters, source = excluded.source,
                grader = excluded.grader, graded_at = excluded.graded_at
            WHERE quarters != excluded.quarters OR source != excluded.source
            """).execute(arguments: [question.rawValue, student.rawValue, points.quarters, source, grader.name, time])
    }

    /// Refuses, naming who changed it, when `student`'s score on `question` is no longer `expected`
    /// (the value the grader saw).
    public func checkUnchanged(_ expected: Score, question: QuestionID, student: StudentKey, names: (student: String, question: String)) throws {
        let record = try scoreRecord(question: question, student: student)
        let now = record.map { Score.points($0.points) } ?? .ungraded
        guard now == expected else {
            throw GradingError.changedMeanwhile(student: names.student, question: names.question, saw: expected, now: now,
                                                by: record.map(\.grader).flatMap { $0.isEmpty ? nil : $0 })
        }
    }

    /// Who made the annotation `id` (the grader of the step in force that added it); nil when
    /// not recorded (made before graders were).
    public func annotationAuthor(_ id: AnnotationID) throws -> String? {
        try String.fetchOne(db, sql: """
            SELECT history.grader FROM change JOIN history ON history.id = change.step
            WHERE change.tbl = 'annotation' AND change.row_id = ? AND change.old IS NULL AND history.undone = 0 AND history.grader != ''
            ORDER BY change.id DESC LIMIT 1
            """, arguments: [id.rawValue])
    }

    /// The history step this change is recorded as.
    public func currentStep() throws -> Int64 {
        try Int64.fetchOne(db, sql: "SELECT step FROM recording WHERE id = 1") ?? 0
    }

    /// Replaces the description of the step this change is recorded as (for what only the change finds out).
    public func redescribe(_ description: String) throws {
        try db.execute(sql: "UPDATE history SET description = ? WHERE id = (SELECT step FROM recording WHERE id = 1)", arguments: [description])
    }

    /// The score standing on `question` for `student` when another grader than this change's
    /// gave it by hand and `score` would replace it (machine readings are no one's judgement);
    /// nil when replacing it takes nothing from anyone.
    public func othersScore(replacedBy score: Score, question: QuestionID, student: StudentKey) throws -> ScoreRecord? {
        // A typed score replaces the row when its points or how it was entered differ.
        guard let record = try scoreRecord(question: question, student: student), record.isAnotherGradersThan(grader),
              Score.points(record.points) != score || record.source != "grader" else { return nil }
        return record
    }

    /// The scores other graders than this change's gave by hand on `question` (or of `student`):
    /// what removing it would take from them.
    public func othersScores(question: QuestionID? = nil, student: StudentKey? = nil) throws -> [ForeignScore] {
        let directory = try directory()
        return try Row.fetchAll(db, sql: """
            SELECT question_id, student_id, quarters, grader FROM score
            WHERE (question_id = ? OR ? IS NULL) AND (student_id = ? OR ? IS NULL) AND source != 'omr' AND grader NOT IN ('', ?)
            ORDER BY question_id, student_id
            """, arguments: [question?.rawValue, question?.rawValue, student?.rawValue, student?.rawValue, grader.name]).map { row in
            ForeignScore(student: directory.students[try directory.resolveStudent(key: StudentKey(row["student_id"])).index].student.name,
                         question: try directory.resolveQuestion(id: QuestionID(row["question_id"])).name,
                         score: .points(Points(quarters: row["quarters"])), grader: row["grader"])
        }
    }

    /// Refuses, listing them, to replace or remove `scores` of other graders without `overwrite`;
    /// with it, the step's description says so ("import x.csv (replacing 2 scores of other graders)").
    public func take(_ scores: [ForeignScore], overwrite: Bool, as verb: String) throws {
        guard !scores.isEmpty else { return }
        guard overwrite else { throw GradingError.othersScores(scores) }
        let description = try String.fetchOne(db, sql: "SELECT description FROM history WHERE id = (SELECT step FROM recording WHERE id = 1)") ?? ""
        try redescribe("\(description) (\(verb) \(scores.count == 1 ? "a score" : "\(scores.count) scores") of other graders)")
    }

    /// One student's score on one question with who gave it last; nil when ungraded.
    public func scoreRecord(question: QuestionID, student: StudentKey) throws -> ScoreRecord? {
        try ScoreRecord.fetch(db, question: question, student: student)
    }

    /// Adds an annotation on a student's page; returns its id.
    @discardableResult
    public func insertAnnotation(_ content: AnnotationContent, student: StudentKey, page: Int) throws -> AnnotationID {
        try db.execute(sql: "INSERT INTO annotation (student_id, page, content, ink_kind) VALUES (?, ?, ?, ?)",
                       arguments: [student.rawValue, page, try AnnotationColumn.encode(content), AnnotationColumn.kind(content)])
        return AnnotationID(db.lastInsertedRowID)
    }

    /// Replaces what an annotation draws (edit or move).
    public func updateAnnotation(_ id: AnnotationID, to content: AnnotationContent) throws {
        try db.execute(sql: "UPDATE annotation SET content = ?, ink_kind = ? WHERE id = ?",
                       arguments: [try AnnotationColumn.encode(content), AnnotationColumn.kind(content), id.rawValue])
    }

    /// The annotation with `id`, or the rule error that says there is none.
    public func annotation(_ id: AnnotationID) throws -> (student: StudentKey, page: Int, content: AnnotationContent) {
        guard let row = try Row.fetchOne(db, sql: "SELECT student_id, page, content, ink_kind FROM annotation WHERE id = ?", arguments: [id.rawValue])
        else { throw GradingError.unknownAnnotation(id) }
        return (StudentKey(row["student_id"]), row["page"], try AnnotationColumn.decode(row))
    }

    /// The annotations on one student's page, oldest first.
    public func annotations(student: StudentKey, page: Int) throws -> [(id: AnnotationID, content: AnnotationContent)] {
        try Row.fetchAll(db, sql: "SELECT id, content, ink_kind FROM annotation WHERE student_id = ? AND page = ? ORDER BY id",
                         arguments: [student.rawValue, page]).map { (AnnotationID($0["id"]), try AnnotationColumn.decode($0)) }
    }

    /// Removes an annotation.
    public func deleteAnnotation(_ id: AnnotationID) throws {
        try db.execute(sql: "DELETE FROM annotation WHERE id = ?", arguments: [id.rawValue])
    }
}
