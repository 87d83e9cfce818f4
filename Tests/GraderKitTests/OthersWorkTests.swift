import Foundation
@testable import GraderKit
@testable import GraderStore
import Testing
import TestSupport

/// Another grader's score or note is changed only on purpose: a write that did not see it (no
/// `expected`) is refused naming whose it is, and an explicit overwrite says so in the history.
@Suite struct OthersWorkTests {
    @Test func anotherGradersScoreIsReplacedOnlyWithOverwriteAndTheHistorySaysSo() throws {
        let folder = TemporaryFolder()
        let (prof, ta) = try TestProject.twoGraders("prof", "ta", in: folder)
        try ta.setScore(student: "Anna", question: "Q1", value: "3")
        let q1 = try prof.directory().resolveQuestion("Q1").question.id, anna = try prof.key(of: "Anna")
        #expect(throws: GradingError.othersScores([ForeignScore(student: "Anna", question: "Q1", score: .points(Points(quarters: 12)), grader: "ta")])) {
            try prof.setScore(.points(Points(quarters: 16)), student: anna, question: q1)
        }
        #expect(try prof.score("Anna", on: "Q1") == .points(Points(quarters: 12)))
        #expect(GradingError.othersScores([ForeignScore(student: "Anna", question: "Q1", score: .points(Points(quarters: 12)), grader: "ta")])
            .localizedDescription == "That score was given by another grader (Anna on Q1: 3 by ta): to replace another grader's work, "
            + "say so with --overwrite (it is recorded as an overwrite). Nothing was changed.")
        try prof.setScore(.points(Points(quarters: 16)), student: anna, question: q1, overwrite: true)
        #expect(try prof.score("Anna", on: "Q1") == .points(Points(quarters: 16)))
        #expect(try prof.history(limit: 1)[0].description == "score Anna on Q1: 4 (overwriting ta's 3)")
        try prof.setScore(student: "Ben", question: "Q1", value: "2")
        try prof.setScore(student: "Ben", question: "Q1", value: "2.5")
        #expect(try prof.score("Ben", on: "Q1") == .points(Points(quarters: 10)), "a grader's own score needs no override")
        #expect(throws: GradingError.self) { try ta.setScore(student: "Anna", question: "Q1", value: "?") }
        #expect(try prof.score("Anna", on: "Q1") == .points(Points(quarters: 16)), "clearing another grader's score needs one too")
    }

    @Test func aQuestionOrStudentOtherGradersScoredIsRemovedOnlyWithOverwrite() throws {
        let folder = TemporaryFolder()
        let (prof, ta) = try TestProject.twoGraders("prof", "ta", in: folder)
        try ta.setScore(student: "Anna", question: "Q1", value: "3")
        let q1 = try prof.directory().resolveQuestion("Q1").question.id
        #expect(throws: GradingError.othersScores([ForeignScore(student: "Anna", question: "Q1", score: .points(Points(quarters: 12)), grader: "ta")])) {
            try prof.removeQuestion(q1)
        }
        #expect(throws: GradingError.self) { try prof.removeStudent(try prof.key(of: "Anna")) }
        try prof.removeStudent(try prof.key(of: "Ben"))
        try prof.removeQuestion(q1, overwrite: true)
        #expect(try prof.history(limit: 1)[0].description == "remove question Q1 (removing a score of other graders)")
    }

    @Test func anotherGradersNoteIsRemovedOnlyWithOverwrite() throws {
        let folder = TemporaryFolder()
        let (prof, ta) = try TestProject.twoGraders("prof", "ta", in: folder)
        let note = try ta.addNote(student: "Ben", page: 1, at: "100,100", text: "See me.")
        #expect(throws: GradingError.othersAnnotation(id: note.rawValue, grader: "ta")) { try prof.removeAnnotation(note) }
        try prof.removeAnnotation(note, overwrite: true)
        #expect(try prof.history(limit: 1)[0].description == "remove annotation \(note.rawValue) (ta's)")
        let own = try prof.addNote(student: "Ben", page: 1, at: "100,100", text: "Mine.")
        try prof.removeAnnotation(own)
    }

    /// The eraser takes the grader's own ink and passes over another grader's: refused, naming
    /// whose, when only theirs is under it; taken only on purpose, and the history says whose.
    @Test func theEraserTakesOnlyTheGradersOwnInkUnlessOnPurpose() throws {
        let folder = TemporaryFolder()
        let (prof, ta) = try TestProject.twoGraders("prof", "ta", in: folder)
        let ben = try prof.key(of: "Ben")
        let across = [PagePosition("100,200")!, PagePosition("300,200")!], down = [PagePosition("200,100")!, PagePosition("200,300")!]
        let theirs = try ta.addInk(student: ben, page: 1, points: across)
        #expect(throws: GradingError.othersAnnotation(id: theirs.rawValue, grader: "ta")) {
            try prof.erase(student: ben, page: 1, at: PagePosition("150,200")!)
        }
        let mine = try prof.addInk(student: ben, page: 1, points: down)
        // Where both cross, only the grader's own stroke goes.
        #expect(try prof.erase(student: ben, page: 1, at: PagePosition("200,200")!).removed == [mine])
        #expect(try prof.gradeBook().annotations.map(\.id) == [theirs])
        #expect(try prof.erase(student: ben, page: 1, at: PagePosition("150,200")!, overwrite: true).removed == [theirs])
        #expect(try prof.history(limit: 1)[0].description == "erase on Ben page 1 (ta's)")
        #expect(try prof.gradeBook().annotations.isEmpty)
    }
}
