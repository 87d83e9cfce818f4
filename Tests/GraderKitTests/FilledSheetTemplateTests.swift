import Foundation
import GraderCore
@testable import GraderKit
import Testing
import TestSupport

/// Issue 31: no blank exists, so the instructor gives a student's filled copy as the bubble
/// template. With `blank_sheet_filled: true` its fills are told from the print and the class's
/// rows read exactly as bubbled; without it the copy is refused, naming the block and the page.
@Suite(.serialized) struct FilledSheetTemplateTests {
    @Test func aFilledCopyAsTheTemplateReadsTheClassRowByRow() throws {
        let fixture = try FilledTemplateClass()
        let folder = fixture.folder
        let project = try GradingProject.create(folder.file("quiz.ezgrader"), scans: [folder.file("scans")], rubricPath: folder.file("rubric.yaml"),
                                                grader: try .tester())
        let summary = try BubbleRun.run(project)
        #expect(summary.failures.isEmpty, "\(summary.failures)")
        let responses = try ScoreTables.csv(project, layout: .responses, assignment: "")
        let differences = FilledTemplateClass.differences(in: responses)
        #expect(differences.isEmpty, "\(differences)")
    }

    @Test func aFilledCopyWithoutTheFlagIsRefusedNamingBlockAndPage() throws {
        let fixture = try FilledTemplateClass()
        let folder = fixture.folder, rubric = folder.file("unflagged.yaml")
        do {
            _ = try GradingProject.create(folder.file("quiz.ezgrader"), scans: [folder.file("scans")], rubricPath: rubric, grader: try .tester())
            Issue.record("a filled copy given as a blank was accepted")
        } catch let error as RubricError {
            let text = error.localizedDescription
            #expect(text.hasPrefix("Rubric '\(rubric)' line \(try fixture.line(ofBlock: "student-id")): bubble block 'student-id': "), "\(text)")
            #expect(text.contains(" bubbles are solid on the blank sheet (the first at row "), "\(text)")
            #expect(text.hasSuffix(": if it is a student's filled copy, add 'blank_sheet_filled: true' (one bubble printed solid as an example is fine) "
                + "(template.pdf, page 1). Nothing was added."), "\(text)")
        }
        #expect(!FileManager.default.fileExists(atPath: folder.file("quiz.ezgrader")), "no project is left behind")
    }
}
