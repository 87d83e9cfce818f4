import Foundation
@testable import GraderKit
@testable import GraderStore
import Testing
import TestSupport

/// The dynamic rubric in the store: an edit re-scores exactly the students whose score comes
/// from the item, typed scores stay, groups allow one item, scores stay within 0…max.
@Suite struct RubricStoreTests {
    private let names = ["Anna", "Ben", "Cy", "Dee", "Eve"]

    private func project(_ folder: TemporaryFolder) throws -> (GradingProject, QuestionID) {
        let store = try TestProject.project(in: folder, names: names)
        let q1 = try store.addQuestion(page: 1, at: "100,100", maxPoints: "4", label: "Q1").question.id
        return (store, q1)
    }

    private func scores(_ store: GradingProject, _ question: QuestionID) throws -> [String] {
        let book = try store.gradeBook()
        return book.students.indices.map { book.score(question, StudentID($0)).description }
    }

    @Test func editingAnItemReScoresExactlyTheStudentsScoredWithItAndUndoRestoresThem() throws {
        let folder = TemporaryFolder()
        let (store, q1) = try project(folder)
        _ = try store.addRubricItem(question: q1, text: "Sign error", points: Points(quarters: -4))
        for name in ["Anna", "Ben", "Cy"] { try store.applyRubricItems(student: try store.key(of: name), question: q1, add: [1]) }
        try store.setScore(student: "Dee", question: "Q1", value: "2")
        try store.applyRubricItems(student: try store.key(of: "Eve"), question: q1, add: [1])
        try store.setScore(student: "Eve", question: "Q1", value: "2.5")  // typed over the rubric
        #expect(try scores(store, q1) == ["3", "3", "3", "2", "2.5"])

        let edited = try store.editRubricItem(question: q1, number: 1, points: Points(quarters: -12))
        #expect(edited.label == "−3 Sign error")
        #expect(try scores(store, q1) == ["1", "1", "1", "2", "2.5"], "the three rubric scores follow; typed ones stay")
        #expect(try store.undo()?.description == "edit rubric item 1 of Q1")
        #expect(try scores(store, q1) == ["3", "3", "3", "2", "2.5"])
        #expect(try store.rubricUsage(question: q1).values.first == 4, "Eve keeps the item, though her score is typed")
    }

    @Test func movingAnItemRenumbersTheListAndChangesNoScore() throws {
        let folder = TemporaryFolder()
        let (store, q1) = try project(folder)
        for (text, points) in [("Sign error", -1), ("No units", -2), ("Perfect", 0)] {
            _ = try store.addRubricItem(question: q1, text: text, points: Points(quarters: points * 4))
        }
        try store.applyRubricItems(student: try store.key(of: "Ben"), question: q1, add: [2])
        let before = try scores(store, q1)
        try store.moveRubricItem(question: q1, number: 3, to: 1)
        #expect(try store.rubricItems(question: q1).map { "\($0.number) \($0.text)" } == ["1 Perfect", "2 Sign error", "3 No units"])
        #expect(try scores(store, q1) == before, "no score changes")
        #expect(try store.gradeBook().appliedItems[q1]?[StudentID(1)]?.map(\.text) == ["No units"], "Ben keeps the item he had, now number 3")
        #expect(throws: GradingError.self) { try store.moveRubricItem(question: q1, number: 1, to: 4) }
        #expect(try store.undo()?.description == "move rubric item 3 of Q1 to 1")
        #expect(try store.rubricItems(question: q1).map(\.text) == ["Sign error", "No units", "Perfect"])
    }

