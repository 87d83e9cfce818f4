import Foundation
import GraderAlignment
@testable import GraderBubbles
import GraderCore
import Testing

/// Sheets unlike ours (`SchoolCorpus`), each of the ways other schools' sheets were misread.
@Suite("Other schools' sheets, painted")
struct SchoolCorpusTests {
    static let thinGrey = PhotoSheetPainter.Print(ringGrey: 160, ringWidth: 0.6)
    static let dark = PhotoSheetPainter.Print(ringGrey: 60, ringWidth: 0.9)
    static let lettered = PhotoSheetPainter.Print(ringGrey: 90, ringWidth: 0.7, lettersInside: true)

    /// Light ticks are flagged or read (never wrong, never blank); the other rows are read.
    @Test func scansReadWithNoWrongRowAndNearlyEveryRowRead() {
        let prints = [Self.thinGrey, Self.dark, Self.lettered]
        let sheets = (0..<6).map { i in
            var capture = PhotoSheetPainter.Capture.scan
            capture.degrees = [0.6, -1.2, 0.3, 1.5, -0.4, 0.9][i]
            capture.shift = ([4, -6, 9, -3, 2, 7][i], [-3, 5, 2, -8, 6, 0][i])
            return SchoolCorpus.sheet(seed: UInt64(i + 1), print: prints[i % 3], capture: capture, alignmentError: (1.5, -1))
        }
        let tally = SchoolCorpus.tally(sheets)
        #expect(tally.wrong.isEmpty, "\(tally.wrong)")
        let total = tally.right + tally.unread + tally.wrong.count
        #expect(Double(tally.right) >= 0.95 * Double(total), "read \(tally.right) of \(total): \(tally.why)")
    }

    /// Thin grey rings blurred into a photo's grain, and letters printed inside rings beside the
    /// dark beyond the sheet's edge: the rings are found on the smoothed region at their own level.
    @Test func photosReadWithNoWrongRowAndMostRowsRead() {
        let prints = [Self.thinGrey, Self.dark, Self.lettered, Self.dark]
        let sheets = (0..<4).map { i in
            let capture = PhotoSheetPainter.Capture(
                pixelsPerPoint: 1.6, degrees: [3.5, -2.5, 1.8, -4][i], scale: [0.97, 1.03, 0.95, 1.0][i],
                shift: ([14, -10, 25, 5][i], [-12, 20, 8, -18][i]), tilt: ([0.012, -0.01, 0.0, 0.015][i], [0.01, 0.015, -0.012, 0.0][i]),
                shade: 45, blurPasses: 2, noise: 8)
            return SchoolCorpus.sheet(seed: UInt64(i + 20), print: prints[i], capture: capture, alignmentError: (-2, 2.5))
        }
        let tally = SchoolCorpus.tally(sheets)
        #expect(tally.wrong.isEmpty, "\(tally.wrong)")
        let total = tally.right + tally.unread + tally.wrong.count
        #expect(Double(tally.right) >= 0.90 * Double(total), "read \(tally.right) of \(total): \(tally.why)")
    }

