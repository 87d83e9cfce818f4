import Foundation
import GraderAlignment
@testable import GraderBubbles
import GraderCore
import Testing

/// Templates found on sheets that are not a clean blank (a bubble printed solid as the example, a
/// student's filled copy when no blank exists), and the blank-sheet reader's thresholds learned
/// from each sheet's own empty bubbles (a checkbox sheet scanned at 100 dpi).
@Suite("Templates from any sheet, thresholds from the sheet's own bubbles")
struct TemplateFromAnySheetTests {
    static let rings = PhotoSheetPainter.Print(ringGrey: 60, ringWidth: 0.9)
    /// The templates are found at 4 pixels per point (TemplateFinder reads any resolution).
    static let finding = PhotoSheetPainter.Capture(pixelsPerPoint: 4, degrees: 0, shift: (0, 0), blurPasses: 1, noise: 2)

    /// Every block of `blocks` found on `sheet` (first and last bubble as typed) with its template.
    static func found(_ blocks: [BubbleBlock], on sheet: GrayImage, filledSheet: Bool = false) -> Result<[BubbleBlock], TemplateFinder.Failure> {
        Result {
            try blocks.map { block in
                let outline = BlockOutline(first: block.centre(row: 0, choice: 0), last: block.centre(row: block.rows - 1, choice: block.choices.count - 1),
                                           rows: block.rows, choices: block.choices.count, down: block.kind.isDigitGrid)
                var found = block
                found.template = BubbleTemplate(blankFile: "blank", blankPage: 1, shapes: try TemplateFinder.find(outline, on: sheet, filledSheet: filledSheet).get())
                return found
            }
        }.mapError { $0 as! TemplateFinder.Failure }
    }

    /// Rows of `sheets` read against `blank` with `blocks`: right, unread and wrong (described);
    /// a light tick counts as right when read or flagged. `skip` leaves out rows a test cannot judge.
    static func tally(_ sheets: [SchoolCorpus.Sheet], blocks: [BubbleBlock], blank: BlankSheet,
                      skip: (String, Int, SchoolCorpus.Truth) -> Bool = { _, _, _ in false }) -> (right: Int, unread: [String], wrong: [String]) {
        var right = 0, unread: [String] = [], wrong: [String] = []
        for (index, sheet) in sheets.enumerated() {
            for reading in TemplateReader.read(blocks, scan: sheet.image, blank: blank) {
                for (row, truth) in zip(reading.rows, sheet.truth[reading.block.id] ?? []) where !skip(reading.block.id, row.row, truth) {
                    let what = "sheet \(index) \(reading.block.id) row \(row.row): \(truth) read \(row.reading) \(row.fills) \(reading.problem ?? "")"
                    switch SchoolCorpus.judge(row.reading, truth, choices: reading.block.choices) {
                    case .right: right += 1
                    case .unread:
                        if case .tick = truth { right += 1 } else { unread.append(what) }
                    case .wrong: wrong.append(what)
                    }
                }
            }
        }
        return (right, unread, wrong)
    }

    /// The answer block's first bubble printed solid on the blank and on every copy ("fill like
    /// this"): the template is found (the solid bubble measured by its blob), and every row is read
    /// as the student marked it, the example counting for nothing.
    @Test func aBlankWithAnExampleBubblePrintedSolidIsATemplate() throws {
        let example = SchoolCorpus.answers.centre(row: 0, choice: 0)
        var painter = PhotoSheetPainter(print: Self.rings, seed: 31)
        for block in SchoolCorpus.blocks { painter.printRings(block) }
        painter.printSolid(at: (example.x, example.y), diameter: SchoolCorpus.answers.bubbleDiameter)
        let blocks = try Self.found(SchoolCorpus.blocks, on: painter.captured(Self.finding).image).get()
        let shapes = try #require(blocks.last?.template?.shapes)
        #expect(abs(shapes[0].width - 11) < 1.5 && abs(shapes[0].centre.x - example.x) < 0.6 && shapes[0].blankInk > 0.6, "\(shapes[0])")
        let blank = BlankSheet(painter.captured(Self.finding).image.resampled(toPixelsPerPoint: TemplateReader.pixelsPerPoint(for: blocks)), blocks: blocks)
        let sheets = (1...3).map { seed in
            SchoolCorpus.sheet(seed: UInt64(40 + seed), print: Self.rings, capture: .scan, solidExample: (example.x, example.y))
        }
        // A student's fill over the printed example cannot be seen: those rows are not judged.
        let tally = Self.tally(sheets, blocks: blocks, blank: blank) { id, row, truth in
            guard id == "mc", row == 0 else { return false }
            switch truth {
            case .tick(0), .filled(0, _): return true
            default: return false
            }
        }
        #expect(tally.wrong.isEmpty, "\(tally.wrong)")
        #expect(Double(tally.right) >= 0.95 * Double(tally.right + tally.unread.count), "\(tally.right) read; unread: \(tally.unread)")
    }

