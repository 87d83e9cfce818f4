/// A box's handwriting laid out as the network was trained: 28×28 values, 0 = paper … 1 = ink,
/// the writing scaled to fit 20×20 (its aspect kept) and centred by its centre of mass (MNIST's
/// layout). The printed box is taken out first: every pixel the reference shows as ink (and its
/// neighbours, for a copy a pixel off) counts as paper.
public struct DigitInput: Sendable, Equatable {
    /// The 784 values, row by row.
    public let pixels: [Float]
    /// Ink in the box, as a share of its area (0…1), after the print was taken out.
    public let inkShare: Double

    /// Below this share of ink a box is empty (a speck, dust, a stray dot), whatever its shape.
    public static let emptyInkShare = 0.008

    /// The input for `box`, with what `reference` (the same box as printed) shows taken out; nil
    /// when the box holds too little ink to be a digit.
    public init?(_ box: DigitBoxImage, printed reference: DigitBoxImage) {
        let (w, h) = (box.width, box.height)
        guard reference.width == w, reference.height == h else { return nil }
        // Paper: the bright end of the box (most of a box is paper).
        let paper = Self.percentile(box.grey, 0.8)
        let span = max(paper - 40, 60)
        var ink = box.grey.map { g -> Float in
            let value = (paper - g) / span
            return value < 0.2 ? 0 : min(1, value)
        }
        for y in 0..<h {
            for x in 0..<w where reference.grey[y * w + x] < paper - 0.35 * span {
                for ny in max(0, y - 1)...min(h - 1, y + 1) { for nx in max(0, x - 1)...min(w - 1, x + 1) { ink[ny * w + nx] = 0 } }
            }
        }
        let total = ink.reduce(0, +)
        inkShare = Double(total) / Double(w * h)
        guard inkShare >= Self.emptyInkShare else { return nil }
        pixels = Self.layout(ink, width: w, height: h, total: total)
    }

    /// Wraps 784 values already laid out (what the training data holds).
    public init(pixels: [Float]) {
        self.pixels = pixels
        inkShare = Double(pixels.reduce(0, +)) / 784
    }

    /// MNIST's layout: the ink's extent (its faintest 0.5 % trimmed off each side, so a speck far
    /// from the digit does not count) scaled into 20×20, then moved so its centre of mass is the centre.
    private static func layout(_ ink: [Float], width w: Int, height h: Int, total: Float) -> [Float] {
        func extent(_ sums: [Float]) -> (Int, Int) {
            var low = 0, high = sums.count - 1, acc: Float = 0
            while low < high, acc + sums[low] <= total * 0.005 { acc += sums[low]; low += 1 }
            acc = 0
            while high > low, acc + sums[high] <= total * 0.005 { acc += sums[high]; high -= 1 }
            return (low, high)
        }
        var rows = [Float](repeating: 0, count: h), columns = [Float](repeating: 0, count: w)
        for y in 0..<h { for x in 0..<w { rows[y] += ink[y * w + x]; columns[x] += ink[y * w + x] } }
        let (top, bottom) = extent(rows), (left, right) = extent(columns)
        let bw = Double(right - left + 1), bh = Double(bottom - top + 1)
        let scale = 20 / max(bw, bh)
        let ow = max(1, Int((bw * scale).rounded())), oh = max(1, Int((bh * scale).rounded()))
        // Each output pixel averages a 4×4 grid of bilinear samples of its footprint.
        var small = [Float](repeating: 0, count: ow * oh)
        func at(_ x: Double, _ y: Double) -> Float {
            let fx = x - 0.5, fy = y - 0.5
            let x0 = Int(fx.rounded(.down)), y0 = Int(fy.rounded(.down))
            let ax = Float(fx - Double(x0)), ay = Float(fy - Double(y0))
            func p(_ x: Int, _ y: Int) -> Float { x < 0 || y < 0 || x >= w || y >= h ? 0 : ink[y * w + x] }
            return (p(x0, y0) * (1 - ax) + p(x0 + 1, y0) * ax) * (1 - ay) + (p(x0, y0 + 1) * (1 - ax) + p(x0 + 1, y0 + 1) * ax) * ay
        }
        for oy in 0..<oh {
            for ox in 0..<ow {
                var sum: Float = 0
                for sy in 0..<4 {
                    for sx in 0..<4 {
                        sum += at(Double(left) + (Double(ox) + (Double(sx) + 0.5) / 4) / scale,
                                  Double(top) + (Double(oy) + (Double(sy) + 0.5) / 4) / scale)
                    }
                }
                small[oy * ow + ox] = sum / 16
            }
        }
        let peak = small.max() ?? 1
        if peak > 0 { for i in small.indices { small[i] = min(1, small[i] / peak) } }
        var mass: Float = 0, cx: Float = 0, cy: Float = 0
        for y in 0..<oh { for x in 0..<ow { let m = small[y * ow + x]; mass += m; cx += m * (Float(x) + 0.5); cy += m * (Float(y) + 0.5) } }
        let dx = mass > 0 ? Int((14 - cx / mass).rounded()) : (28 - ow) / 2
        let dy = mass > 0 ? Int((14 - cy / mass).rounded()) : (28 - oh) / 2
        var out = [Float](repeating: 0, count: 784)
        for y in 0..<oh {
            for x in 0..<ow {
                let tx = x + dx, ty = y + dy
                if tx >= 0, ty >= 0, tx < 28, ty < 28 { out[ty * 28 + tx] = small[y * ow + x] }
            }
        }
        return out
    }

    private static func percentile(_ values: [Float], _ q: Double) -> Float {
        let sorted = values.sorted()
        return sorted[min(sorted.count - 1, Int(Double(sorted.count) * q))]
    }
}
