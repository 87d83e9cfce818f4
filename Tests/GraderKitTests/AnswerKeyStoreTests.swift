import Foundation
@testable import GraderKit
@testable import GraderStore
import Testing
import TestSupport

/// A key file set on a project: machine-read rows re-graded, questions worth the key's points,
/// all of it one undoable change.
@Suite struct AnswerKeyStoreTests {
    /// Anna, Ben and Cy with a 4-question A–E block (1 point each), read as Anna B C E blank,
    /// Ben A A D and a light mark (uncertain), Cy C B A E.
    private func project(_ folder: TemporaryFolder) throws -> GradingProject {
        let store = try TestProject.project(in: folder, names: ["Anna", "Ben", "Cy"], pages: 1)
        let block = BubbleBlock(id: "mc", name: "Multiple choice", page: 1, origin: PagePoint(x: 100, y: 100), rowSpacing: 24,
                                columnSpacing: 24, bubbleDiameter: 12, rows: 4, pointsPerQuestion: Points(quarters: 4))
        _ = try store.applyRubric(questions: [], blocks: [block], description: "rubric")
        let sheets: [[BubbleReading]] = [
            [.answered(["B"]), .answered(["C"]), .answered(["E"]), .blank],
            [.answered(["A"]), .answered(["A"]), .answered(["D"]), .uncertain(reason: "light mark on B")],
            [.answered(["C"]), .answered(["B"]), .answered(["A"]), .answered(["E"])],
        ]
        let keys = try store.directory().students.map(\.key)
        try store.recordReadings(zip(keys, sheets).map { key, rows in
            (key, "mc", rows.enumerated().map { BubbleRowReading(row: $0, questionNumber: $0 + 1, reading: $1, fills: []) },
             BubblePlacement(residual: 0.2, problem: nil, centres: []))
        }, description: "readings")
        return store
    }

    /// Each student's scores on mc-1…mc-4, then their total.
    private func scores(_ store: GradingProject) throws -> [String] {
        let book = try store.gradeBook()
        return book.students.indices.map { index in
            let student = StudentID(index)
            return book.questions.map { book.score($0.question.id, student).description }.joined(separator: " ")
                + " = " + GradeTable.earned(book, student).description
        }
    }

    private func maxima(_ store: GradingProject) throws -> [String] {
        try store.gradeBook().questions.map { "\($0.name):\($0.question.maxPoints)" }
    }

    @Test func alternativesEveryAnswerAndOwnPointsScoreAndSetTheMaxima() throws {
        let folder = TemporaryFolder()
        let store = try project(folder)
        let key = try store.setAnswerKey(block: "mc", answers: """
            1 B
            2 A|C      # either
            3 *   2.5  # dropped, worth 2.5
            4 E   2
            """, file: "key.txt")
        #expect(key.rows.map(\.accepted.text) == ["B", "A|C", "*", "E"])
        #expect(try maxima(store) == ["mc-1:1", "mc-2:1", "mc-3:2.5", "mc-4:2"])
        #expect(try scores(store) == ["1 1 2.5 0 = 4.5", "0 1 2.5 ? = 3.5", "0 0 2.5 2 = 4.5"])
        #expect(GradeTable.maximum(try store.gradeBook()) == Points(quarters: 26))
        let responses = CSVText.write(GradeTable.rows(try store.gradeBook(), layout: .responses))
        #expect(responses.contains("Anna,,mc,mc-2,C,A|C,1,,0.20,\r\nAnna,,mc,mc-3,E,*,2.5,,0.20,\r\nAnna,,mc,mc-4,blank,E,0,,0.20,"), "\(responses)")
    }

    @Test func aNewKeyReGradesAndPutsTheBlocksPointsBack() throws {
        let folder = TemporaryFolder()
        let store = try project(folder)
        _ = try store.setAnswerKey(block: "mc", answers: "1 B\n2 A|C\n3 * 2.5\n4 E 2", file: "key.txt")
        try store.setScore(student: "Ben", question: "mc-4", value: "0.5")  // the grader decides the light mark
        _ = try store.setAnswerKey(block: "mc", answers: "1 A 3\n2 B\n3 D\n4 E", file: "key.txt")
        #expect(try maxima(store) == ["mc-1:3", "mc-2:1", "mc-3:1", "mc-4:1"], "points from the previous key go back to the block's")
        #expect(try scores(store) == ["0 0 0 0 = 0", "3 0 1 0.5 = 4.5", "0 1 0 1 = 2"], "the grader's 0.5 is kept")
    }

    @Test func undoingTheKeyRestoresTheMaximaAndScores() throws {
        let folder = TemporaryFolder()
        let store = try project(folder)
        _ = try store.setAnswerKey(block: "mc", answers: "BCEA")
        let before = (try maxima(store), try scores(store))
        #expect(before.1 == ["1 1 1 0 = 3", "0 0 0 ? = 0", "0 0 0 0 = 0"])
        _ = try store.setAnswerKey(block: "mc", answers: "1 B 2\n2 A|C\n3 * 3\n4 E", file: "key.txt")
        #expect(try maxima(store) == ["mc-1:2", "mc-2:1", "mc-3:3", "mc-4:1"])
        #expect(try store.undo()?.description == "set answer key of mc")
        #expect(try maxima(store) == before.0)
        #expect(try scores(store) == before.1)
        #expect(try store.gradeBook().answerKey["mc"]?[1] == AnswerKey.Entry(accepted: .oneOf([["C"]])))
        _ = try store.redo()
        #expect(try maxima(store) == ["mc-1:2", "mc-2:1", "mc-3:3", "mc-4:1"])
        #expect(try store.gradeBook().answerKey["mc"]?[2] == AnswerKey.Entry(accepted: .any, points: Points(quarters: 12)))
    }

    @Test func aBadLineOrATypedScoreAboveTheNewMaximumChangesNothing() throws {
        let folder = TemporaryFolder()
        let store = try project(folder)
        _ = try store.setAnswerKey(block: "mc", answers: "BCEA")
        let history = try store.history(limit: 10).count
        #expect(throws: GradingError.badKeyFile(file: "key.txt", line: 2, detail: "question 2 answer 'F': F is not a choice (A, B, C, D, E)")) {
            _ = try store.setAnswerKey(block: "mc", answers: "1 B 2\n2 F\n3 A\n4 E", file: "key.txt")
        }
        _ = try store.setAnswerKey(block: "mc", answers: "1 B 2\n2 C\n3 E\n4 A", file: "key.txt")
        try store.setScore(student: "Ben", question: "mc-1", value: "1.5")
        #expect(throws: GradingError.maximumBelowScores(question: "mc-1", max: Points(quarters: 4), students: ["Ben"])) {
            _ = try store.setAnswerKey(block: "mc", answers: "1 B\n2 C\n3 E\n4 A", file: "key.txt")
        }
        #expect(try maxima(store) == ["mc-1:2", "mc-2:1", "mc-3:1", "mc-4:1"])
        #expect(try store.history(limit: 10).count == history + 2)
    }
}
