import Foundation
import GRDB
@testable import GraderKit
@testable import GraderStore
import Testing
import TestSupport

/// Nobody's undo erases another grader's work, and no undo leaves a state the rules refuse: a
/// step someone built on — a question they scored, a student they wrote a note for, a maximum
/// they graded under — is refused naming them; with force it is undone as a new step that holds
/// their rows too, so undoing that step brings every row back.
@Suite struct UndoSafetyTests {
    private func project(_ folder: TemporaryFolder) throws -> (tester: GradingProject, prof: GradingProject, ta: GradingProject) {
        let store = try TestProject.project(in: folder, names: ["Anna", "Ben"])
        return (store, store.acting(as: try Grader("prof")), store.acting(as: try Grader("ta")))
    }

    private func scores(_ store: GradingProject) throws -> [String] {
        let book = try store.gradeBook()
        return try book.directory.questions.flatMap { question in
            try ["Anna", "Ben"].map { "\(question.name) \($0) \(book.score(question.question.id, try book.resolveStudent($0)))" }
        }
    }

    private func records(_ store: GradingProject) throws -> [String] {
        try store.pool.read { db in
            try Row.fetchAll(db, sql: "SELECT question_id, student_id, quarters, grader FROM score ORDER BY question_id, student_id").map { "\($0)" }
        }
    }

