import Foundation
import GRDB
@testable import GraderKit
@testable import GraderStore
import Testing
import TestSupport

/// Two graders on one project: each undoes their own steps, never silently someone else's, and a
/// score changed since a grader saw it is not overwritten.
@Suite struct GraderHistoryTests {
    @Test func undoTakesBackTheGradersOwnLatestStep() throws {
        let folder = TemporaryFolder()
        let (ann, ben) = try TestProject.twoGraders("ann", "ben", in: folder)
        try ann.setScore(student: "Anna", question: "Q1", value: "3")
        try ben.setScore(student: "Ben", question: "Q1", value: "2")
        #expect(try ann.undo()?.description == "score Anna on Q1: 3", "Ann's own step, though Ben's is newer")
        #expect(try ann.score("Anna", on: "Q1") == .ungraded)
        #expect(try ann.score("Ben", on: "Q1") == .points(Points(quarters: 8)), "Ben's later score stays")
        #expect(try ann.undo() == nil, "Ann has nothing more to undo; the set-up step was the tester's")
        #expect(try ann.redo()?.description == "score Anna on Q1: 3")
        #expect(try ann.score("Anna", on: "Q1") == .points(Points(quarters: 12)))
    }

    @Test func undoOfARowSomeoneChangedSinceIsRefusedNamingThem() throws {
        let folder = TemporaryFolder()
        let (ann, ben) = try TestProject.twoGraders("ann", "ben", in: folder)
        try ann.setScore(student: "Anna", question: "Q1", value: "3")
        try ben.setScore(student: "Anna", question: "Q1", value: "4", overwrite: true)
        let benStep = try ann.history(limit: 1)[0]
        #expect(throws: GradingError.historyBlocked(action: "undo", step: "score Anna on Q1: 3", grader: "ben",
                                                   laterStep: benStep.id, later: "score Anna on Q1: 4 (overwriting ann's 3)")) { try ann.undo() }
        #expect(try ann.score("Anna", on: "Q1") == .points(Points(quarters: 16)), "Ben's score is kept")
        #expect(try ben.undo()?.description == "score Anna on Q1: 4 (overwriting ann's 3)")
        #expect(try ann.score("Anna", on: "Q1") == .points(Points(quarters: 12)), "Ben's undo brings back Ann's score")
        #expect(try ann.undo()?.description == "score Anna on Q1: 3", "now nothing of Ben's builds on it")
        #expect(try ann.score("Anna", on: "Q1") == .ungraded)
    }

    @Test func redoOverSomeoneElsesNewerChangeIsRefused() throws {
        let folder = TemporaryFolder()
        let (ann, ben) = try TestProject.twoGraders("ann", "ben", in: folder)
        try ann.setScore(student: "Anna", question: "Q1", value: "3")
        _ = try ann.undo()
        try ben.setScore(student: "Anna", question: "Q1", value: "1")
        #expect(throws: GradingError.self) { try ann.redo() }
        #expect(try ann.score("Anna", on: "Q1") == .points(Points(quarters: 4)))
    }

    @Test func aStaleWriteIsRefusedAndSaysWhoChangedItToWhat() throws {
        let folder = TemporaryFolder()
        let (ann, ben) = try TestProject.twoGraders("ann", "ben", in: folder)
        let q1 = try ann.directory().resolveQuestion("Q1").question.id
        let anna = try ann.key(of: "Anna")
        try ben.setScore(.points(Points(quarters: 16)), student: anna, question: q1)
        let refused = GradingError.changedMeanwhile(student: "Anna", question: "Q1", saw: .ungraded, now: .points(Points(quarters: 16)), by: "ben")
        #expect(throws: refused) { try ann.setScore(.points(Points(quarters: 12)), student: anna, question: q1, expected: .ungraded) }
        #expect(refused.localizedDescription
            == "Not saved: Anna's score on Q1 was ? when you looked, but ben changed it to 4 meanwhile. Look again and score it anew if it should change.")
        #expect(try ann.score("Anna", on: "Q1") == .points(Points(quarters: 16)))
        try ann.setScore(.points(Points(quarters: 12)), student: anna, question: q1, expected: .points(Points(quarters: 16)))
        #expect(try ann.score("Anna", on: "Q1") == .points(Points(quarters: 12)), "with the value they saw, the write lands")
    }

    @Test func scoresAndStepsRecordTheirGraderAndTime() throws {
        let folder = TemporaryFolder()
        let (ann, ben) = try TestProject.twoGraders("ann", "ben", in: folder)
        try ann.setScore(student: "Anna", question: "Q1", value: "3")
        try ben.setScore(student: "Ben", question: "Q1", value: "2")
        let q1 = try ann.directory().resolveQuestion("Q1").question.id
        let records = try ann.scoreRecords()[q1] ?? [:]
        #expect(records[try ann.key(of: "Anna")]?.grader == "ann")
        #expect(records[try ann.key(of: "Ben")]?.grader == "ben")
        let at = records[try ann.key(of: "Anna")]?.at ?? ""
        #expect(at.range(of: #"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$"#, options: .regularExpression) != nil, "UTC ISO 8601: \(at)")
        let history = try ann.history(limit: 10)
        #expect(history.map(\.grader) == ["ben", "ann", "tester", "tester"])
        #expect(history.map(\.description) == ["score Ben on Q1: 2", "score Anna on Q1: 3", "add question on page 1", "add students"])
    }
}
