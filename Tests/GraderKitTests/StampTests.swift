import Foundation
@testable import GraderKit
@testable import GraderStore
import Testing
import TestSupport

/// Rubric stamps: a stamp applies its item (the score follows), moving it keeps the score,
/// removing it takes the item off, each one undoable step in the grader's name; an item counts
/// once however it was applied; another question's item is refused by name.
@Suite struct StampTests {
    private struct Fixture {
        let store: GradingProject, q1: QuestionID, q2: QuestionID, anna: StudentKey, items: [RubricItem]
    }

    private func fixture(_ folder: TemporaryFolder) throws -> Fixture {
        let store = try TestProject.project(in: folder, names: ["Anna", "Ben"]).acting(as: try Grader("ta-ben"))
        let q1 = try store.addQuestion(page: 1, at: "400,100", maxPoints: "4", label: "Q1").question.id
        let q2 = try store.addQuestion(page: 2, at: "400,100", maxPoints: "3", label: "Q2").question.id
        let items = [try store.addRubricItem(question: q1, text: "Sign error", points: Points(quarters: -4)),
                     try store.addRubricItem(question: q1, text: "No units", points: Points(quarters: -2)),
                     try store.addRubricItem(question: q2, text: "Wrong formula", points: Points(quarters: -8))]
        return Fixture(store: store, q1: q1, q2: q2, anna: try store.key(of: "Anna"), items: items)
    }

    private func score(_ f: Fixture, _ question: QuestionID) throws -> String {
        let book = try f.store.gradeBook()
        return book.score(question, try book.resolveStudent("Anna")).description
    }

    private func applied(_ f: Fixture) throws -> [String] {
        let book = try f.store.gradeBook()
        return book.itemsScored(f.q1, try book.resolveStudent("Anna")).map(\.label)
    }

    private func stamps(_ f: Fixture) throws -> [(page: Int, stamp: RubricStamp)] {
        let book = try f.store.gradeBook()
        return book.stamps(of: try book.resolveStudent("Anna"))
    }

    @Test func aStampAppliesItsItemMovesWithoutChangingTheScoreAndItsRemovalTakesTheItemOff() throws {
        let folder = TemporaryFolder()
        let f = try fixture(folder)
        let placed = try f.store.placeStamp(item: f.items[0].id, question: f.q1, student: f.anna, page: 1, at: PagePosition("300,200")!)
        #expect(placed.score == Score.points(Points(quarters: 12)))
        #expect(try score(f, f.q1) == "3")
        #expect(try applied(f) == ["−1 Sign error"])
        let step = try #require(try f.store.history(limit: 1).first)
        #expect(step.description == "stamp item 1 of Q1 on Anna page 1")
        #expect(step.grader == "ta-ben")

        try f.store.moveAnnotation(placed.id, dx: 20, dy: -10)
        #expect(try score(f, f.q1) == "3", "a move keeps the score")
        let moved = try #require(try stamps(f).first)
        #expect(moved.stamp.position.point(on: PageSize(width: 612, height: 792)).x.rounded() == 320)
        #expect(moved.stamp.position.point(on: PageSize(width: 612, height: 792)).y.rounded() == 190)

        try f.store.removeAnnotation(placed.id)
        #expect(try stamps(f).isEmpty)
        #expect(try applied(f).isEmpty)
        #expect(try score(f, f.q1) == "4", "no item left on a graded answer: no deduction, full marks (only ? clears a score)")

        #expect(try f.store.undo()?.description == "remove annotation \(placed.id.rawValue)")
        #expect(try score(f, f.q1) == "3")
        #expect(try stamps(f).count == 1)
        #expect(try f.store.undo()?.description == "move annotation \(placed.id.rawValue)")
        #expect(try f.store.undo()?.description == "stamp item 1 of Q1 on Anna page 1")
        #expect(try stamps(f).isEmpty)
        #expect(try score(f, f.q1) == "?")
    }

    @Test func anItemCountsOnceWhetherTappedOrStampedAndTakingItOffRemovesItsStamp() throws {
        let folder = TemporaryFolder()
        let f = try fixture(folder)
        try f.store.applyRubricItems(student: f.anna, question: f.q1, add: [1])
        let placed = try f.store.placeStamp(item: f.items[0].id, question: f.q1, student: f.anna, page: 1, at: PagePosition("300,200")!)
        #expect(placed.score == Score.points(Points(quarters: 12)), "4 − 1, not 4 − 2")
        let again = #expect(throws: GradingError.alreadyStamped(question: "Q1", item: 1, page: 1)) {
            try f.store.placeStamp(item: f.items[0].id, question: f.q1, student: f.anna, page: 2, at: PagePosition("100,100")!)
        }
        #expect(again?.localizedDescription == "Item 1 of Q1 is already stamped on this answer (page 1): move that stamp, or remove it first.")
        _ = try f.store.placeStamp(item: f.items[1].id, question: f.q1, student: f.anna, page: 2, at: PagePosition("100,500")!)
        #expect(try score(f, f.q1) == "2.5")
        #expect(try applied(f) == ["−1 Sign error", "−0.5 No units"])

