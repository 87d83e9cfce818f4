import Foundation
import GraderAlignment
import GraderCore
import GraderDigits
import ScanFactory

/// The handwritten-digit reader's speed on one core: `copies` generated ID fields of 8 pen-written
/// boxes, each box cropped from its scan, its print taken out and read; milliseconds per box.
enum DigitBench {
    static func run(copies: Int, seed: UInt64) throws {
        let field = IDBoxField(id: "bench", page: 1, left: 300, top: 96, boxWidth: 20, boxHeight: 26, pitch: 23, count: 8)
        var truth: [[Int]] = [], scans: [(image: GrayImage, transform: SimilarityTransform)] = []
        var rng = SeededGenerator(seed: seed)
        for copy in 0..<copies {
            let digits = (0..<8).map { _ in Int.random(in: 0...9, using: &rng) }
            truth.append(digits)
            scans.append(try IDFieldScan.render(field, boxes: digits.map { .digit($0) }, writer: .pen(PenHand(seed: UInt64(copy))),
                                                seed: seed &+ UInt64(copy)))
        }
        let reader = try DigitReader()
        let clock = ContinuousClock()
        var boxes: [[DigitBoxImage]] = []
        let cropping = clock.measure {
            boxes = scans.map { scan in (0..<8).map { DigitBoxImage(cropping: field.box($0), from: scan.image, transform: scan.transform) } }
        }
        let references = (0..<8).compactMap { index in DigitBoxImage.printedReference(of: boxes.map { $0[index] }) }
        var right = 0
        let reading = clock.measure {
            for (copy, row) in boxes.enumerated() {
                for (index, box) in row.enumerated() where reader.read(box, printed: references[index]).best == Character(String(truth[copy][index])) {
                    right += 1
                }
            }
        }
        let count = Double(copies * 8)
        func ms(_ duration: Duration) -> Double { Double(duration.components.attoseconds) / 1e15 + Double(duration.components.seconds) * 1000 }
        print(String(format: "digit boxes: %d; crop %.3f ms a box, print removed + laid out + read %.3f ms a box (one core); read right %.1f %%",
                     copies * 8, ms(cropping) / count, ms(reading) / count, Double(right) / count * 100))
    }
}
