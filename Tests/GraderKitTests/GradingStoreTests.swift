import Foundation
@_spi(Rules) @testable import GraderKit
@testable import GraderStore
import Testing
import TestSupport

@Suite struct GradingStoreTests {
    private func message(_ body: () throws -> Void) -> String? {
        do { try body(); return nil } catch { return error.localizedDescription }
    }

    @Test func aQuestionAppearsForEveryStudentAsUngraded() throws {
        let folder = TemporaryFolder()
        let store = try TestProject.project(in: folder, names: ["Anna", "Ben", "O'Brien, Pat"])
        let question = try store.addQuestion(page: 2, at: "430,60", maxPoints: "4", label: "Q2")
        #expect(question.question.position == RelativePoint(x: 430.0 / 612, y: 60.0 / 792))
        let book = try store.gradeBook()
        #expect((0..<3).map { book.score(question.question.id, StudentID($0)) } == [.ungraded, .ungraded, .ungraded])
        try store.setScore(student: "o'brien, pat", question: "Q2", value: "3.5")
        #expect(try store.gradeBook().score(question.question.id, StudentID(2)) == .points(Points("3.5")!))
    }

    @Test func questionsAreNumberedTopToBottomThenLeftToRight() throws {
        let folder = TemporaryFolder()
        let store = try TestProject.project(in: folder, names: ["Anna"])
        _ = try store.addQuestion(page: 1, at: "400,300", maxPoints: "2", label: nil)
        _ = try store.addQuestion(page: 1, at: "100,305", maxPoints: "2", label: nil)  // same row, left
        _ = try store.addQuestion(page: 1, at: "300,50", maxPoints: "2", label: nil)
        _ = try store.addQuestion(page: 2, at: "50%,10%", maxPoints: "1", label: "Bonus")
        let names = try store.gradeBook().questions.map { "\($0.name)@\(Int($0.question.position.x * 612))" }
        #expect(names == ["p1q1@300", "p1q2@100", "p1q3@400", "Bonus@306"])
    }

