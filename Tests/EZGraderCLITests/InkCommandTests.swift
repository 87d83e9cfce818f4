import Foundation
import GraderCore
import GraderPDF
import Testing
import TestSupport

/// `ezgrader ink --highlighter`: a wide translucent band in the graded PDF, under the pen's ink.
@Suite struct InkCommandTests {
    @Test func theHighlighterLiesUnderThePenInTheGradedPDF() throws {
        let folder = TemporaryFolder()
        try TestClass.scanned(["Anna"], pages: 1, in: folder)
        let run = { (arguments: [String]) throws -> CommandResult in try runCommand(builtProduct("ezgrader"), arguments, in: folder.path) }
        #expect(try run(["new", "exam", "Anna.pdf"]).status == 0)
        #expect(try run(["ink", "exam", "--student", "Anna", "--page", "1", "--width", "3", "300,680 300,720"]).status == 0)
        let marked = try run(["ink", "exam", "--student", "Anna", "--page", "1", "--highlighter", "200,700 400,700"])
        #expect(marked.output == "Added ink stroke 2 on Anna page 1.\n", "\(marked.error)")
        #expect(try run(["export", "pdf", "exam", "--out", "graded"]).status == 0)
        let page = try PDFDocument(path: folder.file("graded/Anna.pdf")).page(at: 0).renderRGB(dpi: 144)
        let look = GradeLayerLook.standard, a = look.highlighterOpacity, half = look.highlighterWidth / 2
        // Each pixel against the bare paper at the same height right of the band (a blank part of the page).
        func looks(_ x: Double, _ y: Double, _ want: (RGBColor) -> [Double]) -> Bool {
            let colour = page[PagePoint(x: x, y: y)]
            return zip([colour.red, colour.green, colour.blue].map(Double.init), want(page[PagePoint(x: 440, y: y)])).allSatisfy { abs($0 - $1) < 14 }
        }
        let highlighted = { (paper: RGBColor) in
            zip([look.highlighterColor.red, look.highlighterColor.green, look.highlighterColor.blue], [paper.red, paper.green, paper.blue])
                .map { a * Double($0) + (1 - a) * Double($1) }
        }
        let bare = { (paper: RGBColor) in [paper.red, paper.green, paper.blue].map(Double.init) }
        let crossing = page[PagePoint(x: 300, y: 700)]
        #expect(crossing.red > 180 && crossing.green < 60, "the pen's red on top: \(crossing)")
        for y in [700, 700 - half + 1.5, 700 + half - 1.5] {
            #expect(looks(250, y, highlighted), "the look's colour at its opacity over the paper at y \(y): \(page[PagePoint(x: 250, y: y)])")
        }
        for y in [700 - half - 2, 700 + half + 2] {
            #expect(looks(250, y, bare), "no wider than the look's width: y \(y) \(page[PagePoint(x: 250, y: y)])")
        }
    }
}
