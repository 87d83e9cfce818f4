import Foundation
import ScanFactory

/// One generated sheet of the benchmark: its file, how it was scanned, and its truth once written.
struct SheetPlan: Sendable {
    let index: Int
    let path: String
    let style: ScanStyle
    let difficulty: Double
    let idDigits: String?

    /// The benchmark's varied sheets: resolution, JPEG quality and noise cycle; skew up to 2.5°,
    /// offset up to 10 pt and scale ±3 % on every sheet; harder marks on some sheets than others.
    static func plans(count: Int, folder: String, seed: UInt64) -> [SheetPlan] {
        var rng = SeededNumbers(seed: seed)
        return (0..<count).map { index in
            let style = ScanStyle(
                dpi: [100, 150, 200][index % 3], jpegQuality: rng.int(45...85), maxSkewDegrees: 2.5,
                maxOffsetPoints: 10, noise: rng.uniform(0.05, 1))
            let digits = index % 10 == 9 ? nil : String(format: "%07d", rng.int(0...9_999_999))
            return SheetPlan(index: index, path: "\(folder)/sheet-\(index).pdf", style: style,
                             difficulty: rng.uniform(0.2, 1), idDigits: digits)
        }
    }
}

/// A tiny seeded generator for the plan (SplitMix64), so the same seed gives the same benchmark.
struct SeededNumbers {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    mutating func uniform(_ low: Double, _ high: Double) -> Double { low + (high - low) * Double(next() >> 11) * 0x1.0p-53 }
    mutating func int(_ range: ClosedRange<Int>) -> Int {
        range.lowerBound + Int(next() % UInt64(range.upperBound - range.lowerBound + 1))
    }
}
