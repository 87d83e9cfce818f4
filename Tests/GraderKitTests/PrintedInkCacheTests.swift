import Foundation
@testable import GraderKit
import Testing
import TestSupport

/// The print near a scan's edges, which the total keeps clear of, is found once per scan and kept
/// in the project: a regrade, an export into another folder or the Return page renders no page
/// again, and what was kept places the total exactly where a fresh render does.
@Suite struct PrintedInkCacheTests {
    @Test func aScansPrintIsFoundOnceAndWhatWasKeptGivesTheSameBytes() throws {
        let folder = TemporaryFolder()
        let project = try WorkReturnTests.makeProject(in: folder, count: 3)
        let first = try PDFExport.run(project, .init(folder: folder.file("a"), cover: true))
        #expect(first.written.count == 3 && first.printedInkRendered == 3)
        _ = try project.setScore(student: "Student 002", question: "Q1", value: "9")
        let regrade = try PDFExport.run(project, .init(folder: folder.file("a"), cover: true))
        #expect(regrade.written == ["Student 002.pdf"] && regrade.printedInkRendered == 0, "a regrade renders no page")
        let elsewhere = try PDFExport.run(project, .init(folder: folder.file("b"), cover: true))
        #expect(elsewhere.written.count == 3 && elsewhere.printedInkRendered == 0, "nor an export into another folder")

        try FileManager.default.removeItem(atPath: project.folder + "/cache/printed-ink.json")
        let fresh = try PDFExport.run(project, .init(folder: folder.file("c"), cover: true))
        #expect(fresh.printedInkRendered == 3)
        for name in ["Student 001", "Student 002", "Student 003"] {
            let files = ["a", "b", "c"].map { FileManager.default.contents(atPath: folder.file("\($0)/\(name).pdf")) }
            #expect(files[0] != nil && files.allSatisfy { $0 == files[0] }, "what was kept draws what a render draws: \(name)")
        }
    }
}
