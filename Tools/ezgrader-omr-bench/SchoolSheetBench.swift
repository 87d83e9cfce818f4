import Dispatch
import Foundation
import GraderAlignment
import GraderBubbles
import GraderCore
import GraderKit
import GraderPDF
import ScanFactory

/// `--school`: the 200-question commercial sheet (4 columns of 50, drop-out rings, letters inside,
/// timing and corner marks, a 7-digit id grid) found on its blank, then scans of it shifted up to
/// 20 mm and turned up to 3° (or phone photos of it, 8° perspective and uneven light) read against
/// that blank on every worker: pages per second of the whole read (render, page registration, block
/// fits, ink), wrong and read rows.
enum SchoolSheetBench {
    static func run(sheets: Int, workers: Int, seed: UInt64, photos: Bool, folder: String) throws {
        let design = CommercialSheetDesign.twoHundredQuestions
        let blankPath = (folder as NSString).appendingPathComponent("school-blank.pdf")
        try ScanFactory.writeBlankSheet(design, to: URL(fileURLWithPath: blankPath))
        let blankPage = try PDFDocument(path: blankPath).page(at: 0)
        let blocks = try design.fields.map { field in
            let outline = BlockOutline(first: field.first, last: field.last, rows: field.rows, choices: field.choices.count, down: field.down)
            let image = try GrayImage(rendering: blankPage, pixelsPerPoint: TemplateFinder.pixelsPerPoint(for: outline))
            return try field.describedBlock.found(outline, on: image, blankFile: blankPath, blankPage: 1).get()
        }
        let ppp = TemplateReader.pixelsPerPoint(for: blocks)
        let blank = BlankSheet(try GrayImage(rendering: blankPage, pixelsPerPoint: ppp), blocks: blocks)

        var truths: [FilledSheetTruth] = []
        let paths = (0..<sheets).map { (folder as NSString).appendingPathComponent("school-\($0).pdf") }
        for (index, path) in paths.enumerated() {
            // Spread over ±20 mm, ±3°, ±3 %, the same for every run.
            let t = Double(index) + Double(seed % 97)
            let placement = BubbleSheetPlacement(offsetX: 56.7 * sin(t * 1.7), offsetY: 56.7 * cos(t * 2.3),
                                                 rotationDegrees: 3 * sin(t * 0.9), scale: 1 + 0.03 * sin(t * 1.3))
            truths.append(try ScanFactory.writeFilledSheet(design, marks: ScanFactory.randomSheetMarks(design, difficulty: 0.25, seed: seed &+ UInt64(index)),
                                                           capture: photos ? .photo(placement) : .scan(placement), seed: seed &+ UInt64(index), to: URL(fileURLWithPath: path)))
        }
        print("Generated \(sheets) \(photos ? "photos" : "scans") of the 200-question sheet; reading at \(String(format: "%.0f", ppp * 72)) dpi, \(workers) workers.")

        let readings = Box([[BlockReading]](repeating: [], count: sheets))
        let clock = ContinuousClock()
        let cpuBefore = processorSeconds()
        let wall = clock.measure {
            DispatchQueue.concurrentPerform(iterations: workers) { worker in
                for index in paths.indices where index % workers == worker {
                    guard let document = try? PDFDocument(path: paths[index]),
                          let image = try? GrayImage(rendering: document.page(at: 0), pixelsPerPoint: ppp, keepingScanResolution: true) else { continue }
                    let read = TemplateReader.read(blocks, scan: image, blank: blank)
                    readings.update { $0[index] = read }
                }
            }
        }
        var rows = 0, read = 0, wrong = 0, unplaced = 0
        for (sheet, truth) in truths.enumerated() {
            for reading in readings.value[sheet] {
                if let problem = reading.problem { unplaced += 1; print("not placed: sheet \(sheet) \(reading.block.id): \(problem)") }
                for (row, expected) in (truth.marks[reading.block.id] ?? []).enumerated() where row < reading.rows.count {
                    rows += 1
                    switch expected.judge(reading.rows[row].reading) {
                    case .correct: read += 1
                    case .wrong:
                        wrong += 1
                        print("wrong: sheet \(sheet) \(reading.block.id) row \(row + 1): \(expected.mark) read \(reading.rows[row].reading) fills \(reading.rows[row].fills.map { String(format: "%.2f", $0) })")
                    case .uncertain: break
                    }
                }
            }
        }
        let secondsTaken = Double(wall.components.seconds) + Double(wall.components.attoseconds) * 1e-18
        let cpuPerPage = (processorSeconds() - cpuBefore) / Double(max(sheets, 1))
        // Processor time per page is steadier than the wall clock on a shared machine.
        print(String(format: "%d pages in %.2f s: %.1f pages/s on %d workers (%.0f ms of processor time a page); %d rows, %.1f %% read, %d wrong, %d blocks not placed.",
                     sheets, secondsTaken, Double(sheets) / secondsTaken, workers, 1000 * cpuPerPage, rows, 100 * Double(read) / Double(max(rows, 1)), wrong, unplaced))
    }
}

/// Processor time this process has used, in seconds.
private func processorSeconds() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &now)
    return Double(now.tv_sec) + Double(now.tv_nsec) * 1e-9
}
