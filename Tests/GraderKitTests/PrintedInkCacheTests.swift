import Foundation
@testable import GraderKit
import Testing
import TestSupport

/// The print near a scan's edges, which the total keeps clear of, is found once per scan and kept
/// in the project: a regrade, an export into another folder or the Return page renders no page
/// again, and what was kept places the total exactly where a fresh render does.
@Suite struct PrintedInkCacheTests {
    /// The probe whose findings key the cache meets every rule of PrintedInk, so a change to any changes the key.
    @Test func theProbeMeetsEveryRuleOfPrintedInk() {
        let rects = PrintedInk.nearEdges(in: PrintedInk.probe)
        let rows = rects.map { Int((($0.origin.y + PrintedInk.margin) * PrintedInk.pixelsPerPoint).rounded()) }
        // Rows 0, 3 and 44 are in the top band (45 rows at 36 dpi), 351 and 395 in the bottom one; 45, 198 and 350 are not.
        #expect(Set(rows) == [0, 3, 5, 44, 351, 395], "\(rows)")
        // Gaps of one and two pixels stay in a run, three part it; on row 5 the ink at 170 and 175 is darker than the threshold (176), 177 and 185 not.
        #expect(rows.filter { $0 != 5 }.count == 10 && rects.filter { abs($0.width - (40 / PrintedInk.pixelsPerPoint + 2 * PrintedInk.margin)) < 1e-9 }.count == 5,
                "\(rects)")
        #expect(rows.filter { $0 == 5 }.count == 2)
    }

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

        // What another PrintedInk kept (keyed by another fingerprint, as the hand-raised "v1" was) is not used.
        let path = project.folder + "/cache/printed-ink.json"
        let kept = try JSONDecoder().decode([String: [[Double]]].self, from: Data(contentsOf: URL(fileURLWithPath: path)))
        #expect(kept.count == 3 && kept.keys.allSatisfy { $0.hasPrefix(PrintedInk.fingerprint + "|") }, "\(kept.keys)")
        let older = Dictionary(uniqueKeysWithValues: kept.map { ("v1|" + $0.key.split(separator: "|").dropFirst().joined(separator: "|"), $0.value) })
        try JSONEncoder().encode(older).write(to: URL(fileURLWithPath: path))
        #expect(try PDFExport.run(project, .init(folder: folder.file("d"), cover: true)).printedInkRendered == 3)
    }
}
