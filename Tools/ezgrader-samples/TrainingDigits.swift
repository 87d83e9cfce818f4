import Foundation
import GraderCore
import GraderDigits
import ScanFactory

/// Digit boxes written by the project's handwriting generator, laid out as the reader sees them
/// (`DigitInput`), for `scripts/train-digits.py`: 'EZDG', the count (UInt32, little-endian), then
/// per box its label (0–9, 10 = empty) and 784 bytes (0 = paper … 255 = ink).
enum TrainingDigits {
    /// Writes `count` boxes (or slightly more: whole batches) made from `seed` to `path`.
    static func write(count: Int, seed: UInt64, to path: String) throws {
        var rows: [UInt8] = [], written = 0, batch: UInt64 = 0
        while written < count {
            batch += 1
            let (labels, inputs) = try self.batch(seed: seed &+ batch * 7919)
            for (label, input) in zip(labels, inputs) {
                guard let input else { continue }  // an empty box with no ink never reaches the network
                rows.append(UInt8(label))
                rows += input.pixels.map { UInt8((min(max($0, 0), 1) * 255).rounded()) }
                written += 1
            }
        }
        var data = Data("EZDG".utf8)
        withUnsafeBytes(of: UInt32(written).littleEndian) { data.append(contentsOf: $0) }
        data.append(contentsOf: rows)
        try data.write(to: URL(fileURLWithPath: path), options: .atomic)
        print("wrote \(written) digit boxes to \(path)")
    }

    /// Eight copies of one field of ten boxes (its size drawn from `seed`): each box's label and input.
    private static func batch(seed: UInt64) throws -> ([Int], [DigitInput?]) {
        var mix = seed
        func next(_ range: ClosedRange<Int>) -> Int {
            mix = mix &* 6364136223846793005 &+ 1442695040888963407
            return range.lowerBound + Int((mix >> 33) % UInt64(range.count))
        }
        let width = Double(next(16...26)), height = Double(next(20...30))
        let field = IDBoxField(id: "training", page: 1, left: 40, top: 60, boxWidth: width, boxHeight: height,
                               pitch: width + Double(next(0...6)), count: 10)
        var labels: [Int] = [], boxes: [[DigitBoxImage]] = []
        for copy in 0..<8 {
            let copyLabels = (0..<10).map { _ in next(0...99) < 6 ? 10 : next(0...9) }
            labels += copyLabels
            let scan = try IDFieldScan.render(field, boxes: copyLabels.map { $0 == 10 ? .empty : .digit($0) }, writer: .glyphs,
                                              seed: seed &+ UInt64(copy), pixelsPerPoint: Double(next(2...4)))
            boxes.append((0..<10).map { DigitBoxImage(cropping: field.box($0), from: scan.image, transform: scan.transform) })
        }
        let inputs = boxes.flatMap { copy in
            copy.enumerated().map { index, box in
                DigitBoxImage.printedReference(of: boxes.map { $0[index] }).flatMap { DigitInput(box, printed: $0) }
            }
        }
        return (labels, inputs)
    }
}
