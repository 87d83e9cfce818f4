import GraderCore

/// A bubble as printed on the blank sheet (outline, letters, shading around it), for finding it
/// on a scan by normalised cross-correlation.
struct BubblePatch: Sendable {
    /// Pixel offsets from the centre that are sampled (every `step` pixels), and the blank's grey
    /// there with the mean taken off, scaled to unit length.
    private let offsets: [(x: Int, y: Int)]
    private let template: [Double]
    /// The largest offset in any direction, in pixels.
    private let extent: Int

    /// The patch of the bubble centred at `centre` (pixel space) on `blank`, `half` pixels each way;
    /// `pixelsPerPoint` is the blank's.
    init?(blank: GrayImage, centre: (x: Double, y: Double), half: (x: Double, y: Double), step: Int) {
        var offsets: [(x: Int, y: Int)] = [], values: [Double] = []
        let hx = Int(half.x.rounded()), hy = Int(half.y.rounded())
        for v in stride(from: -hy, through: hy, by: step) {
            for u in stride(from: -hx, through: hx, by: step) {
                offsets.append((u, v))
                values.append(blank.sample(x: centre.x + Double(u), y: centre.y + Double(v)))
            }
        }
        let mean = values.reduce(0, +) / Double(max(values.count, 1))
        let centred = values.map { $0 - mean }
        let norm = centred.reduce(0) { $0 + $1 * $1 }.squareRoot()
        guard norm > 1 else { return nil }
        self.offsets = offsets
        template = centred.map { $0 / norm }
        extent = max(hx, hy)
    }

    /// Where the bubble centred at blank point `centre` is on `scan`, searched within `reach`
    /// points of where `model` (blank points → scan points) puts it, and how well it matches
    /// (−1…1). The scan around it is first drawn back onto the blank's grid through `model`, so a
    /// turned, scaled or photographed sheet matches like a straight one; the best place is found
    /// every other pixel, then pixel by pixel, then between pixels by a parabola.
    func best(in scan: GrayImage, at centre: PagePoint, through model: Homography, reach: Double, pixelsPerPoint ppp: Double)
        -> (point: (x: Double, y: Double), ncc: Double) {
        let r = max(1, Int((reach * ppp).rounded()))
        let half = extent + r + 1, side = 2 * half + 1
        var window = [Double](repeating: 255, count: side * side)
        // Over a window this small the map is as good as linear: its value and steps at the corner.
        let sppp = scan.pixelsPerPoint
        let origin = model.apply((centre.x - Double(half) / ppp, centre.y - Double(half) / ppp))
        let across = model.apply((centre.x - Double(half - side) / ppp, centre.y - Double(half) / ppp))
        let down = model.apply((centre.x - Double(half) / ppp, centre.y - Double(half - side) / ppp))
        let step = (ix: (across.x - origin.x) * sppp / Double(side), iy: (across.y - origin.y) * sppp / Double(side),
                    jx: (down.x - origin.x) * sppp / Double(side), jy: (down.y - origin.y) * sppp / Double(side))
        let (x0, y0) = (origin.x * sppp, origin.y * sppp)
        let inside = [(x0, y0), (x0 + Double(side) * step.ix, y0 + Double(side) * step.iy), (x0 + Double(side) * step.jx, y0 + Double(side) * step.jy),
                      (x0 + Double(side) * (step.ix + step.jx), y0 + Double(side) * (step.iy + step.jy))]
            .allSatisfy { $0.0 >= 1 && $0.1 >= 1 && $0.0 < Double(scan.width - 2) && $0.1 < Double(scan.height - 2) }
        window.withUnsafeMutableBufferPointer { out in
            scan.bytes.withUnsafeBufferPointer { pixels in
                let width = scan.width
                for j in 0..<side {
                    let (rowX, rowY) = (x0 + Double(j) * step.jx, y0 + Double(j) * step.jy)
                    for i in 0..<side {
                        let (x, y) = (rowX + Double(i) * step.ix, rowY + Double(i) * step.iy)
                        guard inside else { out[j * side + i] = scan.sample(x: x, y: y); continue }
                        // Within the image: bilinear between the four pixel centres around (x, y).
                        let fx = x - 0.5, fy = y - 0.5
                        let ix = Int(fx), iy = Int(fy), ax = fx - Double(ix), ay = fy - Double(iy)
                        let k = iy * width + ix
                        let upper = Double(pixels[k]) * (1 - ax) + Double(pixels[k + 1]) * ax
                        let lower = Double(pixels[k + width]) * (1 - ax) + Double(pixels[k + width + 1]) * ax
                        out[j * side + i] = upper * (1 - ay) + lower * ay
                    }
                }
            }
        }
        let deltas = offsets.map { $0.y * side + $0.x }
        let result = window.withUnsafeBufferPointer { w in
            template.withUnsafeBufferPointer { t in
                deltas.withUnsafeBufferPointer { d in
                    // The correlation with the patch centred `dx`, `dy` blank pixels from the expected place.
                    func score(_ dx: Int, _ dy: Int) -> Double {
                        guard abs(dx) <= r + 1, abs(dy) <= r + 1 else { return -2 }
                        var dot = 0.0, sum = 0.0, squares = 0.0
                        let base = (half + dy) * side + half + dx
                        for i in 0..<d.count {
                            let value = w[base + d[i]]
                            dot += t[i] * value
                            sum += value
                            squares += value * value
                        }
                        let variance = squares - sum * sum / Double(d.count)
                        return variance > 1e-6 ? dot / variance.squareRoot() : 0
                    }
                    let coarse = r > 3 ? 2 : 1
                    var best = (x: 0, y: 0, score: -2.0)
                    for dy in stride(from: -r, through: r, by: coarse) {
                        for dx in stride(from: -r, through: r, by: coarse) {
                            let s = score(dx, dy)
                            if s > best.score { best = (dx, dy, s) }
                        }
                    }
                    var scores = [Double](repeating: -2, count: 9)
                    for attempt in 0..<3 {
                        for j in -1...1 { for i in -1...1 { scores[(j + 1) * 3 + i + 1] = score(best.x + i, best.y + j) } }
                        guard attempt < 2, let top = scores.indices.max(by: { scores[$0] < scores[$1] }), top != 4 else { break }
                        best = (best.x + top % 3 - 1, best.y + top / 3 - 1, scores[top])
                    }
                    func vertex(_ minus: Double, _ centre: Double, _ plus: Double) -> Double {
                        let curvature = minus - 2 * centre + plus
                        return curvature < 0 ? max(-0.5, min(0.5, (minus - plus) / (2 * curvature))) : 0
                    }
                    let fx = vertex(scores[3], scores[4], scores[5]), fy = vertex(scores[1], scores[4], scores[7])
                    return (dx: Double(best.x) + fx, dy: Double(best.y) + fy, ncc: scores[4])
                }
            }
        }
        return (model.apply((centre.x + result.dx / ppp, centre.y + result.dy / ppp)), result.ncc)
    }
}
