import Foundation
import GRDB
import GraderCore
@testable import GraderStore
import Testing
import TestSupport

@Suite struct ReliabilityTests {
    @Test func aNewerProjectIsRefusedAndLeftAlone() throws {
        let folder = TemporaryFolder()
        _ = try TestProject.make(in: folder, names: ["Anna"])
        let path = ProjectStore.databasePath(in: folder.path)
        // What a newer ezgrader leaves: a migration this build does not know.
        try DatabaseQueue(path: path).write { db in try db.execute(sql: "INSERT INTO grdb_migrations VALUES ('v13: from a newer build')") }
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(throws: StoreError.newerSchema(path: folder.path, found: ProjectStore.schemaVersion + 1, supported: ProjectStore.schemaVersion)) {
            try ProjectStore.open(folder.path, grader: try .tester())
        }
        #expect(StoreError.newerSchema(path: "exam.ezgrader", found: 9, supported: 4).localizedDescription
            == "'exam.ezgrader' was written by a newer ezgrader (project schema version 9); this ezgrader reads schema versions up to 4. Update ezgrader to open it; the project was not changed.")
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
    }

    @Test func aDatabaseWhoseCreationNeverFinishedIsRefused() throws {
        let folder = TemporaryFolder()
        let queue = try DatabaseQueue(path: ProjectStore.databasePath(in: folder.path))
        try ProjectSchema.migrator.migrate(queue)  // the tables, but no project row: killed inside create
        #expect(throws: StoreError.incomplete(path: folder.path, reason: "its project.sqlite holds no project: its creation never finished")) {
            try ProjectStore.open(folder.path, grader: try .tester())
        }
        let other = TemporaryFolder()
        _ = FileManager.default.createFile(atPath: ProjectStore.databasePath(in: other.path), contents: Data())
        #expect(throws: StoreError.incomplete(path: other.path, reason: "its project.sqlite is empty")) { try ProjectStore.open(other.path, grader: try .tester()) }
    }

    @Test func anOlderProjectIsMigratedWithItsGrades() throws {
        let folder = TemporaryFolder()
        let queue = try versionOneProject(in: folder)
        #expect(try queue.read { db in try Int.fetchOne(db, sql: "PRAGMA user_version") } == 1)
        let store = try ProjectStore.open(folder.path, grader: try .tester())
        #expect(try store.gradeBook().score(QuestionID(1), StudentID(0)) == .points(Points("2.5")!))
        #expect(try store.directory().questions.map(\.question.size) == [.standard], "boxes from before sizes keep the standard size")
        #expect(try store.pool.read { db in try String.fetchOne(db, sql: "SELECT source FROM score") } == "grader")
        try store.change("score Anna on Q1: 3") { writer in try writer.setScore(.points(Points("3")!), question: QuestionID(1), student: try store.studentKey(named: "Anna")) }
        #expect(try store.undo()?.description == "score Anna on Q1: 3", "the new column is logged for undo too")
        #expect(try store.gradeBook().score(QuestionID(1), StudentID(0)) == .points(Points("2.5")!))
    }
}
