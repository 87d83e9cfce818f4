import Foundation
import GraderAlignment
import GraderBubbles
import GraderCore
@testable import ScanFactory

/// Another school's sheet, painted by `PhotoSheetPainter`: a 30-question A–D column made of
/// three 10-row blocks that abut at one pitch, a 20-question A–E block, five yes/no questions,
/// two one-bubble checkboxes side by side, a two-bubble field, a 7-digit student-number grid and
/// a solid example bubble; each sheet filled at random with the truth kept.
struct SchoolCorpus {
    static let abutting = (0..<3).map { k in
        BubbleBlock(id: "q\(k + 1)", name: "Part \(k + 1)", page: 1, origin: PagePoint(x: 60, y: 120 + Double(k) * 160), rowSpacing: 16,
                    columnSpacing: 18, bubbleDiameter: 11, rows: 10, choices: ["A", "B", "C", "D"], firstQuestionNumber: 1 + 10 * k)
    }
    static let yesNo = BubbleBlock(id: "yn", name: "Yes/no", page: 1, origin: PagePoint(x: 200, y: 140), rowSpacing: 16, columnSpacing: 22,
                                   bubbleDiameter: 11, rows: 5, choices: ["Y", "N"], firstQuestionNumber: 31)
    static let boxes = [
        BubbleBlock(id: "late", name: "Late", page: 1, origin: PagePoint(x: 200, y: 250), rowSpacing: 16, columnSpacing: 16,
                    bubbleDiameter: 11, rows: 1, kind: .checkbox, pointsPerQuestion: .zero, firstQuestionNumber: 36),
        BubbleBlock(id: "retake", name: "Retake", page: 1, origin: PagePoint(x: 236, y: 250), rowSpacing: 16, columnSpacing: 16,
                    bubbleDiameter: 11, rows: 1, kind: .checkbox, pointsPerQuestion: .zero, firstQuestionNumber: 37),
    ]
    static let pair = BubbleBlock(id: "form", name: "Form", page: 1, origin: PagePoint(x: 200, y: 290), rowSpacing: 16, columnSpacing: 20,
                                  bubbleDiameter: 11, rows: 1, choices: ["A", "B"], firstQuestionNumber: 38)
    static let studentID = BubbleBlock(id: "id", name: "Student number", page: 1, origin: PagePoint(x: 330, y: 120), rowSpacing: 16,
                                       columnSpacing: 18, bubbleDiameter: 11, rows: 7, kind: .studentID)
    static let answers = BubbleBlock(id: "mc", name: "Multiple choice", page: 1, origin: PagePoint(x: 330, y: 330), rowSpacing: 17,
                                     columnSpacing: 19, bubbleDiameter: 11, rows: 20, firstQuestionNumber: 40)
    static let blocks = abutting + [yesNo] + boxes + [pair, studentID, answers]

    /// What a student did in one row: filled a choice (how dark), left it blank, or ticked a choice lightly.
    enum Truth: Equatable {
        case filled(Int, darkness: Double)
        case blank
        case tick(Int)
    }

    /// How a reading compares with the truth.
    enum Verdict { case right, unread, wrong }

    static func judge(_ reading: BubbleReading, _ truth: Truth, choices: [String]) -> Verdict {
        switch (truth, reading) {
        case (_, .uncertain): .unread
        case (.filled(let c, _), .answered(let labels)): labels == [choices[c]] ? .right : .wrong
        case (.blank, .blank): .right
        case (.tick(let c), .answered(let labels)): labels == [choices[c]] ? .right : .wrong
        default: .wrong
        }
    }

    /// One painted sheet: the image, the alignment registration would give, and the truth per block row.
    struct Sheet {
        var image: GrayImage
        var alignment: SimilarityTransform
        var truth: [String: [Truth]]
    }

    /// A sheet: filled at random from `seed` (about one row in eight blank, one in fifteen a light
    /// tick, fills from light pencil to dark), printed as `print` and captured as `capture`;
    /// `scribble` draws handwriting across the student-number grid; `solidExample` prints one more
    /// bubble solid there (an example inside a block).
    static func sheet(seed: UInt64, print: PhotoSheetPainter.Print, capture: PhotoSheetPainter.Capture,
                      alignmentError: (x: Double, y: Double) = (0, 0), ticks: Bool = true, scribble: Bool = false,
                      solidExample: (x: Double, y: Double)? = nil) -> Sheet {
        var painter = PhotoSheetPainter(print: print, seed: seed)
        var random = SplitMix64(seed: seed, 101)
        for block in blocks { painter.printRings(block) }
        painter.printSolid(at: (200, 110), diameter: 11)
        if let solidExample { painter.printSolid(at: solidExample, diameter: 11) }
        var truth: [String: [Truth]] = [:]
        for block in blocks {
            truth[block.id] = (0..<block.rows).map { row in
                let choices = block.kind.isDigitGrid ? block.choices.count : block.choices.count
                let roll = random.int(0...29)
                let t: Truth = block.kind.isDigitGrid ? .filled(random.int(0...(choices - 1)), darkness: random.uniform(0.5, 0.95))
                    : roll < 4 ? .blank : roll < 6 && ticks ? .tick(random.int(0...(choices - 1)))
                    : .filled(random.int(0...(choices - 1)), darkness: random.uniform(0.55, 0.95))
                switch t {
                case .filled(let c, let darkness): painter.mark(.fill(darkness: darkness), block: block, row: row, choice: c)
                case .tick(let c): painter.mark(.lightTick, block: block, row: row, choice: c)
                case .blank: break
                }
                return t
            }
        }
        if scribble {
            var points: [(x: Double, y: Double)] = []
            for i in 0..<14 { points.append((322 + Double(i) * 10, 150 + (i % 2 == 0 ? 0 : 90) + random.uniform(-10, 10))) }
            painter.mark(.scribble(points: points), block: studentID, row: 0, choice: 0)
        }
        let (image, alignment) = painter.captured(capture, alignmentError: alignmentError)
        return Sheet(image: image, alignment: alignment, truth: truth)
    }

    /// Counts of rows read right, unread and wrong over `sheets`, read through each sheet's alignment
    /// (or from the typed positions when `aligned` is false).
    /// Ticks are counted apart: read or flagged, both are fine; `right` and `unread` count the other rows.
    static func tally(_ sheets: [Sheet], aligned: Bool = true) -> (right: Int, unread: Int, wrong: [String], why: [String], ticks: Int) {
        var right = 0, unread = 0, wrong: [String] = [], why: [String] = [], ticks = 0
        for (index, sheet) in sheets.enumerated() {
            for (block, reading) in zip(blocks, BubbleReader.read(blocks, in: sheet.image, alignment: aligned ? sheet.alignment : nil)) {
                for (row, truth) in zip(reading.rows, sheet.truth[block.id] ?? []) {
                    let verdict = judge(row.reading, truth, choices: block.choices)
                    if case .tick = truth, verdict != .wrong {
                        ticks += 1
                        continue
                    }
                    switch verdict {
                    case .right: right += 1
                    case .unread:
                        unread += 1
                        why.append("sheet \(index), \(block.id) row \(row.row): \(truth) \(reading.problem ?? "\(row.reading)")")
                    case .wrong: wrong.append("sheet \(index), \(block.id) row \(row.row): \(truth) read \(row.reading)")
                    }
                }
            }
        }
        return (right, unread, wrong, why, ticks)
    }
}
