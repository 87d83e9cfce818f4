import Foundation
@testable import GraderKit
@testable import GraderStore
import Testing
import TestSupport

@Suite struct AnnotationStoreTests {
    @Test func erasingHitsTheStrokesPathNotItsBoundingBox() throws {
        let folder = TemporaryFolder()
        let store = try TestProject.project(in: folder, names: ["Anna"])
        // A diagonal stroke from (100,100) to (300,300): its bounding box holds (280,120), its path does not.
        let diagonal = try store.addInk(student: "Anna", page: 1, points: "100,100 300,300")
        let other = try store.addInk(student: "Anna", page: 1, points: "400,400 450,400", color: RGBColor("blue")!, width: 3)
        #expect(throws: GradingError.nothingToErase(page: 1, x: 280, y: 120)) {
            _ = try store.erase(student: "Anna", page: 1, at: "280,120")
        }
        #expect(try store.erase(student: "Anna", page: 1, at: "203,199") == [diagonal], "within a few points of the line")
        #expect(try store.gradeBook().annotations.map(\.id) == [other])
    }

    @Test func oneEraserDragIsOneUndoStep() throws {
        let folder = TemporaryFolder()
        let store = try TestProject.project(in: folder, names: ["Anna"])
        let anna = try store.key(of: "Anna")
        let strokes = try ["100,100 200,100", "100,150 200,150", "100,200 200,200"].map { try store.addInk(student: "Anna", page: 1, points: $0) }
        let first = try store.erase(student: anna, page: 1, at: PagePosition("150,100")!)
        let second = try store.erase(student: anna, page: 1, at: PagePosition("150,150")!, continuing: first.step)
        #expect(second.step == first.step)
        #expect(try store.history(limit: 10).filter { $0.description.hasPrefix("erase on") }.count == 1, "the drag is one step")
        let note = try store.acting(as: try Grader("ta")).addNote(student: "Anna", page: 2, at: "50,50", text: "Mine.")
        let third = try store.erase(student: anna, page: 1, at: PagePosition("150,200")!, continuing: first.step)
        #expect(third.step != first.step, "after someone else's change a new step begins")
        #expect(try store.undo()?.description == "erase on Anna page 1")
        #expect(try store.undo()?.description == "erase on Anna page 1")
        #expect(try store.gradeBook().annotations.map(\.id) == strokes + [note], "two undos bring back all three strokes")
    }

    @Test func notesAreEditedMovedAndRemoved() throws {
        let folder = TemporaryFolder()
        let store = try TestProject.project(in: folder, names: ["Zoë"])
        let id = try store.addNote(student: "zoë", page: 2, at: "72,144", text: "Nice proof — 很好", fontSize: 12)
        try store.editNote(id, text: "Check step 3")
        try store.moveAnnotation(id, dx: 10, dy: -20)
        guard case .note(let note) = try store.gradeBook().annotations[0].content else { Issue.record("not a note"); return }
        #expect(note.text == "Check step 3")
        #expect(abs(note.position.point(on: PageSize(width: 612, height: 792)).x - 82) < 1e-9)
        #expect(abs(note.position.point(on: PageSize(width: 612, height: 792)).y - 124) < 1e-9)
        let off = #expect(throws: GradingError.self) { try store.moveAnnotation(id, dx: 0, dy: -500) }
        #expect(off?.localizedDescription == "Annotation \(id.rawValue) cannot move by 0,-500: it would reach 82,-376, off page 2, which is 612 × 792 "
            + "points (x from the left, y from the top). Give a smaller shift.")
        try store.removeAnnotation(id)
        #expect(try store.gradeBook().annotations.isEmpty)
        #expect(try store.undo()?.description == "remove annotation \(id.rawValue)")
        #expect(try store.gradeBook().annotations.count == 1)
    }
}
