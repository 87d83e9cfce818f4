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
            let own = try! ProjectStore.open(folder.path)
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
        try DatabaseQueue(path: path).write { db in try db.execute(sql: "PRAGMA user_version = 9") }
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(throws: StoreError.newerSchema(path: folder.path, found: 9, supported: 3)) { try ProjectStore.open(folder.path) }
        #expect(StoreError.newerSchema(path: "exam.ezgrader", found: 9, supported: 3).localizedDescription
            == "'exam.ezgrader' was written by a newer ezgrader (project schema version 9); this ezgrader reads schema versions up to 3. Update ezgrader to open it; the project was not changed.")
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
    }

    @Test func aDatabaseWhoseCreationNeverFinishedIsRefused() throws {
        let folder = TemporaryFolder()
        let queue = try DatabaseQueue(path: ProjectStore.databasePath(in: folder.path))
        try ProjectSchema.migrator.migrate(queue)  // the tables, but no project row: killed inside create
        #expect(throws: StoreError.incomplete(path: folder.path, reason: "its project.sqlite holds no project: its creation never finished")) {
            try ProjectStore.open(folder.path)
        }
        let other = TemporaryFolder()
        _ = FileManager.default.createFile(atPath: ProjectStore.databasePath(in: other.path), contents: Data())
        #expect(throws: StoreError.incomplete(path: other.path, reason: "its project.sqlite is empty")) { try ProjectStore.open(other.path) }
    }

    @Test func anOlderProjectIsMigratedWithItsGrades() throws {
        let folder = TemporaryFolder()
        let queue = try DatabaseQueue(path: ProjectStore.databasePath(in: folder.path))
        try ProjectSchema.migrator.migrate(queue, upTo: "v1")
        try queue.write { db in
            try db.execute(sql: """
                INSERT INTO project (id, pages_per_student) VALUES (1, 1);
                INSERT INTO student (name, name_key, scan_file, scan_sha256, page_sizes, list_order)
                    VALUES ('Anna', 'anna', 'scans/Anna.pdf', '0', '[[612,792]]', 1);
                INSERT INTO question (page, x, y, max_quarters, label) VALUES (1, 0.5, 0.5, 16, 'Q1');
                INSERT INTO score (question_id, student_id, quarters) VALUES (1, 1, 10);
                """)
        }
        #expect(try queue.read { db in try Int.fetchOne(db, sql: "PRAGMA user_version") } == 1)
        let store = try ProjectStore.open(folder.path)
        #expect(try store.gradeBook().score(QuestionID(1), StudentID(0)) == .points(Points("2.5")!))
        #expect(try store.queue.read { db in try String.fetchOne(db, sql: "SELECT source FROM score") } == "grader")
        try store.setScore(student: "Anna", question: "Q1", value: "3")
        #expect(try store.undo() == "score Anna on Q1: 3", "the new column is logged for undo too")
        #expect(try store.gradeBook().score(QuestionID(1), StudentID(0)) == .points(Points("2.5")!))
    }
}
