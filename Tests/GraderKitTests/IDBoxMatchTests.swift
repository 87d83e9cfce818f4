import Foundation
import GraderKit
import Testing
import TestSupport

/// Per-student scans whose page 1 has the student number written by pen in printed boxes: the
/// rubric's id_boxes read, every student matched to the roster at once, the one not on it left.
@Suite struct IDBoxMatchTests {
    static let roster = IDBoxClass.roster

    private func project(_ folder: TemporaryFolder, written: [String], rubric: String = IDBoxClass.rubric) throws -> GradingProject {
        try IDBoxClass.project(in: folder, written: written, rubric: rubric)
    }

    @Test func matchesEveryStudentOnTheRosterAndLeavesTheOneNotOnIt() throws {
        let folder = TemporaryFolder()
        let written = Array(Self.roster.prefix(6)) + ["20175531"]
        let project = try project(folder, written: written)
        let outcomes = try project.matchByIDBoxes(rosterPath: folder.file("roster.csv"))
        let matched = Dictionary(uniqueKeysWithValues: outcomes.compactMap { outcome in outcome.student.map { (outcome.name, $0.rosterID ?? "") } })
        #expect(matched == Dictionary(uniqueKeysWithValues: (0..<6).map { ("paper\($0 + 1)", Self.roster[$0]) }))
        let left = outcomes.filter { $0.student == nil }
        #expect(left.map(\.name) == ["paper7"])
        // The students now carry their roster names and ids; the copy not on the roster keeps its file's name.
        let names = try project.directory().students.map(\.student.name).sorted()
        #expect(names == ((0..<6).map { "Student \($0)" } + ["paper7"]).sorted())
        // Run again: only the one left is read, and still not matched.
        #expect(try project.matchByIDBoxes(rosterPath: folder.file("roster.csv")).map(\.student) == [nil])
    }

    @Test func aCopyLeftForReviewIsConfirmedByHandAndUndone() throws {
        let folder = TemporaryFolder()
        let written = Array(Self.roster.prefix(3)) + ["20175531"]
        let project = try project(folder, written: written)
        _ = try project.matchByIDBoxes(rosterPath: folder.file("roster.csv"))
        let cards = try project.idReviewCards()
        #expect(cards.map(\.name) == ["paper4"])
        let card = try #require(cards.first)
        // The crop holds every box, with a margin, on page 1 of the copy; three students offered, likeliest first.
        #expect(card.page == 1 && card.region.origin.x < 300 && card.region.origin.x + card.region.width > 300 + 7 * 23 + 20)
        #expect(card.review.candidates.count == 3 && card.review.read.count == 8)
        #expect(card.review.candidates.map(\.probability) == card.review.candidates.map(\.probability).sorted(by: >))
        #expect(throws: GradingError.notAnIDCandidate(copy: "paper4", rosterID: "1", offered: card.review.candidates.compactMap(\.student.rosterID))) {
            try project.confirmIDReview(student: card.review.student, rosterID: "1")
        }
        // Only students not matched yet are offered.
        #expect(!card.review.candidates.contains { Self.roster.prefix(3).contains($0.student.rosterID ?? "") })
        let chosen = card.review.candidates[0].student
        #expect(try project.confirmIDReview(student: card.review.student, rosterID: chosen.rosterID ?? "") == chosen)
        #expect(try project.idReviewCards().isEmpty)
        #expect(try project.directory().students.map(\.student).contains(chosen))
        #expect(throws: GradingError.notInIDReview(chosen.name)) { try project.confirmIDReview(student: card.review.student, rosterID: chosen.rosterID ?? "") }
        // Undone, the copy is waiting again under its file's name.
        _ = try project.undo()
        #expect(try project.idReviewCards().map(\.name) == ["paper4"])
        // A viewer and a grader may neither see nor confirm it.
        for role in [GraderRole.grader, .viewer] {
            #expect(throws: RoleRefusal.self) { try project.acting(as: try Grader("ta"), role: role).idReviewCards() }
        }
    }

    @Test func refusesARubricWithoutIDBoxesAndBadFields() throws {
        let folder = TemporaryFolder()
        let project = try project(folder, written: ["20261048"], rubric: "questions:\n  - page: 1\n    at: 50,50\n    max: 2\n")
        #expect(throws: GradingError.noIDBoxes) { try project.matchByIDBoxes(rosterPath: folder.file("roster.csv")) }
        let bad = "id_boxes:\n  - id: n\n    page: 1\n    at: 300,96\n    size: 20,26\n    pitch: 10\n    count: 8\n"
        #expect(throws: RubricError.invalid(path: "r.yaml", line: 2, detail: "id_boxes 'n': pitch (10.0) must be at least the box width (20.0): boxes may not overlap")) {
            try Rubric(yaml: bad, path: "r.yaml")
        }
    }
}
