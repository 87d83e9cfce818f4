import GraderCore

/// Template matching by normalised cross-correlation: where a small square of one ink map sits in
/// another, near where it is expected.
struct PatchMatch {
    /// `size × size` values, mean taken off and scaled to unit length.
    let template: [Float]
    let size: Int

    /// A template of `values` (`size × size`, row by row); nil when it is flat (no ink structure).
    init?(values: [Float], size: Int) {
        let mean = values.reduce(0, +) / Float(values.count)
        let centred = values.map { $0 - mean }
        let norm = centred.reduce(0) { $0 + $1 * $1 }.squareRoot()
        guard norm > 1e-3 else { return nil }
        template = centred.map { $0 / norm }
        self.size = size
    }

    /// The square of `map` whose top-left pixel is (`x`, `y`), as a template.
    init?(_ map: InkMap, x: Int, y: Int, size: Int) {
        var values = [Float](repeating: 0, count: size * size)
        for v in 0..<size where (0..<map.height).contains(y + v) {
            for u in 0..<size where (0..<map.width).contains(x + u) { values[v * size + u] = map.values[(y + v) * map.width + x + u] }
        }
        self.init(values: values, size: size)
    }

    /// The offset (`dx`, `dy`, sub-pixel) within ±`reach` of top-left `origin` at which the
    /// template best matches `image`, and its correlation there (−1…1); pixels off the image
    /// count as paper.
    func best(in image: InkMap, origin: (x: Int, y: Int), reach: Int) -> (dx: Double, dy: Double, ncc: Double) {
        let side = 2 * reach + 1
        var scores = [Double](repeating: -1, count: side * side)
        let n = Float(size * size), size = size, width = image.width, height = image.height
        image.values.withUnsafeBufferPointer { pixels in
            template.withUnsafeBufferPointer { t in
                // `while` loops over pointers: debug builds (the tests) run them many times faster than `for` over ranges.
                var dy = -reach
                while dy <= reach {
                    var dx = -reach
                    while dx <= reach {
                        defer { dx &+= 1 }
                        let x0 = origin.x + dx, y0 = origin.y + dy
                        var dot: Float = 0, sum: Float = 0, square: Float = 0
                        let (v0, v1) = (max(0, -y0), min(size, height - y0)), (u0, u1) = (max(0, -x0), min(size, width - x0))
                        guard v0 < v1, u0 < u1 else { continue }
                        if u0 == 0, u1 == size, size % 8 == 0 {
                            // Whole rows inside the image.
                            (dot, sum, square) = LaneSums.sums(.init(
                                values: pixels.baseAddress! + (y0 + v0) * width + x0, valueStride: width,
                                weights: t.baseAddress! + v0 * size, mask: nil, rows: v1 - v0, rowLength: size))
                        } else {
                            var v = v0
                            while v < v1 {
                                let row = pixels.baseAddress! + (y0 + v) * width + x0, trow = t.baseAddress! + v * size
                                var u = u0
                                while u < u1 {
                                    let p = row[u]
                                    dot += trow[u] * p
                                    sum += p
                                    square += p * p
                                    u &+= 1
                                }
                                v &+= 1
                            }
                        }
                        let variance = square - sum * sum / n
                        scores[(dy + reach) * side + dx + reach] = variance > 1e-6 ? Double(dot / variance.squareRoot()) : 0
                    }
                    dy &+= 1
                }
            }
        }
        var bestIndex = 0
        for i in scores.indices where scores[i] > scores[bestIndex] { bestIndex = i }
        let bx = bestIndex % side, by = bestIndex / side
        // A parabola through the peak and its neighbours places it between pixels.
        func vertex(_ minus: Double, _ centre: Double, _ plus: Double) -> Double {
            let curvature = minus - 2 * centre + plus
            return curvature < 0 ? max(-0.5, min(0.5, (minus - plus) / (2 * curvature))) : 0
        }
        let fx = bx > 0 && bx < side - 1 ? vertex(scores[bestIndex - 1], scores[bestIndex], scores[bestIndex + 1]) : 0
        let fy = by > 0 && by < side - 1 ? vertex(scores[bestIndex - side], scores[bestIndex], scores[bestIndex + side]) : 0
        return (Double(bx - reach) + fx, Double(by - reach) + fy, scores[bestIndex])
    }
}
