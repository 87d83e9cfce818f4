import GraderAlignment
import GraderCore
import Testing

/// Debug builds (the tests) add a correlation's sums one way, release builds another: both must
/// give the same sums, or the tests would vouch for arithmetic the product does not run.
@Suite struct LaneSumsTests {
    @Test(arguments: [nil, 0.5] as [Double?]) func bothWaysAgree(maskedShare: Double?) {
        var random = SeededGenerator(seed: 28)
        for trial in 0..<200 {
            let rows = Int.random(in: 1...12, using: &random), rowLength = 8 * Int.random(in: 1...5, using: &random)
            let valueStride = rowLength + Int.random(in: 0...9, using: &random)
            let values = (0..<rows * valueStride).map { _ in Float.random(in: -128...127, using: &random) }
            let weights = (0..<rows * rowLength).map { _ in Float.random(in: -0.3...0.3, using: &random) }
            let mask = maskedShare.map { share in (0..<rows * rowLength).map { _ in Double.random(in: 0..<1, using: &random) < share ? Float(0) : 1 } }
            values.withUnsafeBufferPointer { v in
                weights.withUnsafeBufferPointer { w in
                    (mask ?? []).withUnsafeBufferPointer { m in
                        let patch = LaneSums.Patch(values: v.baseAddress!, valueStride: valueStride, weights: w.baseAddress!,
                                                   mask: mask == nil ? nil : m.baseAddress!, rows: rows, rowLength: rowLength)
                        let scalar = LaneSums.scalarSums(patch), vector = LaneSums.vectorSums(patch)
                        #expect(close(scalar.dot, vector.dot) && close(scalar.sum, vector.sum) && close(scalar.squares, vector.squares),
                                "trial \(trial): \(scalar) ≠ \(vector)")
                    }
                }
            }
        }
    }

    /// Equal but for the order the eight lanes are added in: a few units in the last place.
    private func close(_ a: Float, _ b: Float) -> Bool { abs(a - b) <= 1e-5 * max(1, abs(a), abs(b)) }
}