    @Test func aQuestionAnotherGraderScoredIsNotUndoneWithTheirScores() throws {
        let folder = TemporaryFolder()
        let (_, prof, ta) = try project(folder)
        _ = try prof.addQuestion(page: 1, at: "100,100", maxPoints: "4", label: "Q1")
        try ta.setScore(student: "Anna", question: "Q1", value: "3")
        try ta.setScore(student: "Ben", question: "Q1", value: "2")
        let before = try records(prof)
        let taStep = try prof.history(limit: 2)[1]
        #expect(throws: GradingError.historyBlocked(action: "undo", step: "add question on page 1", grader: "ta", laterStep: taStep.id,
                                                   later: "score Anna on Q1: 3")) { try prof.undo() }
        #expect(try scores(prof) == ["Q1 Anna 3", "Q1 Ben 2"], "the TA's scores are kept")

        let forced = try prof.undo(force: true)
        #expect(forced?.description == "add question on page 1")
        #expect(try scores(prof) == [])
        #expect(try prof.history(limit: 1)[0].description == "undo 'add question on page 1' with ta's work on it", "the loss is its own step")
        #expect(try prof.undo()?.description == "undo 'add question on page 1' with ta's work on it")
        #expect(try records(prof) == before, "undoing the forced undo brings every row back, in the TA's name")
    }

    @Test func redoingARemovalOfAQuestionAnotherGraderScoredSinceIsRefused() throws {
        let folder = TemporaryFolder()
        let (_, prof, ta) = try project(folder)
        _ = try prof.addQuestion(page: 1, at: "100,100", maxPoints: "4", label: "Q1")
        try prof.removeQuestion("Q1")
        #expect(try prof.undo()?.description == "remove question Q1")
        try ta.setScore(student: "Anna", question: "Q1", value: "3")
        #expect(throws: GradingError.self) { try prof.redo() }
        #expect(try scores(prof) == ["Q1 Anna 3", "Q1 Ben ?"], "the TA's score is not lost for good")
    }

    @Test func aMaximumAnotherGraderGradedUnderIsNotUndoneAndNeverLeavesAScoreAboveIt() throws {
        let folder = TemporaryFolder()
        let (_, prof, ta) = try project(folder)
        _ = try prof.addQuestion(page: 1, at: "100,100", maxPoints: "4", label: "Q1")
        _ = try prof.setMaximum(question: "Q1", to: "8")
        try ta.setScore(student: "Anna", question: "Q1", value: "7")
        #expect(throws: GradingError.self) { try prof.undo() }
        #expect(throws: GradingError.historyBreaksRule(action: "undo", step: "set maximum of Q1 to 8", student: "Anna", question: "Q1",
                                                      score: Points(quarters: 28), max: Points(quarters: 16))) { try prof.undo(force: true) }
        #expect(try prof.directory().questions[0].question.maxPoints == Points(quarters: 32), "nothing was changed")
        #expect(try scores(prof) == ["Q1 Anna 7", "Q1 Ben ?"])
        #expect(GradingError.historyBreaksRule(action: "undo", step: "set maximum of Q1 to 8", student: "Anna", question: "Q1",
                                               score: Points(quarters: 28), max: Points(quarters: 16)).localizedDescription
            == "Cannot undo 'set maximum of Q1 to 8': it would leave Anna's score 7 on Q1 above its maximum 4. Change that score first, or make the change by hand.")
    }

    @Test func aStudentAnotherGraderWroteANoteForIsNotUndone() throws {
        let folder = TemporaryFolder()
        let (tester, _, ta) = try project(folder)
        _ = try ta.addNote(student: "Ben", page: 1, at: "100,100", text: "See me.")
        #expect(throws: GradingError.self) { try tester.undo() }
        #expect(try tester.directory().students.map(\.student.name) == ["Anna", "Ben"])
        #expect(try tester.pool.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM annotation") } == 1, "the TA's note is kept")
    }

    /// Every table the schema has is either recorded for undo, every column of it, or named here
    /// as not part of a grader's work: a migration that adds a table or column cannot silently
    /// leave it out of the history.
    @Test func everyColumnOfEveryTableIsRecordedOrDeliberatelyNot() throws {
        let folder = TemporaryFolder()
        let store = try TestProject.project(in: folder, names: ["Anna"])
        try store.pool.read { db in
            let tables = Set(try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_stat%'"))
            #expect(tables.subtracting(Self.notRecorded) == Set(try HistoryTriggers.recordedTables(in: db)), "a table is neither recorded nor named as not")
            #expect(try Self.unrecorded(in: db) == [])
        }
    }

    /// A migration that adds a table and a column needs no list kept by hand: what a change
    /// writes there is undone and redone like the rest.
    @Test func aTableAndAColumnAMigrationAddsAreRecordedWithoutBeingListed() throws {
        let folder = TemporaryFolder()
        let store = try TestProject.project(in: folder, names: ["Anna"])
        _ = try store.addQuestion(page: 1, at: "100,100", maxPoints: "4", label: "Q1")
        try store.setScore(student: "Anna", question: "Q1", value: "3")
        var migrator = ProjectSchema.migrator
        migrator.registerProjectMigration("v99: stickers, score colours") { db in
            try db.execute(sql: """
                CREATE TABLE sticker (id INTEGER PRIMARY KEY AUTOINCREMENT,
                    student_id INTEGER NOT NULL REFERENCES student(id) ON DELETE CASCADE, text TEXT NOT NULL);
                ALTER TABLE score ADD COLUMN colour TEXT;
                """)
        }
        try migrator.migrate(store.pool)
        #expect(try store.pool.read { db in try Self.unrecorded(in: db) } == [])
        let state = {
            try store.pool.read { db in
                try String.fetchAll(db, sql: "SELECT text FROM sticker") + String?.fetchAll(db, sql: "SELECT colour FROM score").map { $0 ?? "-" }
            }
        }
        try store.change("a gold star for Anna") { writer in
            try writer.db.execute(sql: "INSERT INTO sticker (student_id, text) VALUES (1, 'gold star'); UPDATE score SET colour = 'gold'")
        }
        #expect(try state() == ["gold star", "gold"])
        #expect(try store.undo()?.description == "a gold star for Anna")
        #expect(try state() == ["-"], "the new table's row and the new column's value are taken back")
        #expect(try store.redo()?.description == "a gold star for Anna")
        #expect(try state() == ["gold star", "gold"])
    }

    /// The check above names a column no trigger records (one added bypassing the project's
    /// migrations), so it cannot pass by looking at nothing.
    @Test func theCoverageCheckNamesAColumnNotRecorded() throws {
        let folder = TemporaryFolder()
        let store = try TestProject.project(in: folder, names: ["Anna"])
        var migrator = ProjectSchema.migrator
        migrator.registerMigration("v99: a column added by hand") { db in try db.execute(sql: "ALTER TABLE student ADD COLUMN nickname TEXT") }
        try migrator.migrate(store.pool)
        #expect(try store.pool.read { db in try Self.unrecorded(in: db) }
            == ["student.nickname on insert", "student.nickname on update", "student.nickname on delete"])
    }

    /// The tables that are not a grader's work, kept apart from `HistoryTriggers.notRecorded` so
    /// that adding a table there is a decision made twice.
    private static let notRecorded: Set<String> = [
        "project",        // settings (order, anonymity): not a grader's work, never undone
        "history", "change", "recording", // the history itself
        "grader_place",   // where each grader is: a place, not a change
        "claim",          // the answer each grader has open: lapses by itself, never undone
        "invite",         // who may open the project and as what: access, which an undo must never give back
        "bulk_exam",      // what a bulk import was prepared as, written once with it
        "returned_mail",  // the messages a mail server accepted: sent is sent
        "grdb_migrations", "sqlite_sequence",
    ]

    /// Every column of a table not on `notRecorded` that a history trigger leaves out, as
    /// "table.column on event" (or "table has no event trigger"); empty when all are recorded.
    private static func unrecorded(in db: Database) throws -> [String] {
        let tables = try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_stat%' ORDER BY name")
        return try tables.filter { !notRecorded.contains($0) }.flatMap { table in
            let columns = try String.fetchAll(db, sql: "SELECT name FROM pragma_table_info(?)", arguments: [table])
            return try ["insert", "update", "delete"].flatMap { event in
                guard let sql = try String.fetchOne(db, sql: "SELECT sql FROM sqlite_master WHERE type = 'trigger' AND name = ?",
                                                    arguments: ["\(table)_\(event)_history"]) else { return ["\(table) has no \(event) trigger"] }
                return columns.filter { !sql.contains("'\($0)'") }.map { "\(table).\($0) on \(event)" }
            }
        }
    }
}
