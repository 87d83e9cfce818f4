import Foundation
import GRDB
import GraderCore
@testable import GraderStore
import Testing
import TestSupport

/// Two graders on one project, as the store keeps them: each their own place, and steps recorded
/// before graders were still undone after the migration.
@Suite struct GraderHistoryTests {
    private func twoGraders(_ folder: TemporaryFolder) throws -> (ann: ProjectStore, ben: ProjectStore) {
        let store = try TestProject.make(in: folder, names: ["Anna", "Ben"])
        return (store.acting(as: try Grader("ann")), store.acting(as: try Grader("ben")))
    }

    @Test func eachGraderHasTheirOwnOrderAndPlace() throws {
        let folder = TemporaryFolder()
        let (ann, ben) = try twoGraders(folder)
        try ann.setPosition(1)
        _ = try ann.setOrder(.perStudent)
        try ben.setPosition(3)
        #expect(try ann.place() == (.perStudent, 2), "Ben on page 1 of Ben in per-page is index 2 per student")
        #expect(try ben.place() == (.perPage, 3))
        let newcomer = ann.acting(as: try Grader("cy"))
        #expect(try newcomer.place() == (.perPage, 0), "a new grader starts at the start of the project's order")
    }

    @Test func stepsRecordedBeforeGradersStillUndoAfterTheMigration() throws {
        let folder = TemporaryFolder()
        _ = try versionOneProject(in: folder, more: """

                INSERT INTO question (page, x, y, max_quarters, label) VALUES (1, 0.5, 0.7, 16, 'Q2');
                INSERT INTO score (question_id, student_id, quarters) VALUES (2, 1, 4);
                INSERT INTO history (description) VALUES ('score Anna on Q1: 3');
                UPDATE recording SET step = 1;
                UPDATE score SET quarters = 12 WHERE question_id = 1;
                UPDATE recording SET step = NULL;
                INSERT INTO history (description) VALUES ('score Anna on Q2: ?');
                UPDATE recording SET step = 2;
                DELETE FROM score WHERE question_id = 2;
                UPDATE recording SET step = NULL;
                """)
        let store = try ProjectStore.open(folder.path, grader: try Grader("ann"))
        #expect(try store.history(limit: 5).map(\.grader) == ["", ""])
        #expect(try store.undo()?.description == "score Anna on Q2: ?", "a row logged without the newer columns comes back")
        #expect(try store.gradeBook().score(QuestionID(2), StudentID(0)) == .points(Points(quarters: 4)))
        #expect(try store.pool.read { db in try String.fetchOne(db, sql: "SELECT source FROM score WHERE question_id = 2") } == "grader")
        #expect(try store.undo()?.description == "score Anna on Q1: 3")
        #expect(try store.gradeBook().score(QuestionID(1), StudentID(0)) == .points(Points(quarters: 10)))
        #expect(try store.redo()?.description == "score Anna on Q1: 3")
        #expect(try store.gradeBook().score(QuestionID(1), StudentID(0)) == .points(Points(quarters: 12)))
    }

    @Test func theMigrationGivesEveryPageASource() throws {
        let folder = TemporaryFolder()
        let store = try TestProject.make(in: folder, names: ["Anna", "Ben"], pages: 3)
        let sources = try store.pool.read { db in
            try Row.fetchAll(db, sql: "SELECT student_id, page, scan_file, page_index, rotation FROM page_source ORDER BY student_id, page")
                .map { "\($0["student_id"] as Int64) p\($0["page"] as Int): \($0["scan_file"] as String)#\($0["page_index"] as Int) @\($0["rotation"] as Int)" }
        }
        #expect(sources == ["1 p1: scans/Anna.pdf#0 @0", "1 p2: scans/Anna.pdf#1 @0", "1 p3: scans/Anna.pdf#2 @0",
                            "2 p1: scans/Ben.pdf#0 @0", "2 p2: scans/Ben.pdf#1 @0", "2 p3: scans/Ben.pdf#2 @0"])
    }
}