    @Test func aGroupAllowsOneItemAndSaysWhich() throws {
        let folder = TemporaryFolder()
        let (store, q1) = try project(folder)
        _ = try store.addRubricItem(question: q1, text: "Half the method", points: Points(quarters: -8), group: "method")
        _ = try store.addRubricItem(question: q1, text: "No method", points: Points(quarters: -16), group: "method")
        let anna = try store.key(of: "Anna")
        try store.applyRubricItems(student: anna, question: q1, add: [1])
        let refused = GradingError.rubricGroupTaken(question: "Q1", group: "method", applied: 1, refused: 2)
        #expect(throws: refused) { try store.applyRubricItems(student: anna, question: q1, add: [2]) }
        #expect(refused.localizedDescription == "Item 2 of Q1 cannot be applied: item 1 of the same group 'method' is, "
            + "and at most one item of a group may be. Remove item 1 first.")
        #expect(try store.applyRubricItems(student: anna, question: q1, add: [2], remove: [1]) == .points(.zero), "swapped in one step")
    }

    @Test func rubricScoresStayWithinZeroAndTheMaximum() throws {
        let folder = TemporaryFolder()
        let (store, q1) = try project(folder)
        _ = try store.addRubricItem(question: q1, text: "Wrong setup", points: Points(quarters: -12))
        _ = try store.addRubricItem(question: q1, text: "Wrong answer", points: Points(quarters: -12))
        let anna = try store.key(of: "Anna"), ben = try store.key(of: "Ben")
        #expect(try store.applyRubricItems(student: anna, question: q1, add: [1, 2]) == .points(.zero), "not −2")
        try store.setScoring(.credits, question: q1)
        _ = try store.editRubricItem(question: q1, number: 1, points: Points(quarters: 12))
        _ = try store.editRubricItem(question: q1, number: 2, points: Points(quarters: 12))
        #expect(try scores(store, q1)[0] == "4", "credits 3 + 3 on a question worth 4")
        #expect(try store.applyRubricItems(student: ben, question: q1, add: [1], adjustment: Points(quarters: -2)) == .points(Points(quarters: 10)))
        #expect(try store.applyRubricItems(student: ben, question: q1, add: [], remove: [1]) == .points(.zero),
                "the adjustment stays: 0 − 0.5 is kept at 0")
        _ = try store.setMaximum(question: "Q1", to: "2")
        #expect(try scores(store, q1)[0] == "2", "a rubric score follows a lower maximum instead of blocking it")
    }

    /// A tap on an applied "+0 Correct" takes it off; the answer was graded and stays graded ("?" clears a score, an item never does).
    @Test func takingTheLastItemOffAGradedAnswerKeepsWhatNoItemGives() throws {
        let folder = TemporaryFolder()
        let (store, q1) = try project(folder)
        _ = try store.addRubricItem(question: q1, text: "Correct", points: .zero)
        _ = try store.addRubricItem(question: q1, text: "Sign error", points: Points(quarters: -4))
        let anna = try store.key(of: "Anna"), ben = try store.key(of: "Ben"), cy = try store.key(of: "Cy")
        #expect(try store.applyRubricItems(student: anna, question: q1, add: [1]) == .points(Points(quarters: 16)))
        #expect(try store.applyRubricItems(student: anna, question: q1, add: [], remove: [1], expected: .points(Points(quarters: 16)))
            == .points(Points(quarters: 16)), "deductions: no item is full marks, not ?")
        try store.applyRubricItems(student: ben, question: q1, add: [2])
        #expect(try store.applyRubricItems(student: ben, question: q1, add: [], remove: [2]) == .points(Points(quarters: 16)))
        #expect(try store.applyRubricItems(student: cy, question: q1, add: [], remove: [1]) == .ungraded, "never graded: stays ?")
        #expect(try scores(store, q1) == ["4", "4", "?", "?", "?"])
        try store.setScoring(.credits, question: q1)
        #expect(try scores(store, q1) == ["4", "4", "?", "?", "?"], "kept as plain scores: a change of scoring leaves them")
        try store.applyRubricItems(student: cy, question: q1, add: [1])
        #expect(try store.applyRubricItems(student: cy, question: q1, add: [], remove: [1]) == .points(.zero), "credits: no item is zero")
        _ = try store.undo()
        #expect(try scores(store, q1)[2] == "0", "one undo step puts the item back")
    }

    @Test func removingTheLastItemLeavesTheScoreUngraded() throws {
        let folder = TemporaryFolder()
        let (store, q1) = try project(folder)
        _ = try store.addRubricItem(question: q1, text: "Units missing", points: Points(quarters: -2))
        try store.applyRubricItems(student: try store.key(of: "Cy"), question: q1, add: [1])
        #expect(try scores(store, q1)[2] == "3.5")
        try store.removeRubricItem(question: q1, number: 1)
        #expect(try scores(store, q1)[2] == "?")
        #expect(throws: GradingError.unknownRubricItem(question: "Q1", number: 1, count: 0)) {
            try store.applyRubricItems(student: try store.key(of: "Cy"), question: q1, add: [1])
        }
    }
}
