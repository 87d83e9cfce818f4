import Foundation
@testable import GraderKit
import Testing
import TestSupport

/// The lasso through the façade: what a loop takes (by `LassoHitTest`), and moving or removing
/// what it took as one undoable step in the grader's name; another grader's ink moves with it (as
/// one annotation's move does) but is removed only on purpose.
@Suite struct LassoTests {
    private func positions(_ text: String) -> [PagePosition] { text.split(separator: " ").map { PagePosition(String($0))! } }

    @Test func aLoopTakesTheStrokesMostlyInsideItAndTheNotesWhoseCornerIs() throws {
        let folder = TemporaryFolder()
        let store = try TestProject.project(in: folder, names: ["Anna", "Ben"])
        let anna = try store.key(of: "Anna")
        let inside = try store.addInk(student: "Anna", page: 1, points: "110,110 150,120 190,110")
        let clipped = try store.addInk(student: "Anna", page: 1, points: "150,150 180,150 190,150 230,150")
        _ = try store.addInk(student: "Anna", page: 1, points: "50,150 150,150 250,150 300,150")
        let note = try store.addNote(student: "Anna", page: 1, at: "120,180", text: "Units?")
        _ = try store.addInk(student: "Anna", page: 2, points: "150,150 160,160")
        _ = try store.addInk(student: "Ben", page: 1, points: "150,150 160,160")
        let loop = positions("100,100 200,100 200,200 100,200")
        #expect(try store.lassoed(student: anna, page: 1, loop: loop) == [inside, clipped, note],
                "not the stroke only crossing it, nor another page's or student's")
        #expect(throws: GradingError.self) { try store.lassoed(student: anna, page: 1, loop: positions("100,100 900,100 100,200")) }
    }

    @Test func movingAndRemovingSeveralIsOneStepEach() throws {
        let folder = TemporaryFolder()
        let store = try TestProject.project(in: folder, names: ["Anna"])
        let ids = try ["110,110 150,120", "120,150 180,150"].map { try store.addInk(student: "Anna", page: 1, points: $0) }
        let before = try store.gradeBook().annotations
        try store.moveAnnotations(ids, dx: 20, dy: -10)
        #expect(try store.history(limit: 1)[0].description == "move 2 annotations")
        let moved = try store.gradeBook().annotations.map { $0.content }
        #expect(moved == before.map { $0.content.moved(dx: 20 / 612, dy: -10 / 792) })
        let off = #expect(throws: GradingError.self) { try store.moveAnnotations(ids, dx: 0, dy: -125) }
        #expect(off?.localizedDescription.contains("off page 1") == true)
        #expect(try store.gradeBook().annotations.map { $0.content } == moved, "none moved when one would leave the page")
        _ = try store.undo()
        #expect(try store.gradeBook().annotations == before, "one undo takes both back")
        try store.removeAnnotations(ids)
        #expect(try store.history(limit: 1)[0].description == "remove 2 annotations")
        #expect(try store.gradeBook().annotations.isEmpty)
        _ = try store.undo()
        #expect(try store.gradeBook().annotations == before)
    }

    @Test func anotherGradersInkIsRemovedWithTheRestOnlyOnPurpose() throws {
        let folder = TemporaryFolder()
        let store = try TestProject.project(in: folder, names: ["Anna"])
        let mine = try store.addInk(student: "Anna", page: 1, points: "110,110 150,120")
        let theirs = try store.acting(as: try Grader("ta")).addInk(student: "Anna", page: 1, points: "120,150 180,150")
        #expect(throws: GradingError.othersAnnotation(id: theirs.rawValue, grader: "ta")) { try store.removeAnnotations([mine, theirs]) }
        #expect(try store.gradeBook().annotations.count == 2, "nothing removed")
        try store.moveAnnotations([mine, theirs], dx: 5, dy: 5)
        try store.removeAnnotations([mine, theirs], overwrite: true)
        #expect(try store.gradeBook().annotations.isEmpty)
        #expect(try store.history(limit: 1)[0].description == "remove 2 annotations (ta's)")
    }
}
