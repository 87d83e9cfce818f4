import Foundation
import GraderCore
@testable import GraderKit
import GraderStore
import ScanFactory
import Testing
import TestSupport

/// The whole bubble workflow on generated sheets whose marks are known.
@Suite(.serialized) struct BubbleRunTests {
    /// Anna fills answers cleanly; Ben double-marks question 2 and leaves a light mark on 3.
    private func project(_ folder: TemporaryFolder, withBlankPage: Bool = false) throws -> GradingProject {
        try FileManager.default.createDirectory(atPath: folder.file("in"), withIntermediateDirectories: true)
        let anna: [BubbleMark] = [.filled(1), .filled(3), .filled(0), .filled(4), .blank]
        let ben: [BubbleMark] = [.filled(1), .double(0, 2), .light(3), .filled(4), .erasedAndChanged(erased: 0, chosen: 2)]
        var layout: BubbleSheetLayout?
        if withBlankPage {  // a page with no printed bubbles at all: a wrong sheet in the stack
            try ScanFactory.writeVectorPDF(to: URL(fileURLWithPath: folder.file("in/Cy.pdf")), label: "not a bubble sheet", pageSizes: [(612, 792)])
        }
        for (number, (name, marks)) in [("Anna", anna), ("Ben", ben)].enumerated() {
            layout = try ScanFactory.writeBubbleSheetBooklet(
                to: URL(fileURLWithPath: folder.file("in/\(name).pdf")), studentNumber: number + 1,
                answers: marks.map { BubbleMarkTruth($0) }, idDigits: "100100\(number + 1)", style: .sample, seed: 5,
                placement: BubbleSheetPlacement(offsetX: 4, offsetY: -3, rotationDegrees: 1.2, scale: 1.01))
        }
        let blocks = layout!.blocks
        try BubbleRubric.yaml(blocks, points: 2).write(toFile: folder.file("rubric.yaml"), atomically: true, encoding: .utf8)
        return try GradingProject.create(folder.file("quiz.ezgrader"), scans: [folder.file("in")], rubricPath: folder.file("rubric.yaml"), grader: try .tester())
    }

    private func scores(_ project: GradingProject, _ student: String) throws -> [String] {
        let book = try project.store.gradeBook()
        let id = try book.resolveStudent(student)
        return book.questions.prefix(5).map { book.score($0.question.id, id).description }
    }

    @Test func readsGradesAndFlagsWithoutGuessing() throws {
        let folder = TemporaryFolder()
        let project = try project(folder)
        let summary = try BubbleRun.run(project)
        #expect(summary.review.count == 2)
        #expect(summary.review.first == "Ben — p. 1, mc-2: multiple: A+C")
        #expect(summary.review.last?.hasPrefix("Ben — p. 1, mc-3: uncertain: ") == true, "\(summary.review)")
        #expect(summary.multiple == 1 && summary.uncertain == 1 && summary.answered == 2 * 7 + 4 + 3 && summary.blank == 1 + 2 * 15)
        #expect(summary.failures.isEmpty)
        #expect(try scores(project, "Anna") == ["?", "?", "?", "?", "?"], "no key yet: nothing is scored")

        _ = try project.setAnswerKey(block: "mc", answers: "B,D,A,E,C" + String(repeating: ",A", count: 15))
        #expect(try scores(project, "Anna") == ["2", "2", "2", "2", "0"])
        #expect(try scores(project, "Ben") == ["2", "?", "?", "2", "2"], "double and light marks stay ? for review")

        try project.setScore(student: "Ben", question: "mc-2", value: "1")  // the grader decides
        _ = try project.setAnswerKey(block: "mc", answers: "B,D,A,E,A" + String(repeating: ",A", count: 15))      // a corrected key re-grades
        #expect(try scores(project, "Anna") == ["2", "2", "2", "2", "0"])
        #expect(try scores(project, "Ben") == ["2", "1", "?", "2", "0"], "the grader's score is kept; the machine's changed")

        let responses = try ScoreTables.csv(project, layout: .responses, assignment: "")
        #expect(responses.hasPrefix("Student,ID,Block,Question,Reading,Key,Score,Fills,Residual (pt),Problem\r\nAnna,,mc,mc-1,B,B,2,"))
        #expect(responses.contains("Ben,,mc,mc-2,multiple: A+C,D,1,"))
        #expect(responses.contains("Anna,,student-id,digit 7,1,,,"))
    }

    @Test func aCancelledRunRecordsNoReading() throws {
        let folder = TemporaryFolder()
        let project = try project(folder)
        let cancellation = Cancellation()
        cancellation.cancel()
        #expect(throws: ProjectError.cancelled) { try BubbleRun.run(project, cancellation: cancellation) }
        #expect(try project.gradeBook().bubbleReadings.isEmpty)
        #expect(try project.history(limit: 1).first?.description == "apply rubric rubric.yaml", "no step was recorded")
    }

    @Test func aBadKeyIsRefusedByValue() throws {
        let folder = TemporaryFolder()
        let project = try project(folder)
        #expect(throws: GradingError.badKey("the key has 3 answers but block 'mc' has 20 questions")) {
            _ = try project.setAnswerKey(block: "mc", answers: "ABC")
        }
        #expect(throws: GradingError.badKey("answer 2 is 'F', but the choices are A, B, C, D, E")) {
            _ = try project.setAnswerKey(block: "mc", answers: "AFCDEAAAAAAAAAAAAAAA")
        }
    }

    @Test func anUnreadablePageIsListedAndTheOthersAreStillRead() throws {
        let folder = TemporaryFolder()
        let project = try project(folder, withBlankPage: true)
        let summary = try BubbleRun.run(project)
        #expect(summary.failures.count == 2)
        #expect(summary.failures.allSatisfy { $0.hasPrefix("Cy — p. 1, ") }, "\(summary.failures)")
        #expect(summary.review.allSatisfy { $0.hasPrefix("Ben — ") }, "Cy's rows are failures, not a review list of 20")
        _ = try project.setAnswerKey(block: "mc", answers: "B,D,A,E,C" + String(repeating: ",A", count: 15))
        #expect(try scores(project, "Anna") == ["2", "2", "2", "2", "0"])
        #expect(try scores(project, "Cy") == ["?", "?", "?", "?", "?"], "nothing guessed for the unreadable page")
    }
}
