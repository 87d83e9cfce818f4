/// A bubble as printed on the blank sheet (outline, letters, shading around it), for finding it
/// on a scan by normalised cross-correlation.
struct BubblePatch {
    /// Pixel offsets from the centre that are sampled (every `step` pixels), and the blank's grey
    /// there with the mean taken off, scaled to unit length.
    private let offsets: [(x: Int, y: Int)]
    private let template: [Double]

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
    }

    /// The correlation (−1…1) of the patch with `scan` centred at pixel (`x`, `y`) (its centre at
    /// x + 0.5, y + 0.5); off the image counts as paper.
    func correlation(in scan: GrayImage, x: Int, y: Int) -> Double {
        var dot = 0.0, sum = 0.0, squares = 0.0
        let w = scan.width, h = scan.height
        scan.bytes.withUnsafeBufferPointer { pixels in
            for (index, offset) in offsets.enumerated() {
                let px = x + offset.x, py = y + offset.y
                let value = px >= 0 && py >= 0 && px < w && py < h ? Double(pixels[py * w + px]) : 255
                dot += template[index] * value
                sum += value
                squares += value * value
            }
        }
        let variance = squares - sum * sum / Double(offsets.count)
        return variance > 1e-6 ? dot / variance.squareRoot() : 0
    }

    /// Where the patch matches `scan` best within `reach` pixels of `near` (pixel space), and how
    /// well: searched every other pixel, then pixel by pixel around the best, placed between pixels
    /// by a parabola.
    func best(in scan: GrayImage, near: (x: Double, y: Double), reach: Double) -> (x: Double, y: Double, ncc: Double) {
        let cx = Int(near.x.rounded(.down)), cy = Int(near.y.rounded(.down)), r = max(1, Int(reach.rounded()))
        let coarse = r > 3 ? 2 : 1
        var best = (x: cx, y: cy, score: -2.0)
        for dy in stride(from: -r, through: r, by: coarse) {
            for dx in stride(from: -r, through: r, by: coarse) {
                let score = correlation(in: scan, x: cx + dx, y: cy + dy)
                if score > best.score { best = (cx + dx, cy + dy, score) }
            }
        }
        var scores = [Double](repeating: -2, count: 9)
        for j in -1...1 {
            for i in -1...1 { scores[(j + 1) * 3 + i + 1] = correlation(in: scan, x: best.x + i, y: best.y + j) }
        }
        if let top = scores.indices.max(by: { scores[$0] < scores[$1] }), top != 4 {
            best = (best.x + top % 3 - 1, best.y + top / 3 - 1, scores[top])
            for j in -1...1 {
                for i in -1...1 { scores[(j + 1) * 3 + i + 1] = correlation(in: scan, x: best.x + i, y: best.y + j) }
            }
        }
        func vertex(_ minus: Double, _ centre: Double, _ plus: Double) -> Double {
            let curvature = minus - 2 * centre + plus
            return curvature < 0 ? max(-0.5, min(0.5, (minus - plus) / (2 * curvature))) : 0
        }
        let fx = vertex(scores[3], scores[4], scores[5]), fy = vertex(scores[1], scores[4], scores[7])
        return (Double(best.x) + 0.5 + fx, Double(best.y) + 0.5 + fy, scores[4])
    }
}
