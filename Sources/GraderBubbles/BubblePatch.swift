import GraderAlignment
import GraderCore

/// A bubble as printed on the blank sheet (outline, letters, shading around it), for finding it
/// on a scan by normalised cross-correlation.
struct BubblePatch: Sendable {
    /// The blank's grey at every `step`-th pixel around the centre, the mean taken off, scaled to
    /// unit length; row by row, each row padded with zeros to a multiple of eight (one vector).
    private let template: [Float]
    /// 1 where `template` has a sample, 0 in its padding.
    private let mask: [Float]
    private let samples: Int, rowLength: Int, rows: Int, step: Int
    /// How far the samples reach from the centre each way, in pixels.
    private let half: (x: Int, y: Int)

    /// The patch of the bubble centred at `centre` (pixel space) on `blank`, `half` pixels each way.
    init?(blank: GrayImage, centre: (x: Double, y: Double), half: (x: Double, y: Double), step: Int) {
        let hx = Int(half.x.rounded()), hy = Int(half.y.rounded())
        let us = Array(stride(from: -hx, through: hx, by: step)), vs = Array(stride(from: -hy, through: hy, by: step))
        let values = vs.flatMap { v in us.map { u in blank.sample(x: centre.x + Double(u), y: centre.y + Double(v)) } }
        let mean = values.reduce(0, +) / Double(max(values.count, 1))
        let norm = values.reduce(0) { $0 + ($1 - mean) * ($1 - mean) }.squareRoot()
        guard norm > 1 else { return nil }
        let rowLength = (us.count + 7) / 8 * 8
        var template = [Float](repeating: 0, count: rowLength * vs.count), mask = template
        for row in vs.indices {
            for column in us.indices {
                template[row * rowLength + column] = Float((values[row * us.count + column] - mean) / norm)
                mask[row * rowLength + column] = 1
            }
        }
        (self.template, self.mask, samples, self.rowLength, rows, self.step) = (template, mask, values.count, rowLength, vs.count, step)
        self.half = (hx, hy)
    }

