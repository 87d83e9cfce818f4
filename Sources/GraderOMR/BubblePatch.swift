/// A bubble as printed on the blank sheet (outline, letters, shading around it), for finding it
/// on a scan by normalised cross-correlation.
struct BubblePatch: Sendable {
    /// Pixel offsets from the centre that are sampled (every `step` pixels), and the blank's grey
    /// there with the mean taken off, scaled to unit length.
    private let offsets: [(x: Int, y: Int)]
    private let template: [Double]
    /// The largest offset in any direction, in pixels.
    private let extent: Int

    /// The patch of the bubble centred at `centre` (pixel space) on `blank`, `half` pixels each way.
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

    /// Where the patch matches `scan` best within `reach` pixels of `near` (pixel space), and how
    /// well (−1…1): searched every other pixel, then pixel by pixel around the best, placed between
    /// pixels by a parabola. Off the image counts as paper.
    func best(in scan: GrayImage, near: (x: Double, y: Double), reach: Double) -> (x: Double, y: Double, ncc: Double) {
        let cx = Int(near.x.rounded(.down)), cy = Int(near.y.rounded(.down)), r = max(1, Int(reach.rounded()))
        let deltas = offsets.map { $0.y * scan.width + $0.x }
        return scan.bytes.withUnsafeBufferPointer { pixels in
            template.withUnsafeBufferPointer { t in
                deltas.withUnsafeBufferPointer { d in
                    func score(_ x: Int, _ y: Int) -> Double {
                        var dot = 0.0, sum = 0.0, squares = 0.0
                        if x - extent >= 0, y - extent >= 0, x + extent < scan.width, y + extent < scan.height {
                            let base = y * scan.width + x
                            for i in 0..<d.count {
                                let value = Double(pixels[base + d[i]])
                                dot += t[i] * value
                                sum += value
                                squares += value * value
                            }
                        } else {
                            for i in 0..<offsets.count {
                                let px = x + offsets[i].x, py = y + offsets[i].y
                                let value = px >= 0 && py >= 0 && px < scan.width && py < scan.height ? Double(pixels[py * scan.width + px]) : 255
                                dot += t[i] * value
                                sum += value
                                squares += value * value
                            }
                        }
                        let variance = squares - sum * sum / Double(d.count)
                        return variance > 1e-6 ? dot / variance.squareRoot() : 0
                    }
                    let coarse = r > 3 ? 2 : 1
                    var best = (x: cx, y: cy, score: -2.0)
                    for dy in stride(from: -r, through: r, by: coarse) {
                        for dx in stride(from: -r, through: r, by: coarse) {
                            let s = score(cx + dx, cy + dy)
                            if s > best.score { best = (cx + dx, cy + dy, s) }
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
                    return (Double(best.x) + 0.5 + fx, Double(best.y) + 0.5 + fy, scores[4])
                }
            }
        }
    }
}
