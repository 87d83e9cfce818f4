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
        // The server's own change.
        try server.acting(as: try Grader("ben")).setScore(.points(Points("1")!), student: ben, question: q1)
        #expect(try server.pageLayer(student: ben, page: 1).boxes.first?.score == "1")
        #expect(server.views.buildCount == 3, "one read per change, not per view")
    }
}
