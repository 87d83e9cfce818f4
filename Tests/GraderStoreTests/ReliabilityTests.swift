import Foundation
import GRDB
import GraderCore
@testable import GraderStore
import Testing
import TestSupport

@Suite struct ReliabilityTests {
    @Test func parallelWritersLoseNoScore() throws {
        let folder = TemporaryFolder()
        let names = (1...8).map { "Student \($0)" }
        let store = try TestProject.make(in: folder, names: names)
        let questions = try (1...200).map { index in
            try store.addQuestion(page: 1 + index % 2, at: "\(index * 2),\(index * 3)", maxPoints: "50", label: "Q\(index)")
        }
        // Eight connections, as eight processes would have, each scoring its own student 200 times.
        DispatchQueue.concurrentPerform(iterations: 8) { worker in
            let own = try! ProjectStore.open(folder.path, grader: try .tester())
            for (index, question) in questions.enumerated() {
                try! own.setScore(student: names[worker], question: question.name, value: "\(Double(index % 200) / 4)")
            }
        }
        let book = try store.gradeBook()
        for (index, question) in questions.enumerated() {
            for worker in 0..<8 {
                #expect(book.score(question.question.id, StudentID(worker)) == .points(Points(quarters: index % 200)))
            }
        }
    }

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
        try store.setScore(student: "Anna", question: "Q1", value: "3")
        #expect(try store.undo()?.description == "score Anna on Q1: 3", "the new column is logged for undo too")
        #expect(try store.gradeBook().score(QuestionID(1), StudentID(0)) == .points(Points("2.5")!))
    }
}