        // Taking item 1 off with a tap removes its stamp in the same step; item 2's stays.
        try f.store.applyRubricItems(student: f.anna, question: f.q1, add: [], remove: [1])
        #expect(try stamps(f).map(\.stamp.item) == [f.items[1].id])
        #expect(try score(f, f.q1) == "3.5")
        _ = try f.store.undo()
        #expect(try stamps(f).count == 2)
        #expect(try score(f, f.q1) == "2.5")

        // Removing an item from the rubric takes its stamps from every page.
        try f.store.removeRubricItem(question: f.q1, number: 2)
        #expect(try stamps(f).map(\.stamp.item) == [f.items[0].id])
        #expect(try score(f, f.q1) == "3")
    }

    @Test func removingTheQuestionTakesItsStampsAndUndoBringsThemBack() throws {
        let folder = TemporaryFolder()
        let f = try fixture(folder)
        _ = try f.store.placeStamp(item: f.items[0].id, question: f.q1, student: f.anna, page: 1, at: PagePosition("300,200")!)
        _ = try f.store.placeStamp(item: f.items[2].id, question: f.q2, student: f.anna, page: 2, at: PagePosition("300,200")!)
        try f.store.removeQuestion(f.q1)
        #expect(try stamps(f).map(\.stamp.item) == [f.items[2].id], "Q2's stamp stays")
        _ = try f.store.undo()
        #expect(try stamps(f).count == 2)
        #expect(try score(f, f.q1) == "3")
    }

    @Test func anotherGradersAnswerIsStampedOnlyOnPurpose() throws {
        let folder = TemporaryFolder()
        let f = try fixture(folder)
        let placed = try f.store.placeStamp(item: f.items[0].id, question: f.q1, student: f.anna, page: 1, at: PagePosition("300,200")!)
        let ann = f.store.acting(as: try Grader("ta-ann"))
        #expect(throws: GradingError.self, "ta-ben graded Anna's Q1 with the stamp") {
            try ann.placeStamp(item: f.items[1].id, question: f.q1, student: f.anna, page: 1, at: PagePosition("300,300")!)
        }
        #expect(throws: GradingError.othersAnnotation(id: placed.id.rawValue, grader: "ta-ben")) { try ann.removeAnnotation(placed.id) }
        #expect(try score(f, f.q1) == "3", "nothing changed")
        _ = try ann.placeStamp(item: f.items[1].id, question: f.q1, student: f.anna, page: 1, at: PagePosition("300,300")!, overwrite: true)
        #expect(try score(f, f.q1) == "2.5")
        #expect(try f.store.history(limit: 1).first?.grader == "ta-ann")
    }

    @Test func anotherQuestionsItemIsRefusedByName() throws {
        let folder = TemporaryFolder()
        let f = try fixture(folder)
        let refused = #expect(throws: GradingError.self) {
            try f.store.placeStamp(item: f.items[2].id, question: f.q1, student: f.anna, page: 1, at: PagePosition("300,200")!)
        }
        #expect(refused?.localizedDescription == "Item 1 of Q2 ('Wrong formula') cannot be stamped on the answer to Q1: "
            + "stamp one of Q1's own items, or grade Q2.")
        #expect(try stamps(f).isEmpty)
        #expect(try score(f, f.q1) == "?")
        #expect(try f.store.history(limit: 1).first?.description.hasPrefix("stamp") == false, "nothing recorded")
        #expect(throws: GradingError.self) {
            try f.store.placeStamp(item: f.items[0].id, question: f.q1, student: f.anna, page: 1, at: PagePosition("700,200")!)
        }
    }

    @Test func aTypedScoreHidesTheStampFromTheGradedPageAndTheScreenSaysSo() throws {
        let folder = TemporaryFolder()
        let f = try fixture(folder)
        _ = try f.store.placeStamp(item: f.items[0].id, question: f.q1, student: f.anna, page: 1, at: PagePosition("300,200")!)
        let book = try f.store.gradeBook(), anna = try book.resolveStudent("Anna")
        #expect(GradeLayer.marks(book, student: anna, page: 1).marks.contains { if case .stamp(let text, _, _) = $0 { text == "−1 Sign error" } else { false } })
        #expect(try f.store.pageLayer(student: f.anna, page: 1).stamps.map(\.counted) == [true])
        try f.store.setScore(student: "Anna", question: "Q1", value: "4")
        let typed = try f.store.gradeBook()
        #expect(!GradeLayer.marks(typed, student: anna, page: 1).marks.contains { if case .stamp = $0 { true } else { false } })
        #expect(try f.store.pageLayer(student: f.anna, page: 1).stamps.map(\.counted) == [false], "kept, so the grader can remove it")
    }
}
