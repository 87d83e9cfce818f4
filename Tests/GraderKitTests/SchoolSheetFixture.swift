import Foundation
import GraderAlignment
import GraderBubbles
import GraderCore
import GraderKit
import GraderPDF
import ScanFactory
import TestSupport

/// A commercial answer sheet as a school prints it: its blank written and every field found on it
/// by first and last bubble, ready to read filled copies against it (as `ezgrader omr` does).
struct SchoolSheetFixture {
    let design: CommercialSheetDesign
    let blocks: [BubbleBlock]
    let blank: BlankSheet
    let folder: TemporaryFolder

    init(_ design: CommercialSheetDesign) throws {
        self.design = design
        folder = TemporaryFolder()
        let blankPath = folder.file("blank.pdf")
        try ScanFactory.writeBlankSheet(design, to: URL(fileURLWithPath: blankPath))
        let page = try PDFDocument(path: blankPath).page(at: 0)
        blocks = try design.fields.map { field in
            let outline = BlockOutline(first: field.first, last: field.last, rows: field.rows, choices: field.choices.count, down: field.down)
            let image = try GrayImage(rendering: page, pixelsPerPoint: TemplateFinder.pixelsPerPoint(for: outline))
            return try field.describedBlock.found(outline, on: image, blankFile: "blank.pdf", blankPage: 1).get()
        }
        blank = BlankSheet(try GrayImage(rendering: page, pixelsPerPoint: TemplateReader.pixelsPerPoint(for: blocks)), blocks: blocks)
    }

    /// Fills a copy with random marks, captures it, and reads it: each row judged against its truth.
    func readCopy(capture: SheetCapture, seed: UInt64, difficulty: Double = 0.25) throws -> (readings: [BlockReading], truth: FilledSheetTruth) {
        let path = folder.file("copy-\(seed).pdf")
        let marks = ScanFactory.randomSheetMarks(design, difficulty: difficulty, seed: seed)
        let truth = try ScanFactory.writeFilledSheet(design, marks: marks, capture: capture, seed: seed, to: URL(fileURLWithPath: path))
        let page = try PDFDocument(path: path).page(at: 0)
        let image = try GrayImage(rendering: page, pixelsPerPoint: blank.image.pixelsPerPoint, keepingScanResolution: true)
        return (TemplateReader.read(blocks, scan: image, blank: blank), truth)
    }
}

/// Rows read against their truth: confidently right, uncertain, or confidently wrong (never allowed).
struct SheetTally: CustomStringConvertible {
    var rows = 0, read = 0, wrong: [String] = []
    /// Rows whose mark is unambiguous (a clean fill, a blank, two clean fills): these must be read.
    var clearRows = 0, clearRead = 0
    var unplaced: [String] = []
    /// Rows partly off the captured page.
    var cutOff = 0

    mutating func add(_ readings: [BlockReading], truth: FilledSheetTruth, sheet: String) {
        for reading in readings {
            if let problem = reading.problem { unplaced.append("\(sheet) \(reading.block.id): \(problem)") }
            for (row, drawn) in (truth.marks[reading.block.id] ?? []).enumerated() where row < reading.rows.count {
                // Two fills are two answers on a multiple-answer block, not a double mark.
                var expected = drawn
                if reading.block.kind == .multipleAnswer, case .exactly(.multiple(let labels)) = drawn.expected { expected.expected = .exactly(.answered(labels)) }
                let read = reading.rows[row]
                let clear: Bool
                if case .exactly = expected.expected { clear = true } else { clear = false }
                // A row the capture cut off (a sheet shifted 20 mm past the glass) cannot be read: not counted.
                let onPage = reading.block.template?.shapes[(row * reading.block.choices.count)..<((row + 1) * reading.block.choices.count)]
                    .allSatisfy { shape in
                        let p = truth.captured(shape.centre)
                        return p.x > shape.width && p.y > shape.height && p.x < 612 - shape.width && p.y < 792 - shape.height
                    } ?? true
                if !onPage { cutOff += 1; continue }
                rows += 1
                clearRows += clear ? 1 : 0
                switch expected.judge(read.reading) {
                case .correct: read_(clear)
                case .uncertain: break
                case .wrong:
                    wrong.append("\(sheet) \(reading.block.id) row \(row + 1): \(expected.mark) read as \(read.reading) (fills \(read.fills.map { String(format: "%.2f", $0) }))")
                }
            }
        }
    }

    private mutating func read_(_ clear: Bool) {
        read += 1
        clearRead += clear ? 1 : 0
    }

    var readShare: Double { Double(read) / Double(max(rows, 1)) }
    var clearShare: Double { Double(clearRead) / Double(max(clearRows, 1)) }

    var description: String {
        String(format: "%d rows on the page (%d cut off), %.1f %% read; %d clear rows, %.1f %% read; %d wrong; unplaced: %@",
               rows, cutOff, 100 * readShare, clearRows, 100 * clearShare, wrong.count, unplaced.joined(separator: "; "))
    }
}