    /// No blank: the instructor gives a student's filled copy. Its fills are told from the print
    /// (a solid blob where a ring is expected) and read as empty bubbles; other students' copies
    /// are then read against it with no wrong row.
    @Test func aFilledSheetIsATemplateWhenNoBlankExists() throws {
        let filled = SchoolCorpus.sheet(seed: 50, print: Self.rings, capture: Self.finding, ticks: false).image
        #expect(throws: TemplateFinder.Failure.self) { try Self.found(SchoolCorpus.blocks, on: filled).get() }
        let blocks = try Self.found(SchoolCorpus.blocks, on: filled, filledSheet: true).get()
        let marked = blocks.flatMap { $0.template?.shapes ?? [] }.filter(\.filledOnSheet).count
        #expect(marked >= 50, "\(marked) bubbles told as fills")
        let blank = BlankSheet(filled.resampled(toPixelsPerPoint: TemplateReader.pixelsPerPoint(for: blocks)), blocks: blocks)
        let sheets = (1...3).map { seed in SchoolCorpus.sheet(seed: UInt64(50 + seed), print: Self.rings, capture: .scan) }
        let tally = Self.tally(sheets, blocks: blocks, blank: blank)
        #expect(tally.wrong.isEmpty, "\(tally.wrong)")
        // The middle one of the three abutting blocks looks the same a row on or back (its lattice
        // continues into both neighbours): its placed neighbours settle it, also where they are
        // placed only on the second try (the page's placement on the filled copy is rough): every row read.
        #expect(tally.unread.isEmpty, "\(tally.right) read; unread: \(tally.unread)")
    }

    /// 81 small checkboxes (8 pt) in three columns, scanned at 100 dpi: the two light ticks are read or flagged,
    /// never read as confident blanks; every box left empty reads blank, every filled one reads. Without a
    /// heading the three columns look alike upside down: the sheet is still read the way up it was printed.
    @Test(arguments: [true, false]) func lightTicksOnACheckboxSheetAt100DpiAreNeverReadBlank(withHeading: Bool) throws {
        let columns = (0..<3).map { k in
            BubbleBlock(id: "c\(k + 1)", name: "Column \(k + 1)", page: 1, origin: PagePoint(x: 90 + Double(k) * 160, y: 110), rowSpacing: 22,
                        columnSpacing: 22, bubbleDiameter: 8, rows: 27, kind: .checkbox, pointsPerQuestion: .zero, firstQuestionNumber: 1 + 27 * k)
        }
        func heading(_ painter: inout PhotoSheetPainter) {
            guard withHeading else { return }
            for k in 0..<4 { painter.printSolid(at: (60 + Double(k) * 26, 60), diameter: 18) }
        }
        var blankPainter = PhotoSheetPainter(print: Self.rings, seed: 60)
        heading(&blankPainter)
        for block in columns { blankPainter.printRings(block) }
        let blocks = try Self.found(columns, on: blankPainter.captured(Self.finding).image).get()
        let blank = BlankSheet(blankPainter.captured(Self.finding).image.resampled(toPixelsPerPoint: TemplateReader.pixelsPerPoint(for: blocks)),
                               blocks: blocks)
        var painter = PhotoSheetPainter(print: Self.rings, seed: 61)
        heading(&painter)
        var truth: [String: [SchoolCorpus.Truth]] = [:]
        for (k, block) in columns.enumerated() {
            painter.printRings(block)
            truth[block.id] = (0..<block.rows).map { row in
                if (k, row) == (0, 9) || (k, row) == (2, 17) {
                    painter.mark(.lightTick, block: block, row: row, choice: 0)
                    return .tick(0)
                }
                guard (row + k) % 3 == 0 else { return .blank }
                painter.mark(.fill(darkness: 0.6 + 0.05 * Double(row % 6)), block: block, row: row, choice: 0)
                return .filled(0, darkness: 0.6)
            }
        }
        var capture = PhotoSheetPainter.Capture.scan
        capture.pixelsPerPoint = 100.0 / 72
        capture.noise = 10
        let sheet = SchoolCorpus.Sheet(image: painter.captured(capture).image, alignment: .identity, truth: truth)
        let readings = TemplateReader.read(blocks, scan: sheet.image, blank: blank)
        for reading in readings {
            for (row, t) in zip(reading.rows, truth[reading.block.id] ?? []) {
                switch t {
                case .tick: #expect(row.reading != .blank, "\(reading.block.id) row \(row.row): a light tick read blank \(row.fills)")
                case .blank: #expect(row.reading == .blank, "\(reading.block.id) row \(row.row): \(row.reading) \(row.fills)")
                case .filled: #expect(row.reading == .answered(reading.block.choices), "\(reading.block.id) row \(row.row): \(row.reading) \(row.fills)")
                }
            }
        }
    }
}
