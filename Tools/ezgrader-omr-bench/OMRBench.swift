import ArgumentParser
import Dispatch
import Foundation
import GraderAlignment
import GraderBubbles
import GraderCore
import GraderKit
import GraderPDF
import ScanFactory

@main
struct OMRBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ezgrader-omr-bench",
        abstract: "Measure bubble reading on generated scanned answer sheets: wrong reads, uncertain rate, speed.",
        discussion: """
            Generates deterministic bubble sheets (20 questions A–E and a 7-digit ID grid each) with \
            skew up to 2.5°, offset up to 10 pt, scale ±3 %, varied noise and awkward marks (light and \
            partial fills, ticks, crosses, erasures, double marks), renders each page with poppler, \
            reads every block and compares with the truth. A wrong read is a confident reading that \
            is not the truth; there must be none.

            Example:
              swift build -c release --scratch-path .build-omr && .build-omr/release/ezgrader-omr-bench --sheets 300
            """)

    @Option(help: "Sheets to generate and read.") var sheets = 300
    @Option(help: "Seed of the generated set.") var seed: UInt64 = 2026
    @Option(help: "Folder for the generated sheets.") var work = ".build-omr-bench"
    @Option(help: "Render resolution: pixels across a bubble's radius.") var pixelsPerRadius = 7.0
    @Option(help: "Parallel workers, each with its own poppler documents.") var workers = 2
    @Flag(help: "Print the fills of every kind of mark (for tuning).") var fills = false
    @Flag(help: "Print why each unreadable block could not be read.") var verbose = false
    @Flag(help: "Instead: the 200-question school sheet read against its blank (pages per second).") var school = false
    @Flag(help: "With --school: phone photos (8° perspective, uneven light) instead of scans.") var photos = false
    @Flag(help: "Instead: the handwritten-digit reader's speed on pen-written ID boxes (--sheets copies of 8 boxes), one core.") var digits = false

    func run() throws {
        try FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
        if digits { return try DigitBench.run(copies: sheets, seed: seed) }
        if school { return try SchoolSheetBench.run(sheets: sheets, workers: workers, seed: seed, photos: photos, folder: work) }
        let plans = SheetPlan.plans(count: sheets, folder: work, seed: seed)
        let clock = ContinuousClock()

        let truths = Box([BubbleSheetLayout?](repeating: nil, count: plans.count))
        let failures = Box([String]())
        let generation = clock.measure {
            DispatchQueue.concurrentPerform(iterations: workers) { worker in
                for plan in plans where plan.index % workers == worker {
                    do {
                        let layout = try ScanFactory.writeBubbleSheetBooklet(
                            to: URL(fileURLWithPath: plan.path), studentNumber: plan.index,
                            answers: ScanFactory.randomBubbleMarks(rows: 20, difficulty: plan.difficulty, seed: seed &+ UInt64(plan.index)),
                            idDigits: plan.idDigits, style: plan.style, seed: seed)
                        truths.update { $0[plan.index] = layout }
                    } catch {
                        failures.update { $0.append("\(plan.path): \(error)") }
                    }
                }
            }
        }
        guard failures.value.isEmpty else { throw ValidationError(failures.value.joined(separator: "\n")) }
        let layouts = truths.value.compactMap { $0 }
        let blocks = layouts[0].blocks
        let ppp = GrayImage.pixelsPerPoint(forBubbleDiameter: blocks.map(\.bubbleDiameter).min() ?? 12,
                                          pixelsPerRadius: pixelsPerRadius)
        print("Generated \(plans.count) sheets in \(seconds(generation)) s; rendering at \(String(format: "%.1f", ppp * 72)) dpi "
            + "(\(pixelsPerRadius) px per bubble radius), \(workers) workers.")

        // Poppler's process-wide set-up runs once here, before any worker starts.
        _ = try GrayImage(rendering: PDFDocument(path: plans[0].path).page(at: 0), pixelsPerPoint: ppp)

        let outcomes = Box([[RowOutcome]](repeating: [], count: plans.count))
        let readTime = Box(Duration.zero), renderTime = Box(Duration.zero)
        let wall = clock.measure {
            DispatchQueue.concurrentPerform(iterations: workers) { worker in
                for plan in plans where plan.index % workers == worker {
                    do {
                        let start = clock.now
                        let document = try PDFDocument(path: plan.path)  // this worker's own document
                        let image = try GrayImage(rendering: document.page(at: 0), pixelsPerPoint: ppp)
                        let rendered = clock.now
                        let layout = layouts[plan.index]
                        let readings = layout.blocks.map { BubbleReader.read($0, in: image) }
                        let done = clock.now
                        for reading in readings where reading.problem != nil && verbose {
                            print("sheet \(plan.index) \(reading.block.id): \(reading.problem!)")
                        }
                        var sheetOutcomes: [RowOutcome] = []
                        for (reading, truth) in zip(readings, [layout.answerTruth, layout.studentIDTruth]) {
                            for (row, rowTruth) in zip(reading.rows, truth) {
                                sheetOutcomes.append(RowOutcome(sheet: plan.index, block: reading.block.id, row: row.row,
                                                                truth: rowTruth, reading: row.reading, fills: row.fills))
                            }
                        }
                        outcomes.update { $0[plan.index] = sheetOutcomes }
                        renderTime.update { $0 += rendered - start }
                        readTime.update { $0 += done - rendered }
                    } catch {
                        failures.update { $0.append("\(plan.path): \(error)") }
                    }
                }
            }
        }
        guard failures.value.isEmpty else { throw ValidationError(failures.value.joined(separator: "\n")) }

        // Read alone, one thread: the first pages rendered once, each read several times; the
        // fastest run of each counts (the machine may be busy with other work).
        var readAlone: [Duration] = []
        for plan in plans.prefix(20) {
            let image = try GrayImage(rendering: PDFDocument(path: plan.path).page(at: 0), pixelsPerPoint: ppp)
            let layout = layouts[plan.index]
            readAlone.append((0..<15).map { _ in clock.measure { for block in layout.blocks { _ = BubbleReader.read(block, in: image) } } }.min()!)
        }

        var tally = Tally()
        for outcome in outcomes.value.joined() { tally.add(outcome) }
        Report.print(tally, pages: plans.count, wall: wall, render: renderTime.value, read: readTime.value,
                     workers: workers, readAlone: readAlone, showFills: fills)
        if tally.total.wrong > 0 { throw ExitCode(1) }
    }
}

/// A value shared between workers behind a lock.
final class Box<Value>: @unchecked Sendable {
    private var stored: Value
    private let lock = NSLock()
    init(_ value: Value) { stored = value }
    var value: Value { lock.withLock { stored } }
    func update(_ change: (inout Value) -> Void) { lock.withLock { change(&stored) } }
}

/// A duration in seconds with two decimals.
func seconds(_ duration: Duration) -> String {
    String(format: "%.2f", Double(duration.components.seconds) + Double(duration.components.attoseconds) * 1e-18)
}
