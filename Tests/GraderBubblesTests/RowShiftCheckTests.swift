import Foundation
import GraderAlignment
@testable import GraderBubbles
import GraderCore
import ScanFactory
import TestSupport
import Testing

/// The test that keeps a block from being read a row or a column off, on the 200-question sheet
/// whose 50 rows look alike: the fit as printed is clear, a fit one row away either way is caught
/// with the shift that mends it, and one a choice away never passes — on the blank itself and on
/// a filled scan.
@Suite("Row and column shift test")
struct RowShiftCheckTests {
    @Test func aFitOneRowOrOneChoiceAwayIsCaught() throws {
        let folder = TemporaryFolder()
        let design = CommercialSheetDesign.twoHundredQuestions
        let blankPath = folder.file("blank.pdf"), scanPath = folder.file("scan.pdf")
        try ScanFactory.writeBlankSheet(design, to: URL(fileURLWithPath: blankPath))
        _ = try ScanFactory.writeFilledSheet(design, marks: ScanFactory.randomSheetMarks(design, difficulty: 0.25, seed: 3),
                                             capture: .scan(.identity), seed: 3, to: URL(fileURLWithPath: scanPath))
        let field = try #require(design.fields.first)
        let (rows, choices) = (field.rows, field.choices.count)
        let outline = BlockOutline(first: field.first, last: field.last, rows: rows, choices: choices, down: field.down)
        let found = try SheetReading.render(path: blankPath, pixelsPerPoint: TemplateFinder.pixelsPerPoint(for: outline))
        let template = BubbleTemplate(blankFile: "blank.pdf", blankPage: 1, shapes: try TemplateFinder.find(outline, on: found).get())
        let ppp = 10 / template.smallestRadius
        let blank = try SheetReading.render(path: blankPath, pixelsPerPoint: ppp)
        let check = RowShiftCheck(template, rows: rows, choices: choices, blank: blank)

        let centres = template.shapes.map(\.centre)
        let row = PagePoint(x: (centres[(rows - 1) * choices].x - centres[0].x) / Double(rows - 1),
                            y: (centres[(rows - 1) * choices].y - centres[0].y) / Double(rows - 1))
        let choice = PagePoint(x: (centres[choices - 1].x - centres[0].x) / Double(choices - 1),
                               y: (centres[choices - 1].y - centres[0].y) / Double(choices - 1))
        func moved(by step: PagePoint) -> Homography { Homography(SimilarityTransform(a: 1, b: 0, tx: step.x, ty: step.y)) }
        for (name, scan) in [("blank", blank), ("scan", try SheetReading.render(path: scanPath, pixelsPerPoint: ppp))] {
            #expect(check.check(scan, model: moved(by: PagePoint(x: 0, y: 0))) == .clear, "\(name)")
            // A row away is mended: the shift back is found.
            for step in [row, PagePoint(x: -row.x, y: -row.y)] {
                let outcome = check.check(scan, model: moved(by: step))
                guard case .off(let delta) = outcome else {
                    Issue.record("\(name): a fit moved by \(step) was not caught: \(outcome)")
                    continue
                }
                #expect(abs(delta.x - step.x) < 0.5 && abs(delta.y - step.y) < 0.5, "\(name): moved by \(step), mended by \(delta)")
            }
            // A choice away is never taken for the fit (mended, or refused as ambiguous).
            for step in [choice, PagePoint(x: -choice.x, y: -choice.y)] {
                let outcome = check.check(scan, model: moved(by: step))
                #expect(outcome != .clear, "\(name): a fit moved by \(step) passed")
                if case .off(let delta) = outcome {
                    #expect(abs(delta.x - step.x) < 0.5 && abs(delta.y - step.y) < 0.5, "\(name): moved by \(step), mended by \(delta)")
                }
            }
        }
    }
}
