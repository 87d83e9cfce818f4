/// The sums a normalised cross-correlation needs over a patch of whole rows, eight columns at a
/// time: Σ weight·value, Σ mask·value and Σ mask·value². Release builds add them as SIMD8 vectors;
/// debug builds (the tests) as eight running sums in `while` loops over pointers, because SIMD8's
/// generic code runs some forty times slower there. Both add lane k over the columns ≡ k (mod 8);
/// only the final sum of the eight lanes may be ordered differently (`bothWaysAgree` tests it).
package enum LaneSums {
    /// One patch: `rows` rows of `rowLength` columns (a multiple of 8) of `values`, `valueStride`
    /// apart, against `weights` and `mask` (each `rowLength` a row, packed); a nil mask counts
    /// every column.
    package struct Patch {
        package let values: UnsafePointer<Float>, valueStride: Int
        package let weights: UnsafePointer<Float>, mask: UnsafePointer<Float>?
        package let rows: Int, rowLength: Int

        /// The patch as described above.
        package init(values: UnsafePointer<Float>, valueStride: Int, weights: UnsafePointer<Float>, mask: UnsafePointer<Float>?,
                     rows: Int, rowLength: Int) {
            (self.values, self.valueStride, self.weights, self.mask, self.rows, self.rowLength) = (values, valueStride, weights, mask, rows, rowLength)
        }
    }

    /// The three sums of `patch`, the way this build adds them fastest.
    package static func sums(_ patch: Patch) -> (dot: Float, sum: Float, squares: Float) {
        #if DEBUG
        scalarSums(patch)
        #else
        vectorSums(patch)
        #endif
    }

    /// The sums as SIMD8 vectors (what an optimised build runs).
    package static func vectorSums(_ patch: Patch) -> (dot: Float, sum: Float, squares: Float) {
        var dots = SIMD8<Float>(), sums = SIMD8<Float>(), squares = SIMD8<Float>()
        for row in 0..<patch.rows {
            let values = UnsafeRawPointer(patch.values + row * patch.valueStride), weights = UnsafeRawPointer(patch.weights + row * patch.rowLength)
            let mask = patch.mask.map { UnsafeRawPointer($0 + row * patch.rowLength) }
            for lane in stride(from: 0, to: patch.rowLength, by: 8) {
                let value = values.loadUnaligned(fromByteOffset: lane * 4, as: SIMD8<Float>.self)
                let counted = mask.map { $0.loadUnaligned(fromByteOffset: lane * 4, as: SIMD8<Float>.self) * value } ?? value
                dots += weights.loadUnaligned(fromByteOffset: lane * 4, as: SIMD8<Float>.self) * value
                sums += counted
                squares += counted * value
            }
        }
        return (dots.sum(), sums.sum(), squares.sum())
    }

    /// The sums as eight running scalar sums per quantity (what a debug build runs).
    package static func scalarSums(_ patch: Patch) -> (dot: Float, sum: Float, squares: Float) {
        withUnsafeTemporaryAllocation(of: Float.self, capacity: 24) { lanes in
            let dots = lanes.baseAddress!, sums = dots + 8, squares = dots + 16
            dots.initialize(repeating: 0, count: 24)
            var values = patch.values, weights = patch.weights, mask = patch.mask
            var row = 0
            while row < patch.rows {
                var lane = 0
                while lane < patch.rowLength {
                    var k = 0
                    while k < 8 {
                        let value = values[lane &+ k]
                        var counted = value
                        if let mask { counted = mask[lane &+ k] * value }
                        dots[k] += weights[lane &+ k] * value
                        sums[k] += counted
                        squares[k] += counted * value
                        k &+= 1
                    }
                    lane &+= 8
                }
                values += patch.valueStride
                weights += patch.rowLength
                mask = mask.map { $0 + patch.rowLength }
                row &+= 1
            }
            var (dot, sum, square): (Float, Float, Float) = (-0, -0, -0)
            var k = 0
            while k < 8 {
                dot += dots[k]
                sum += sums[k]
                square += squares[k]
                k &+= 1
            }
            return (dot, sum, square)
        }
    }
}
