import Foundation
import GraderBubbles
import GraderCore
import ScanFactory
import TestSupport
import Testing

/// Our own generated sheet described as a school's: its blocks found on a blank copy of it by
/// first and last bubble, then filled scans read against that blank.
@Suite("Template blocks on our own sheet", .serialized)
struct TemplateOnOwnSheetTests {
    static let answers = BubbleSheetLayout.answerBlock, studentID = BubbleSheetLayout.studentIDBlock

    /// The answer block and the ID grid as found on a blank sheet.
    static func templates(blankPath: String) throws -> [BubbleBlock] {
        let outlines = [
            (answers, BlockOutline(first: answers.centre(row: 0, choice: 0), last: answers.centre(row: 19, choice: 4), rows: 20, choices: 5, down: false)),
            (studentID, BlockOutline(first: studentID.centre(row: 0, choice: 0), last: studentID.centre(row: 6, choice: 9), rows: 7, choices: 10, down: true)),
        ]
        return try outlines.map { block, outline in
            let image = try SheetReading.render(path: blankPath, pixelsPerPoint: TemplateFinder.pixelsPerPoint(for: outline))
            let shapes = try TemplateFinder.find(outline, on: image).get()
            var found = block
            found.template = BubbleTemplate(blankFile: "blank.pdf", blankPage: 1, shapes: shapes)
            return found
        }
    }

    @Test func bubblesAreFoundWhereTheyArePrinted() throws {
        let folder = TemporaryFolder()
        let blank = folder.file("blank.pdf")
        try ScanFactory.writeBubbleSheetBooklet(to: URL(fileURLWithPath: blank), studentNumber: 1, answers: [], idDigits: nil,
                                                style: SheetReading.style, seed: 1, placement: .identity)
        let blocks = try Self.templates(blankPath: blank)
        for block in blocks {
            let shapes = try #require(block.template?.shapes)
            for row in 0..<block.rows {
                for choice in block.choices.indices {
                    let shape = shapes[row * block.choices.count + choice], printed = (block.id == "mc" ? Self.answers : Self.studentID).centre(row: row, choice: choice)
                    #expect(abs(shape.centre.x - printed.x) < 0.6 && abs(shape.centre.y - printed.y) < 0.6, "\(block.id) \(row),\(choice): \(shape.centre) vs \(printed)")
                    #expect(abs(shape.width - 12) < 1.5 && abs(shape.height - 12) < 1.5, "\(block.id) \(row),\(choice): \(shape.width)×\(shape.height)")
                }
            }
        }
    }

    @Test func filledScansReadAgainstTheBlank() throws {
        let folder = TemporaryFolder()
        let blankPath = folder.file("blank.pdf")
        try ScanFactory.writeBubbleSheetBooklet(to: URL(fileURLWithPath: blankPath), studentNumber: 1, answers: [], idDigits: nil,
                                                style: SheetReading.style, seed: 1, placement: .identity)
        let blocks = try Self.templates(blankPath: blankPath)
        let ppp = TemplateReader.pixelsPerPoint(for: blocks)
        let blank = BlankSheet(try SheetReading.render(path: blankPath, pixelsPerPoint: ppp), blocks: blocks)
        var wrong: [String] = [], read = 0, rows = 0
        for seed: UInt64 in 1...4 {
            let path = folder.file("sheet\(seed).pdf")
            let layout = try ScanFactory.writeBubbleSheetBooklet(
                to: URL(fileURLWithPath: path), studentNumber: Int(seed), answers: ScanFactory.randomBubbleMarks(rows: 20, difficulty: 0.2, seed: seed),
                idDigits: "100200\(seed)", style: SheetReading.style, seed: seed,
                placement: BubbleSheetPlacement(offsetX: 20, offsetY: -15, rotationDegrees: seed.isMultiple(of: 2) ? 2.5 : -2.5, scale: 0.98))
            let readings = TemplateReader.read(blocks, scan: try SheetReading.render(path: path, pixelsPerPoint: ppp), blank: blank)
            for (reading, truths) in zip(readings, [layout.answerTruth, layout.studentIDTruth]) {
                #expect(reading.problem == nil, "sheet \(seed) \(reading.block.id): \(reading.problem ?? "")")
                for (row, truth) in truths.enumerated() {
                    rows += 1
                    switch truth.judge(reading.rows[row].reading) {
                    case .correct: read += 1
                    case .wrong: wrong.append("sheet \(seed) \(reading.block.id) row \(row): \(truth.mark) read \(reading.rows[row].reading) \(reading.rows[row].fills)")
                    case .uncertain: break
                    }
                }
            }
        }
        #expect(wrong.isEmpty, "\(wrong)")
        #expect(Double(read) >= 0.9 * Double(rows), "\(read) of \(rows) read")
    }
}