    /// Three blocks abutting at one pitch make one long grid: a page shifted by one row matches
    /// its neighbours' rings as well as its own. From the typed position alone that is refused;
    /// through the page's alignment it is read right.
    @Test func abuttingBlocksOnAPageMovedOneRowAreNeverReadARowOff() throws {
        var capture = PhotoSheetPainter.Capture.scan
        capture.shift = (0, 16)
        let sheet = SchoolCorpus.sheet(seed: 5, print: Self.dark, capture: capture, ticks: false)
        for block in SchoolCorpus.abutting {
            let typed = BubbleReader.read(block, in: sheet.image)
            let truth = try #require(sheet.truth[block.id])
            for (row, t) in zip(typed.rows, truth) {
                #expect(SchoolCorpus.judge(row.reading, t, choices: block.choices) != .wrong, "\(block.id) row \(row.row): \(row.reading)")
            }
            let aligned = BubbleReader.read(block, in: sheet.image, alignment: sheet.alignment)
            #expect(zip(aligned.rows, truth).allSatisfy { SchoolCorpus.judge($0.reading, $1, choices: block.choices) == .right },
                    "\(block.id): \(aligned.problem ?? "") \(aligned.readings)")
        }
        let refused = BubbleReader.read(SchoolCorpus.abutting[1], in: sheet.image)
        #expect(refused.problem?.contains("as well: not read rather than read a row or column off") == true, "\(refused.problem ?? "read")")
    }

    /// The same sheet read twice gives the same placement and readings.
    @Test func readingIsDeterministic() {
        let sheet = SchoolCorpus.sheet(seed: 8, print: Self.lettered, capture: .scan)
        for block in SchoolCorpus.blocks {
            #expect(BubbleReader.read(block, in: sheet.image) == BubbleReader.read(block, in: sheet.image))
        }
    }

    /// Thin grey rings with every row filled: the darkest ink is the fills, and a threshold set
    /// from it sees only the fills; the rings are found at their own darkness.
    @Test func thinGreyRingsAreFoundAmongDarkFills() throws {
        var painter = PhotoSheetPainter(print: Self.thinGrey, seed: 3)
        let block = SchoolCorpus.answers
        painter.printRings(block)
        for row in 0..<block.rows { painter.mark(.fill(darkness: 0.95), block: block, row: row, choice: row % 5) }
        let (image, alignment) = painter.captured(.scan)
        let reading = BubbleReader.read(block, in: image, alignment: alignment)
        #expect(reading.problem == nil, "\(reading.problem ?? "")")
        #expect(reading.readings == (0..<block.rows).map { .answered([block.choices[$0 % 5]]) })
        #expect(reading.registration?.ringsMatched ?? 0 >= block.bubbleCount * 9 / 10)
    }

    /// A one-bubble checkbox, a two-bubble field and a five-question yes/no block are placed and read.
    @Test func blocksOfOneAndTwoBubblesAreRead() throws {
        let sheet = SchoolCorpus.sheet(seed: 11, print: Self.dark, capture: .scan, ticks: false)
        for block in SchoolCorpus.boxes + [SchoolCorpus.pair, SchoolCorpus.yesNo] {
            let reading = BubbleReader.read(block, in: sheet.image, alignment: sheet.alignment)
            let truth = try #require(sheet.truth[block.id])
            #expect(reading.problem == nil, "\(block.id): \(reading.problem ?? "")")
            #expect(zip(reading.rows, truth).allSatisfy { SchoolCorpus.judge($0.reading, $1, choices: block.choices) == .right },
                    "\(block.id): \(reading.readings) for \(truth)")
        }
    }

    /// A photo whose sheet sits 40 pt from where the rubric typed it: out of reach of a search
    /// from the typed position, read through the page's alignment.
    @Test func aSheetFarFromItsTypedPlaceIsReadThroughItsAlignment() throws {
        var capture = PhotoSheetPainter.Capture.scan
        capture.shift = (40, -35)
        capture.degrees = 2
        let sheet = SchoolCorpus.sheet(seed: 13, print: Self.dark, capture: capture, alignmentError: (2, -2), ticks: false)
        for block in [SchoolCorpus.answers, SchoolCorpus.studentID] {
            let reading = BubbleReader.read(block, in: sheet.image, alignment: sheet.alignment)
            let truth = try #require(sheet.truth[block.id])
            #expect(zip(reading.rows, truth).allSatisfy { SchoolCorpus.judge($0.reading, $1, choices: block.choices) == .right },
                    "\(block.id): \(reading.problem ?? "") \(reading.readings)")
        }
    }

    /// Digits filled in a light pencil (a fill near 0.55, below the old fixed 0.60) are read:
    /// the filled level is learned from the grid's own empty bubbles.
    @Test func lightButClearFillsOfAStudentNumberAreRead() throws {
        var painter = PhotoSheetPainter(print: Self.dark, seed: 4)
        let grid = SchoolCorpus.studentID
        painter.printRings(grid)
        let digits = [3, 0, 0, 7, 1, 9, 4]
        for (position, digit) in digits.enumerated() { painter.mark(.fill(darkness: 0.3), block: grid, row: position, choice: digit) }
        let (image, _) = painter.captured(.scan)
        let reading = BubbleReader.read(grid, in: image)
        #expect(reading.digits == "3007194", "\(reading.rows.map { $0.fills.max() ?? 0 }) \(reading.readings)")
        #expect(reading.rows.allSatisfy { ($0.fills.max() ?? 0) < 0.6 })
    }

    /// Letters printed inside the bubbles darken every empty bubble: a row nobody marked is blank,
    /// not "unclear"; a light tick in it is never read as blank.
    @Test func emptyRowsWithPrintedLettersReadBlankAndTicksNeverBlank() throws {
        var painter = PhotoSheetPainter(print: PhotoSheetPainter.Print(ringGrey: 60, ringWidth: 0.9, lettersInside: true), seed: 6)
        let block = SchoolCorpus.answers
        painter.printRings(block)
        for row in 0..<block.rows where row % 4 == 1 { painter.mark(.fill(darkness: 0.9), block: block, row: row, choice: 2) }
        painter.mark(.lightTick, block: block, row: 6, choice: 3)
        let (image, _) = painter.captured(.scan)
        let reading = BubbleReader.read(block, in: image)
        for row in reading.rows where row.row % 4 != 1 && row.row != 6 { #expect(row.reading == .blank, "row \(row.row): \(row.reading) \(row.fills)") }
        #expect(reading.rows[6].reading != .blank && reading.rows[6].reading != .answered(["A"]), "\(reading.rows[6].fills)")
    }

    /// Handwriting scrawled across a student-number grid: never read as other digits; when the
    /// grid cannot be placed, the reason says a mark crosses it. The other blocks still read.
    @Test func handwritingAcrossAGridIsNamedNotMisread() throws {
        let sheet = SchoolCorpus.sheet(seed: 17, print: Self.thinGrey, capture: .scan, ticks: false, scribble: true)
        let grid = SchoolCorpus.studentID
        let reading = BubbleReader.read(grid, in: sheet.image, alignment: sheet.alignment)
        let truth = try #require(sheet.truth[grid.id])
        #expect(zip(reading.rows, truth).allSatisfy { SchoolCorpus.judge($0.reading, $1, choices: grid.choices) != .wrong })
        if let problem = reading.problem { #expect(problem.contains("handwriting"), "\(problem)") }
        let answers = BubbleReader.read(SchoolCorpus.answers, in: sheet.image, alignment: sheet.alignment)
        #expect(answers.problem == nil)
    }

    /// A grid of rings hidden under a long stroke: the refusal counts the marks across the block.
    @Test func aRefusedBlockSaysAMarkCrossesIt() {
        var painter = PhotoSheetPainter(print: Self.dark, seed: 9)
        let block = SchoolCorpus.yesNo
        painter.printRings(block)
        for row in 0..<block.rows {
            let c = block.centre(row: row, choice: 0)
            painter.mark(.scribble(points: [(c.x - 8, c.y - 5), (c.x + 30, c.y + 4), (c.x - 8, c.y + 6)]), block: block, row: row, choice: 0)
        }
        let (image, alignment) = painter.captured(.scan)
        let reading = BubbleReader.read(block, in: image, alignment: alignment)
        #expect(reading.problem?.contains("handwriting or strokes) cross the block") == true, "\(reading.problem ?? "read")")
        #expect(reading.readings.allSatisfy { !$0.isConfident })
    }
}