    /// Where the bubble centred at blank point `centre` is on `scan`, searched within `reach`
    /// points of where `model` (blank points → scan points) puts it, and how well it matches
    /// (−1…1). The scan around it is first drawn back onto the blank's grid through `model`, so a
    /// turned, scaled or photographed sheet matches like a straight one; the best place is found
    /// every other pixel, then climbing pixel by pixel, then between pixels by a parabola.
    func best(in scan: GrayImage, at centre: PagePoint, through model: Homography, reach: Double, pixelsPerPoint ppp: Double)
        -> (point: (x: Double, y: Double), ncc: Double) {
        let r = max(1, Int((reach * ppp).rounded()))
        // Every placement tried (up to one pixel past `r` each way) with the patch around it.
        let window = Window(width: 2 * (half.x + r + 1) + 1, height: 2 * (half.y + r + 1) + 1, step: step, padding: rowLength)
        let (width, height) = (window.width, window.height), middle = (x: width / 2, y: height / 2)
        // Over a window this small the map is as good as linear: its value and steps at the corner.
        let sppp = scan.pixelsPerPoint
        let origin = model.apply((centre.x - Double(middle.x) / ppp, centre.y - Double(middle.y) / ppp))
        let across = model.apply((centre.x + Double(width - middle.x) / ppp, centre.y - Double(middle.y) / ppp))
        let down = model.apply((centre.x - Double(middle.x) / ppp, centre.y + Double(height - middle.y) / ppp))
        let step = (ix: (across.x - origin.x) * sppp / Double(width), iy: (across.y - origin.y) * sppp / Double(width),
                    jx: (down.x - origin.x) * sppp / Double(height), jy: (down.y - origin.y) * sppp / Double(height))
        // Positions relative to pixel centres (pixel (i, j)'s centre is at (i, j)); the fixed-point
        // path below is taken only a pixel clear of the image's edges.
        let (x0, y0) = (origin.x * sppp - 0.5, origin.y * sppp - 0.5)
        let (w, h) = (Double(width), Double(height))
        let inside = [(x0, y0), (x0 + w * step.ix, y0 + w * step.iy), (x0 + h * step.jx, y0 + h * step.jy),
                      (x0 + w * step.ix + h * step.jx, y0 + w * step.iy + h * step.jy)]
            .allSatisfy { $0.0 >= 1 && $0.1 >= 1 && $0.0 < Double(scan.width - 3) && $0.1 < Double(scan.height - 3) }
        var planes = window.blank
        let columnSlots = (0..<width).map { window.index(x: $0, y: 0) }
        planes.withUnsafeMutableBufferPointer { out in
            columnSlots.withUnsafeBufferPointer { slots in
                scan.bytes.withUnsafeBufferPointer { pixels in
                    let stride = scan.width
                    for j in 0..<height {
                        let (rowX, rowY) = (x0 + Double(j) * step.jx, y0 + Double(j) * step.jy)
                        let rowSlot = window.index(x: 0, y: j)
                        guard inside else {
                            for i in 0..<width {
                                let value = scan.sample(x: rowX + Double(i) * step.ix + 0.5, y: rowY + Double(i) * step.iy + 0.5)
                                out[rowSlot &+ slots[i]] = Float(value - 128)
                            }
                            continue
                        }
                        // Within the image: bilinear in 16.16 fixed point, weights of 1/256 pixel.
                        let one = 65536.0
                        var fx = Int((rowX * one).rounded()), fy = Int((rowY * one).rounded())
                        let dx = Int((step.ix * one).rounded()), dy = Int((step.iy * one).rounded())
                        var i = 0
                        while i < width {
                            let ax = (fx &>> 8) & 255, ay = (fy &>> 8) & 255
                            let k = (fy &>> 16) &* stride &+ (fx &>> 16)
                            let upper = Int(pixels[k]) &* (256 &- ax) &+ Int(pixels[k &+ 1]) &* ax
                            let lower = Int(pixels[k &+ stride]) &* (256 &- ax) &+ Int(pixels[k &+ stride &+ 1]) &* ax
                            out[rowSlot &+ slots[i]] = Float(upper &* (256 &- ay) &+ lower &* ay) * (1 / 65536) - 128
                            fx &+= dx
                            fy &+= dy
                            i &+= 1
                        }
                    }
                }
            }
        }
        let result = planes.withUnsafeBufferPointer { w in
            template.withUnsafeBufferPointer { t in
                mask.withUnsafeBufferPointer { m in
                    let (rows, rowLength) = (rows, rowLength)
                    var known = [Double](repeating: .nan, count: (2 * r + 3) * (2 * r + 3))
                    // The correlation with the patch centred `dx`, `dy` blank pixels from the expected place.
                    func score(_ dx: Int, _ dy: Int) -> Double {
                        guard abs(dx) <= r + 1, abs(dy) <= r + 1 else { return -2 }
                        let slot = (dy + r + 1) * (2 * r + 3) + dx + r + 1
                        if !known[slot].isNaN { return known[slot] }
                        let first = window.index(x: middle.x + dx - half.x, y: middle.y + dy - half.y)
                        let (dot, sum, square) = LaneSums.sums(.init(values: w.baseAddress! + first, valueStride: window.rowStride,
                                                                     weights: t.baseAddress!, mask: m.baseAddress!, rows: rows, rowLength: rowLength))
                        let total = Double(sum)
                        let variance = Double(square) - total * total / Double(samples)
                        known[slot] = variance > 1e-6 ? Double(dot) / variance.squareRoot() : 0
                        return known[slot]
                    }
                    // Every other pixel within two of the reach (the climb's two steps walk the rest).
                    let (coarse, span) = r > 3 ? (2, r - 2) : (1, r)
                    var best = (x: 0, y: 0, score: -2.0)
                    for dy in stride(from: -span, through: span, by: coarse) {
                        for dx in stride(from: -span, through: span, by: coarse) {
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

/// The scan around a bubble, drawn on the blank's grid and kept as `step` × `step` interleaved
/// planes (every `step`-th pixel from each phase), so that the patch's samples in one row sit side
/// by side and are correlated eight at a time. Values are grey − 128.
private struct Window {
    let width: Int, height: Int, step: Int
    /// Width and height of one plane; each row has `padding` spare values so a padded row stays inside.
    let planeWidth: Int, planeHeight: Int

    init(width: Int, height: Int, step: Int, padding: Int) {
        (self.width, self.height, self.step) = (width, height, step)
        planeHeight = (height + step - 1) / step
        planeWidth = (width + step - 1) / step + padding
    }

    /// Every plane filled with white paper.
    var blank: [Float] { [Float](repeating: 127, count: step * step * planeWidth * planeHeight) }
    /// From one row of the patch's samples to the next, within a plane.
    var rowStride: Int { planeWidth }

    /// Where window pixel (`x`, `y`) is kept.
    @inline(__always)
    func index(x: Int, y: Int) -> Int {
        ((y % step) * step + x % step) * planeWidth * planeHeight + (y / step) * planeWidth + x / step
    }
}
