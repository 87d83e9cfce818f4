import Foundation
@testable import GraderKit
import ScanFactory
import Testing
import TestSupport

/// A question's answer box declared in a project: a generated class of 60 scanned quizzes (one
/// PDF page each, several hands, every tenth number left blank) imported with the master copy and
/// aligned, the number question's answers then grouped by the number the digit reader reads.
@Suite struct AnswerBoxTests {
    /// The numbers the class wrote (nil: blank): most right, a few common wrong ones, two alone.
    static let numbers: [String?] = (0..<60).map { student in
        if student % 10 == 0 { return nil }
        let wrong: [Int: String] = [3: "48", 7: "48", 12: "48", 17: "48", 24: "48", 29: "48", 33: "48", 46: "48",
                                    5: "36", 14: "36", 26: "36", 38: "36", 43: "36", 55: "36", 21: "13", 52: "13", 35: "7", 58: "91"]
        return wrong[student] ?? "42"
    }

    /// The quiz's printed answer boxes of question 1, declared as its answer box.
    static func declareBoxes(_ project: GradingProject, _ question: QuestionID, digits: Int = AnswerSheetScan.numberBoxes.count) throws {
        let field = AnswerSheetScan.numberBoxes
        try project.declareAnswerBox(question: question, firstBox: field.box(0), digits: digits, pitch: field.pitch)
    }

    @Test func aClassOf60IsGroupedByTheNumberInItsAnswerBox() throws {
        let folder = TemporaryFolder()
        let (project, questions, _) = try AnswerGroupsTests.quiz(in: folder, answers: Self.numbers.map {
            AnswerSheetScan.Answers(number: $0, word: "Paris", letter: "C", derivation: false)
        })
        let q1 = questions[0]
        try Self.declareBoxes(project, q1)
        #expect(try project.answerBox(question: q1) == IDBoxField(id: "Q1", page: 1, left: 360, top: 96, boxWidth: 20, boxHeight: 26, pitch: 23, count: 3))
        #expect(try project.history(limit: 1).first?.description == "declare the answer box of Q1: 3 digits")
        let groups = try project.suggestedGroups(question: q1)
        let written = Dictionary(uniqueKeysWithValues: Self.numbers.enumerated().map { (String(format: "student%02d", $0 + 1), $1 ?? "") })
        print("answer box groups: " + groups.map { "\($0.kindName)×\($0.students.count)@\(String(format: "%.2f", $0.confidence))" }.joined(separator: " "))
        #expect(groups.flatMap(\.names).sorted() == written.keys.sorted(), "every answer in exactly one group")
        #expect(Double(groups.count) <= 0.15 * Double(Self.numbers.count), "\(groups.count) decisions for \(Self.numbers.count) students")
        let blank = try #require(groups.first { $0.kind == .blank })
        #expect(blank.names.allSatisfy { written[$0] == "" }, "written answers grouped as blank: \(blank.names.filter { written[$0] != "" })")
        #expect(blank.names.count == 6)
        let right = try #require(groups.first { $0.value == "42" })
        #expect(right.students.count >= 36, "the 42s: \(right.students.count) of 40")
        // No confident group mixes answers; one of two or more reads what they wrote (a lone misread
        // is one decision, its crop in view).
        for group in groups where group.isConfident {
            let read = Set(group.names.map { written[$0] ?? "?" })
            #expect(read.count == 1, "a confident \(group.kindName) group holds \(read)")
            #expect(group.students.count == 1 || group.value == nil || read == [group.value], "a \(group.kindName) group holds \(read)")
        }
        // The Groups view's reply says the value read, for a suggestion and once confirmed.
        #expect(try project.answerGroupsView(question: q1).suggested.first { $0.kind == "number 42" }?.value == "42")
        let id = try project.confirmAnswerGroup(question: q1, kind: right.kindName, students: right.students)
        #expect(try project.answerGroupsView(question: q1).confirmed.map(\.value) == ["42"])
        _ = try project.undo()
        #expect(try project.answerGroups(question: q1).allSatisfy { $0.id != id })
        // Removed, the question's answers are grouped by their ink alone again (no number groups).
        try project.removeAnswerBox(question: q1)
        #expect(try project.suggestedGroups(question: q1).allSatisfy { $0.value == nil })
        _ = try project.undo()
        #expect(try project.suggestedGroups(question: q1) == groups, "the box back, the kept groups by number again")
    }

    @Test func anAnswerBoxOffThePageOrOfTooFewOrManyDigitsIsRefusedNamingTheValue() throws {
        let folder = TemporaryFolder()
        let (project, questions, _) = try AnswerGroupsTests.quiz(in: folder)
        let q1 = questions[0]
        #expect(throws: GradingError.badAnswerBox(question: "Q1", problem: "an answer box holds 1 to 12 digits, got 0")) { try Self.declareBoxes(project, q1, digits: 0) }
        #expect(throws: GradingError.badAnswerBox(question: "Q1", problem: "an answer box holds 1 to 12 digits, got 20")) { try Self.declareBoxes(project, q1, digits: 20) }
        let off = PageRect(origin: PagePoint(x: 580, y: 96), width: 20, height: 26)
        #expect(throws: GradingError.badAnswerBox(question: "Q1", problem: "its 3 boxes (580,96 to 646,122) reach off page 1, which is 612 × 792 points")) {
            try project.declareAnswerBox(question: q1, firstBox: off, digits: 3, pitch: 23)
        }
        #expect(PlainErrorText.describe(GradingError.badAnswerBox(question: "Q1", problem: "an answer box holds 1 to 12 digits, got 20"))
            == "The answer box of Q1 cannot be used: an answer box holds 1 to 12 digits, got 20. Give the first box's outline as x,y,width,height "
            + "in points on the reference page, the number of digits, and the pitch when the boxes are apart.")
        #expect(throws: GradingError.noAnswerBox(question: "Q1")) { try project.removeAnswerBox(question: q1) }
        #expect(try project.answerBox(question: q1) == nil, "nothing declared by the refusals")
    }
}
