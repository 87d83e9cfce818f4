import Foundation
import GRDB
import GraderCore
@testable import GraderStore
import Testing
import TestSupport

/// Strokes drawn before the highlighter existed read as the pen's after the migration that
/// stores each stroke's kind; a note has none.
@Suite struct InkKindMigrationTests {
    @Test func olderStrokesAreThePensAndNotesHaveNoKind() throws {
        let folder = TemporaryFolder()
        let ink = try AnnotationColumn.encode(.ink(InkStroke(points: [RelativePoint(x: 0.1, y: 0.1), RelativePoint(x: 0.2, y: 0.1)])))
        let note = try AnnotationColumn.encode(.note(TextNote(text: "Units?", position: RelativePoint(x: 0.3, y: 0.3))))
        _ = try versionOneProject(in: folder, more: """
            ;INSERT INTO annotation (student_id, page, content) VALUES (1, 1, '\(ink)'), (1, 1, '\(note)');
            """)
        let store = try ProjectStore.open(folder.path, grader: try .tester())
        #expect(try store.pool.read { db in try String?.fetchAll(db, sql: "SELECT ink_kind FROM annotation ORDER BY id") } == ["pen", nil])
        let kinds = try store.gradeBook().annotations.map { annotation -> InkKind? in
            guard case .ink(let stroke) = annotation.content else { return nil }
            return stroke.kind
        }
        #expect(kinds == [.pen, nil])
    }
}
