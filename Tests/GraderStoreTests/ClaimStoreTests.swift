import Foundation
import GraderCore
import GraderStore
import Testing
import TestSupport

/// Claims in the store: one answer per grader, refused while another grader holds it (unless
/// taken on purpose), lapsing after ten idle minutes, and never part of the undo history.
@Suite struct ClaimStoreTests {
    @Test func aClaimHoldsOffOthersUntilItLapsesAndIsNoUndoStep() throws {
        let folder = TemporaryFolder()
        let store = try TestProject.make(in: folder, names: ["Anna", "Ben"])
        let q1 = try store.change("add question") { writer in
            try writer.insertQuestion(page: 1, position: RelativePoint(x: 0.2, y: 0.1), maxPoints: Points(quarters: 16), label: "Q1")
        }
        let (ann, ben) = (store.acting(as: try Grader("ann")), store.acting(as: try Grader("ben")))
        let (anna, benKey) = (try store.studentKey(named: "Anna"), try store.studentKey(named: "Ben"))
        let start = Date(timeIntervalSince1970: 1_800_000_000)
        let stepsBefore = try store.history(limit: 10).count

        #expect(try ann.claim(student: anna, question: q1, onPurpose: false, at: start) == [])
        #expect(try ben.claim(student: anna, question: q1, onPurpose: false, at: start + 60) == ["ann"], "Ann has it open")
        #expect(try ben.claims(at: start + 60).map { "\($0.grader) \($0.student == anna) \($0.question == q1)" } == ["ann true true"], "nothing written")
        #expect(try ann.claim(student: benKey, question: q1, onPurpose: false, at: start + 120) == [], "moving on lets Anna go")
        #expect(try ben.claim(student: anna, question: q1, onPurpose: false, at: start + 130) == [])

        #expect(try ann.claim(student: anna, question: q1, onPurpose: true, at: start + 140) == ["ben"], "on purpose: both hold it")
        #expect(try store.claims(at: start + 130 + ProjectStore.claimLapse - 1).count == 2)
        #expect(try store.claims(at: start + 140 + ProjectStore.claimLapse + 1) == [], "ten idle minutes: both lapsed")
        #expect(try ben.claim(student: anna, question: q1, onPurpose: false, at: start + 140 + ProjectStore.claimLapse + 1) == [])

        try ben.releaseClaim()
        #expect(try store.claims(at: start + 140 + ProjectStore.claimLapse + 2) == [])
        #expect(try store.history(limit: 10).count == stepsBefore, "claims are not undoable history")
    }
}
