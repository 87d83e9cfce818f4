import Foundation
import GraderCore
@testable import GraderKit
import GraderPDF
import Testing
import TestSupport

/// A stamped rubric item in the graded PDF: drawn where the grader tapped (found by rendering the
/// exported page) and nowhere else, and listed on the cover with its page.
@Suite struct StampExportTests {
    private func isRed(_ color: RGBColor) -> Bool { color.red > 150 && color.green < 110 && color.blue < 110 }

    /// The red pixels of `page` (72 dpi) inside `rect` and outside it.
    private func redPixels(_ page: PageBitmap, inside rect: PageRect) -> (inside: Int, outside: Int) {
        var inside = 0, outside = 0
        for y in 0..<page.height {
            for x in 0..<page.width where isRed(page[x, y]) {
                let within = Double(x) >= rect.origin.x && Double(x) < rect.origin.x + rect.width
                    && Double(y) >= rect.origin.y && Double(y) < rect.origin.y + rect.height
                if within { inside += 1 } else { outside += 1 }
            }
        }
        return (inside, outside)
    }

    @Test func aStampIsDrawnWhereItWasTappedAndListedOnTheCover() throws {
        let folder = TemporaryFolder()
        try FileManager.default.createDirectory(atPath: folder.file("in"), withIntermediateDirectories: true)
        let scans = try TestClass.scanned(["Anna", "Ben"], pages: 2, in: TemporaryFolder(existing: folder.file("in")))
        let project = try GradingProject.create(folder.file("exam.ezgrader"), scans: scans, grader: try .tester())
        let q1 = try project.addQuestion(page: 1, at: "300,176", maxPoints: "4", label: "Q1").question.id
        let item = try project.addRubricItem(question: q1, text: "Sign error", points: Points(quarters: -4))
        // On page 2, which has no grade box: the answer went on over the page.
        let tap = PagePoint(x: 150, y: 500)
        _ = try project.placeStamp(item: item.id, question: q1, student: try project.student(named: "Anna"), page: 2, at: PagePosition(tap))
        _ = try PDFExport.run(project, .init(folder: folder.file("out"), cover: true))

        let anna = try PDFDocument(path: folder.file("out/Anna.pdf"))
        let page = try anna.page(at: 2).renderRGB(dpi: 72)
        let stamp = PageRect(origin: PagePoint(x: tap.x - 4, y: tap.y - 4), width: 110, height: 24)
        let red = redPixels(page, inside: stamp)
        #expect(red.inside > 60, "the stamp's frame and text at the tap point: \(red)")
        #expect(red.outside == 0, "and nothing red anywhere else on the page: \(red)")
        let corner = try #require(page.redBoxCorner(near: tap))
        #expect(abs(corner.x - tap.x) <= 3 && abs(corner.y - tap.y) <= 3, "the frame's corner at the tap point: \(corner)")
        // The screen draws the frame where the PDF does: the page layer's backing is the rendered frame.
        let shown = try #require(try project.pageLayer(student: try project.student(named: "Anna"), page: 2).stamps.first)
        #expect(abs(corner.x - shown.backing.x) <= 1 && abs(corner.y - shown.backing.y) <= 1, "\(corner) vs \(shown.backing)")
        #expect(try anna.page(at: 2).text.contains("−1 Sign error"))

        let cover = try anna.page(at: 0).text
        #expect(cover.components(separatedBy: "\n").contains("−1 Sign error (stamped on page 2)"), "\(cover)")
        #expect(cover.contains("3 / 4"))
        let ben = try PDFDocument(path: folder.file("out/Ben.pdf")).page(at: 2).renderRGB(dpi: 72)
        #expect(redPixels(ben, inside: stamp).inside == 0, "Ben's page has no stamp")
    }
}