    @Test func badValuesAreRefusedByNameAndChangeNothing() throws {
        let folder = TemporaryFolder()
        let store = try TestProject.project(in: folder, names: ["Anna"])
        _ = try store.addQuestion(page: 1, at: "100,100", maxPoints: "4", label: "Q1")
        let before = try store.gradeBook()
        #expect(message { _ = try store.addQuestion(page: 1, at: "700,60", maxPoints: "4", label: nil) }
            == "The box of the new question (64 × 22 points, top-left corner at 700,60) would reach off page 1, which is 612 × 792 points (x from the left, y from the top): give a top-left corner from 0,0 to 548,770, or a smaller box.")
        #expect(message { _ = try store.addQuestion(page: 3, at: "10,10", maxPoints: "4", label: nil) }
            == "There is no page 3: the booklets have pages 1 to 2.")
        #expect(message { _ = try store.addQuestion(page: 1, at: "10,10", maxPoints: "4", label: "Q1") }
            == "Another question is already labelled 'Q1': choose another label.")
        #expect(message { try store.setScore(student: "Anna", question: "Q1", value: "4.5") }
            == "Score 4.5 does not fit Q1: give 0 to 4 in steps of 0.25, or ? to clear.")
        #expect(message { try store.setScore(student: "Anna", question: "Q1", value: "2.3") }
            == "Score 2.3 does not fit Q1: give 0 to 4 in steps of 0.25, or ? to clear.")
        #expect(message { try store.setScore(student: "Anna", question: "Q1", value: "three") }
            == "Score 'three' is not a number: type points such as 3 or 2.5, or ? to clear.")
        #expect(message { try store.setScore(student: "Zed", question: "Q1", value: "1") }
            == "No student 'Zed' in this project: check the spelling (ezgrader status lists the students).")
        #expect(message { try store.setScore(student: "Anna", question: "Q9", value: "1") }
            == "No question 'Q9': the questions are Q1.")
        #expect(try store.gradeBook() == before)
        #expect(try store.undo()?.description == "add question on page 1", "failed commands left no history step")
    }

    @Test func aCurveChangesTheMaximumForEveryoneButNeverBelowAScore() throws {
        let folder = TemporaryFolder()
        let store = try TestProject.project(in: folder, names: ["Anna", "Ben"])
        _ = try store.addQuestion(page: 1, at: "100,100", maxPoints: "4", label: "Q1")
        try store.setScore(student: "Ben", question: "Q1", value: "3")
        #expect(try store.setMaximum(question: "Q1", to: "5").question.maxPoints == Points("5"))
        #expect(message { _ = try store.setMaximum(question: "Q1", to: "2.5") }
            == "Q1 cannot be worth 2.5: Ben already has more. Lower those scores first.")
        try store.removeQuestion("Q1")
        #expect(try store.gradeBook().questions.isEmpty)
        #expect(try store.gradeBook().scores.isEmpty, "its scores went with it")
    }

    @Test func undoAndRedoWalkEveryStepAndSurviveReopening() throws {
        let folder = TemporaryFolder()
        let store = try TestProject.project(in: folder, names: ["Anna", "Ben"])
        _ = try store.addQuestion(page: 1, at: "100,100", maxPoints: "4", label: "Q1")
        try store.setScore(student: "Anna", question: "Q1", value: "2")
        try store.setScore(student: "Anna", question: "Q1", value: "3")
        let note = try store.addNote(student: "Ben", page: 1, at: "50,50", text: "see me")
        try store.removeStudent("Ben")
        let final = try store.gradeBook()
        #expect(final.students.map(\.student.name) == ["Anna"] && final.annotations.isEmpty)

        let reopened = try GradingProject.open(folder.path, as: try .tester())
        #expect(try reopened.undo()?.description == "remove student Ben")
        let restored = try reopened.gradeBook()
        #expect(restored.students.map(\.student.name) == ["Anna", "Ben"])
        #expect(restored.annotations.map(\.id) == [note], "the cascade-deleted note is back")
        #expect(try reopened.undo()?.description == "note on Ben page 1")
        #expect(try reopened.undo()?.description == "score Anna on Q1: 3")
        #expect(try reopened.gradeBook().score(final.questions[0].question.id, StudentID(0)) == .points(Points("2")!))
        #expect(try reopened.undo()?.description == "score Anna on Q1: 2")
        #expect(try reopened.undo()?.description == "add question on page 1")
        #expect(try reopened.undo()?.description == "add students")
        #expect(try reopened.undo()?.description == nil)
        for _ in 0..<6 { _ = try GradingProject.open(folder.path, as: try .tester()).redo() }
        #expect(try reopened.redo()?.description == nil)
        let redone = try reopened.gradeBook()
        #expect(redone.students == final.students)
        #expect(redone.questions == final.questions)
        #expect(redone.scores == final.scores)
        #expect(redone.annotations == final.annotations)
    }

    @Test func aNewChangeAfterUndoEndsTheRedoChain() throws {
        let folder = TemporaryFolder()
        let store = try TestProject.project(in: folder, names: ["Anna"])
        _ = try store.addQuestion(page: 1, at: "100,100", maxPoints: "4", label: "Q1")
        try store.setScore(student: "Anna", question: "Q1", value: "1")
        _ = try store.undo()
        try store.setScore(student: "Anna", question: "Q1", value: "4")
        #expect(try store.redo()?.description == nil)
        #expect(try store.gradeBook().scores.values.first?.values.first == Points("4"))
    }

    @Test func studentsAddedLaterSeeEveryQuestionAsUngraded() throws {
        let folder = TemporaryFolder()
        let store = try TestProject.project(in: folder, names: ["Anna"])
        let question = try store.addQuestion(page: 1, at: "100,100", maxPoints: "4", label: nil)
        try store.setScore(student: "Anna", question: question.name, value: "4")
        try store.change("add Ben") { writer in
            try writer.insertStudent(Student(name: "Ben"), scanFile: "b.pdf", sha256: "0",
                                     pageSizes: [PageSize(width: 595, height: 842), PageSize(width: 595, height: 842)])
        }
        let book = try store.gradeBook()
        #expect(book.score(question.question.id, StudentID(1)) == .ungraded)
        #expect(book.gradedCount(question.question.id) == 1)
    }

    @Test func aProjectWhoseStudentsAreAllRemovedStillWorks() throws {
        let folder = TemporaryFolder()
        let store = try TestProject.project(in: folder, names: ["Anna"])
        try store.removeStudent("Anna")
        let question = try store.addQuestion(page: 1, at: "306,396", maxPoints: "2", label: nil)
        #expect(question.question.position == RelativePoint(x: 0.5, y: 0.5), "measured on a Letter page")
        #expect(GradingProgress(try store.gradeBook()).questions.map(\.graded) == [0])
    }

    /// The indexed lookup falls back to the loose rule over the students list when the exact name
    /// and roster id miss.
    @Test func theIndexedLookupFindsNamesAsGradersTypeThem() throws {
        let folder = TemporaryFolder()
        let store = try TestProject.project(in: folder, names: ["Schmidt, Anna", "Zoë Ångström", "Anna Weber"])
        let keys = try store.directory().students.map(\.key)
        #expect(try store.studentKey(named: "schmidt, anna") == keys[0])
        #expect(try store.studentKey(named: "Anna Schmidt") == keys[0])
        #expect(try store.studentKey(named: "Zoe Angstrom") == keys[1])
        #expect(try store.studentKey(named: "Web") == keys[2])
        #expect(message { _ = try store.studentKey(named: "Anna") }
            == "'Anna' could be any of 2 students: Schmidt, Anna; Anna Weber. Type more of the name, or the roster id.")
        #expect(message { _ = try store.studentKey(named: "Ana Webr") }
            == "No student 'Ana Webr' in this project: did you mean 'Anna Weber'? (ezgrader status lists the students.)")
    }

    @Test func aBoxMovesAsOneUndoableStepAndNeverOffThePage() throws {
        let folder = TemporaryFolder()
        let store = try TestProject.project(in: folder, names: ["Anna"])
        let q1 = try store.addQuestion(page: 1, at: "100,100", maxPoints: "4", label: "Q1").question.id
        let p1 = try store.addQuestion(page: 1, at: "100,300", maxPoints: "2", label: nil).question.id
        let moved = try store.moveQuestion(q1, .to(PagePosition(PagePoint(x: 306, y: 396))))
        #expect(moved.question.position == RelativePoint(x: 0.5, y: 0.5))
        let shifted = try store.moveQuestion(p1, .by(dx: -50, dy: 200))
        let point = shifted.question.position.point(on: PageSize(width: 612, height: 792))
        #expect(abs(point.x - 50) < 1e-9 && abs(point.y - 500) < 1e-9)
        #expect(message { _ = try store.moveQuestion(q1, .by(dx: 400, dy: 0)) }
            == "The box of Q1 (64 × 22 points, top-left corner at 706,396) would reach off page 1, which is 612 × 792 points (x from the left, y from the top): give a top-left corner from 0,0 to 548,770, or a smaller box.")
        #expect(try store.undo()?.description == "move question p1q1")
        #expect(try store.directory().question(id: p1)?.question.position == RelativePoint(x: 100.0 / 612, y: 300.0 / 792))
        #expect(try store.directory().question(id: q1)?.question.position == RelativePoint(x: 0.5, y: 0.5))
    }

    @Test func bubbleBlockMistakesSayWhatIsWrongWithTheBlock() throws {
        let folder = TemporaryFolder()
        let store = try TestProject.project(in: folder, names: ["Anna"])
        func block(_ id: String, choices: [String]? = nil) -> BubbleBlock {
            BubbleBlock(id: id, name: "MC", page: 1, origin: PagePoint(x: 100, y: 200), rowSpacing: 24, columnSpacing: 20,
                        bubbleDiameter: 12, rows: 2, choices: choices)
        }
        #expect(message { _ = try store.applyRubric(questions: [], blocks: [block("mc", choices: ["A"])], description: "rubric") }
            == "Bubble block 'mc' cannot be read: a bubble block needs at least two choices, got 1. Fix it in the rubric's bubbles: section.")
        _ = try store.applyRubric(questions: [], blocks: [block("mc")], description: "rubric")
        #expect(message { _ = try store.applyRubric(questions: [], blocks: [block("mc")], description: "rubric") }
            == "Bubble block id 'mc' is taken: another bubble block of this project has it. Give this block another id.")
    }

    @Test func aBoxIsDrawnAtItsSizeAndResizedAsOneUndoableStep() throws {
        let folder = TemporaryFolder()
        let store = try TestProject.project(in: folder, names: ["Anna"])
        let spec = QuestionSpec(page: 1, position: PagePosition("500,100")!, size: BoxSize(width: 100, height: 30), maxPoints: Points("4")!, label: "Q1")
        let q1 = try store.addQuestion(spec).question.id
        func frame() throws -> PageRect? {
            GradeLayer.marks(try store.gradeBook(), student: StudentID(0), page: 1).marks.compactMap { mark in
                if case .gradeBox(let frame, _, _) = mark { frame } else { nil }
            }.first
        }
        #expect(try frame() == PageRect(origin: PagePoint(x: 500, y: 100), width: 100, height: 30))
        #expect(message { _ = try store.resizeQuestion(q1, to: BoxSize(width: 120, height: 30)) }
            == "The box of Q1 (120 × 30 points, top-left corner at 500,100) would reach off page 1, which is 612 × 792 points "
            + "(x from the left, y from the top): give a top-left corner from 0,0 to 492,762, or a smaller box.")
        #expect(message { _ = try store.moveQuestion(q1, .by(dx: 20, dy: 0)) }?.hasPrefix("The box of Q1 (100 × 30 points, top-left corner at 520,100)") == true)
        _ = try store.resizeQuestion(q1, to: BoxSize(width: 40, height: 16))
        #expect(try frame() == PageRect(origin: PagePoint(x: 500, y: 100), width: 40, height: 16))
        let p2 = try store.addQuestion(page: 1, at: "520,110", maxPoints: "1", label: nil).question.id
        #expect(try store.directory().boxOverlaps(of: p2).map(\.other.name) == ["Q1"])
        #expect(try store.directory().boxOverlaps().map { "\($0.box.name)/\($0.other.name)" } == ["p1q2/Q1"])
        _ = try store.undo()
        #expect(try store.undo()?.description == "resize question Q1 to 40,16")
        #expect(try frame()?.width == 100, "undo brings the size back")
    }
}
