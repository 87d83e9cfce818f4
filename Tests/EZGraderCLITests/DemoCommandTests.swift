import Foundation
import GraderPDF
import Testing
import TestSupport

/// The README's main command: the demo on the bundled samples.
@Suite struct DemoCommandTests {
    @Test func demoRunsTheWholeWorkflowOnTheSamples() throws {
        let folder = TemporaryFolder()
        let samples = packageRoot.appendingPathComponent("SamplePDFs").path
        let result = try runCommand(builtProduct("ezgrader"), ["demo", "--out", folder.path, "--samples", samples])
        #expect(result.status == 0, "\(result.error)")
        #expect(result.output.hasPrefix("1. Created \(folder.path)/sample.ezgrader: 6 students × 4 pages, 8 questions from \(samples)/rubric.yaml.\n"))
        #expect(result.output.contains("6. Bubble quiz \(folder.path)/quiz.ezgrader: read 162 rows"))
        #expect(folder.fileNames == ["class-graded.pdf", "graded", "preview-page1.png", "quiz-responses.csv", "quiz-review.png", "quiz.ezgrader",
                                     "sample.ezgrader", "scores-canvas.csv", "scores-questions.csv", "scores-students.csv"])
        let combined = try PDFDocument(path: folder.file("class-graded.pdf"))
        #expect(combined.pageCount == 24)
        #expect(try combined.page(at: 0).label == "Schmidt, Anna — p. 1")
        let csv = try String(contentsOfFile: folder.file("scores-questions.csv"), encoding: .utf8)
        #expect(csv.hasPrefix("Page Number,Question Number,Max Question Points,\"Schmidt, Anna\",\"Okafor, Ben\",\"O'Brien, Pat\""))
        // Running it again starts over instead of failing on the existing project.
        #expect(try runCommand(builtProduct("ezgrader"), ["demo", "--out", folder.path, "--samples", samples]).status == 0)
    }

    @Test func theDemoRunsFromAnyFolderAndARefusedOneLeavesNothing() throws {
        let elsewhere = TemporaryFolder()
        let result = try runCommand(builtProduct("ezgrader"), ["demo"], in: elsewhere.path)
        #expect(result.status == 0, "the samples are found beside the build: \(result.error)")
        #expect(elsewhere.fileNames == ["ezgrader-demo"])
        let refused = TemporaryFolder()
        let missing = try runCommand(builtProduct("ezgrader"), ["demo", "--samples", "/nowhere"], in: refused.path)
        #expect(missing.status == 1 && missing.error.contains("/nowhere"), "\(missing.error)")
        #expect(refused.fileNames == [], "a refused demo leaves no folder behind")
    }
}
