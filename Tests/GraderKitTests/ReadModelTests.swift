import Foundation
@testable import GraderKit
import GraderStore
import Testing
import TestSupport

/// The views' read model: the project is read once per change, whoever makes it, not per request.
@Suite struct ReadModelTests {
    @Test func cardsReadTheProjectOncePerChangeAndSeeEveryProcesssChanges() throws {
        let folder = TemporaryFolder()
        let owner = try TestProject.project(in: folder, names: ["Anna", "Ben", "Cy"])
        let q1 = try owner.addQuestion(page: 1, at: "100,100", maxPoints: "4", label: "Q1").question.id
        let server = try GradingProject.open(owner.folder, as: try Grader("ann"))
        let anna = try server.student(named: "Anna"), ben = try server.student(named: "Ben")
        for (grader, student) in [("ann", anna), ("ben", ben), ("ann", anna)] {
            _ = try server.acting(as: try Grader(grader)).answerCard(question: q1, from: student, move: .here)
        }
        _ = try server.pageLayer(student: anna, page: 1)
        _ = try server.classOverview()
        #expect(server.views.buildCount == 1, "five views of an unchanged project read it once")

        // The command line (another connection, as another process would be) scores Anna.
        try owner.setScore(.points(Points("3")!), student: anna, question: q1)
        #expect(try server.answerCard(question: q1, from: anna, move: .here).score == "3")
        #expect(try server.classOverview().students.first { $0.student == anna.rawValue }?.scores == ["3"])
        // The server's own change is patched in, not read.
        try server.acting(as: try Grader("ben")).setScore(.points(Points("1")!), student: ben, question: q1)
        #expect(try server.pageLayer(student: ben, page: 1).boxes.first?.score == "1")
        #expect(server.views.buildCount == 2, "one read per change from elsewhere, none for the server's own scores")
    }

    /// Property: whatever mix of the server's own scores, rubric items, claims and places, and of changes from
    /// elsewhere, the views show what a fresh read shows — and only changes from elsewhere, or
    /// ones that do not say what they change, make a new read.
    @Test func ownScoresRubricClaimsAndPlacesArePatchedInAndEqualAFreshRead() throws {
        let folder = TemporaryFolder()
        let owner = try TestProject.project(in: folder, names: ["Anna", "Ben", "Cy", "Dora"])
        let questions = try ["Q1", "Q2", "Q3"].map { try owner.addQuestion(page: 1, at: "100,\(100 + 50 * $0.count)", maxPoints: "4", label: $0).question.id }
        for question in questions {
            try owner.addRubricItem(question: question, text: "Correct", points: Points("3")!)
            try owner.addRubricItem(question: question, text: "Units", points: Points("1")!)
        }
        let server = try GradingProject.open(owner.folder, as: try Grader("ann"))
        let students = try ["Anna", "Ben", "Cy", "Dora"].map { try server.student(named: $0) }
        var random = SeededGenerator(seed: 29)
        var expectedBuilds = 1
        _ = try server.classOverview()
        for step in 0..<120 {
            let question = questions[random.below(3)], student = students[random.below(4)]
            let grader = try server.acting(as: try Grader(["ann", "ben", "cy"][random.below(3)]))
            switch random.below(10) {
            case 0:  // from elsewhere: read afresh
                try owner.setScore(.points(Points(quarters: random.below(17))), student: student, question: question, overwrite: true)
                expectedBuilds += 1
            case 1:  // a note says nothing of what it changes for the views: read afresh
                _ = try grader.addNote(student: student, page: 1, at: PagePosition(PagePoint(x: 300, y: 300)), text: "step \(step)")
                expectedBuilds += 1
            case 2:
                _ = try grader.takeAnswer(question: question, student: student, onPurpose: true)
            case 3:
                try grader.setScore(.ungraded, student: student, question: question, overwrite: true)
            case 4, 5:
                let item = 1 + random.below(2)
                try grader.applyRubricItems(student: student, question: question, add: random.below(2) == 0 ? [item] : [],
                                            remove: random.below(2) == 0 ? [3 - item] : [], overwrite: true)
            default:
                try grader.setScore(.points(Points(quarters: random.below(17))), student: student, question: question, overwrite: true)
            }
            let shown = try server.views.snapshot(server.store).book
            #expect(shown == (try server.store.gradeBook()), "after step \(step)")
            #expect(server.views.buildCount == expectedBuilds, "after step \(step)")
        }
    }
}
