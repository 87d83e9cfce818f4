/// Running sums kept as SIMD8 keeps them, without SIMD8: 24 floats, eight lanes each of a dot
/// product (0..<8), a sum (8..<16) and a sum of squares (16..<24), lane k over the columns ≡ k
/// (mod 8). Correlation loops fill them with `while` loops over pointers, which a debug build (the
/// tests) runs many times faster than SIMD8's generic code, and give the same totals bit for bit.
package enum LaneSums {
    /// The three totals of `lanes`, each added up lane by lane from −0, as `SIMD8.sum()` does.
    package static func totals(_ lanes: UnsafeMutablePointer<Float>) -> (dot: Float, sum: Float, squares: Float) {
        var (dot, sum, squares): (Float, Float, Float) = (-0, -0, -0)
        var k = 0
        while k < 8 {
            dot += lanes[k]
            sum += lanes[8 &+ k]
            squares += lanes[16 &+ k]
            k &+= 1
        }
        return (dot, sum, squares)
    }
}
