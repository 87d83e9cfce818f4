internal import CCairo
import Foundation

/// One student's pen and writing habits, and the word-like scribbles they leave in answer areas.
///
/// A word is a single pen trajectory through letter-shaped key points (humps, loops, ascenders,
/// descenders), smoothed into Bézier curves (Catmull-Rom), slanted, with a wandering baseline.
struct Handwriting {
    /// Height of small letters, in points.
    var xHeight: Double
    /// Forward slant as a shear factor (x shift per point of height).
    var slant: Double
    /// Pen line width, in points.
    var penWidth: Double
    /// Ink coverage of the pen (grey ≈ 239 × (1 − inkAlpha), i.e. 40–70 on paper).
    var inkAlpha: Double
    /// Average width of one letter, in points.
    var letterWidth: Double
    /// Average gap between words, in points.
    var wordGap: Double
    /// How much the strokes shake, as a share of the x-height.
    var jitter: Double

    /// Draws a new student's habits from `rng`.
    init(rng: inout SplitMix64) {
        xHeight = rng.uniform(5.4, 7.2)
        slant = rng.uniform(-0.05, 0.35)
        penWidth = rng.uniform(1.2, 2.0)
        inkAlpha = 1 - rng.uniform(40, 70) / 239
        letterWidth = xHeight * rng.uniform(0.85, 1.15)
        wordGap = xHeight * rng.uniform(0.9, 1.6)
        jitter = rng.uniform(0.05, 0.12)
    }

    /// Sets the pen on `cr`: ink coverage, width, round ends and fast antialiasing.
    func takePen(_ cr: OpaquePointer) {
        cairo_set_source_rgba(cr, 0, 0, 0, inkAlpha)
        cairo_set_line_width(cr, penWidth)
        cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
        cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)
        // Cairo's fast rasteriser (4×4 samples) looks the same on pen strokes at scan resolutions
        // and roughly halves the cost of the scribbles, which dominate a page's drawing time.
        cairo_set_antialias(cr, CAIRO_ANTIALIAS_FAST)
    }

    /// Writes one line of scribbled words on `baseline` from `left` up to at most `right`.
    func writeLine(_ cr: OpaquePointer, left: Double, right: Double, baseline: Double, rng: inout SplitMix64) {
        cairo_save(cr)
        defer { cairo_restore(cr) }
        takePen(cr)
        let drift = rng.symmetric(0.012)  // the line climbs or sinks slightly
        var x = left
        while true {
            let letters = rng.chance(0.05) ? 1 : rng.int(2...8)
            let estimated = Double(letters) * letterWidth
            if x + estimated > right { break }
            let y = baseline + drift * (x - left) + rng.symmetric(0.6)
            let token = rng.unit()
            let end: Double
            if token < 0.035 {
                end = writeEquals(cr, x: x, baseline: y, rng: &rng)
            } else if token < 0.1 {
                end = writeDigits(cr, x: x, baseline: y, count: rng.int(1...3), rng: &rng)
            } else {
                end = writeWord(cr, x: x, baseline: y, letters: letters, rng: &rng)
                if rng.chance(0.03) { strikeThrough(cr, from: x, to: end, baseline: y, rng: &rng) }
            }
            x = end + wordGap * rng.uniform(0.7, 1.4)
        }
        cairo_stroke(cr)
    }

    /// A cursive word of `letters` letters starting at `x`; returns where the pen stopped.
    func writeWord(_ cr: OpaquePointer, x: Double, baseline: Double, letters: Int, rng: inout SplitMix64) -> Double {
        var points: [(Double, Double)] = [(x, -0.15)]  // (x, height in x-heights above baseline)
        var cursor = x
        var dots: [Double] = []
        var crossbars: [Double] = []
        for _ in 0..<letters {
            let w = letterWidth * rng.uniform(0.75, 1.25)
            let kind = rng.unit()
            if kind < 0.48 {  // n, m, u: a hump
                let h = rng.uniform(0.85, 1.1)
                points.append((cursor + 0.3 * w, h))
                points.append((cursor + 0.75 * w, rng.uniform(0, 0.12)))
                if rng.chance(0.08) { dots.append(cursor + 0.3 * w) }
            } else if kind < 0.66 {  // e, o: a small loop
                points.append((cursor + 0.7 * w, 0.55))
                points.append((cursor + 0.45 * w, 1.0))
                points.append((cursor + 0.15 * w, 0.5))
                points.append((cursor + 0.5 * w, 0.0))
                points.append((cursor + 0.95 * w, 0.25))
            } else if kind < 0.84 {  // l, h, d: a tall loop
                let h = rng.uniform(1.9, 2.4)
                points.append((cursor + 0.55 * w, h))
                points.append((cursor + 0.3 * w, h - 0.25))
                points.append((cursor + 0.35 * w, 0.0))
                points.append((cursor + 0.85 * w, 0.2))
                if rng.chance(0.3) { crossbars.append(cursor + 0.35 * w) }
            } else {  // g, y, p: a descender loop
                points.append((cursor + 0.55 * w, 1.0))
                points.append((cursor + 0.2 * w, 0.5))
                points.append((cursor + 0.5 * w, 0.05))
                points.append((cursor + 0.75 * w, 1.0))
                points.append((cursor + 0.65 * w, -rng.uniform(0.9, 1.2)))
                points.append((cursor + 0.25 * w, -0.85))
                points.append((cursor + 0.95 * w, 0.15))
            }
            cursor += w
        }
        addCurve(cr, points: points, baseline: baseline, rng: &rng)
        for dotX in dots {
            let (px, py) = place(dotX, 1.6, baseline)
            cairo_move_to(cr, px, py)
            cairo_line_to(cr, px + 0.6, py - 0.3)
        }
        for barX in crossbars {
            let (px, py) = place(barX, 1.35, baseline)
            cairo_move_to(cr, px - xHeight * 0.5, py + rng.symmetric(0.5))
            cairo_line_to(cr, px + xHeight * 0.6, py + rng.symmetric(0.5))
        }
        return cursor
    }

    /// Handwritten digits (loops and strokes) starting at `x`; returns where the pen stopped.
    func writeDigits(_ cr: OpaquePointer, x: Double, baseline: Double, count: Int, rng: inout SplitMix64) -> Double {
        var cursor = x
        for _ in 0..<count {
            let w = letterWidth * rng.uniform(0.8, 1.1)
            let h = rng.uniform(1.5, 1.8)
            switch rng.int(0...3) {
            case 0:  // 1
                addCurve(cr, points: [(cursor + 0.2 * w, h - 0.3), (cursor + 0.5 * w, h), (cursor + 0.45 * w, 0)],
                            baseline: baseline, rng: &rng)
            case 1:  // 0
                addCurve(cr, points: [(cursor + 0.5 * w, h), (cursor + 0.1 * w, h / 2), (cursor + 0.45 * w, 0),
                                         (cursor + 0.85 * w, h / 2), (cursor + 0.5 * w, h)],
                            baseline: baseline, rng: &rng)
            case 2:  // 2
                addCurve(cr, points: [(cursor + 0.1 * w, h * 0.75), (cursor + 0.5 * w, h), (cursor + 0.8 * w, h * 0.7),
                                         (cursor + 0.1 * w, 0), (cursor + 0.9 * w, 0.05)],
                            baseline: baseline, rng: &rng)
            default:  // 3
                addCurve(cr, points: [(cursor + 0.1 * w, h * 0.85), (cursor + 0.7 * w, h * 0.9), (cursor + 0.35 * w, h * 0.5),
                                         (cursor + 0.8 * w, h * 0.25), (cursor + 0.1 * w, 0.05)],
                            baseline: baseline, rng: &rng)
            }
            cursor += w * 1.15
        }
        return cursor
    }

    /// A handwritten "=" sign; returns where the pen stopped.
    func writeEquals(_ cr: OpaquePointer, x: Double, baseline: Double, rng: inout SplitMix64) -> Double {
        let w = letterWidth * 1.2
        for h in [0.35, 0.8] {
            let (x0, y0) = place(x, h + rng.symmetric(0.08), baseline)
            let (x1, y1) = place(x + w, h + rng.symmetric(0.08), baseline)
            cairo_move_to(cr, x0, y0)
            cairo_line_to(cr, x1, y1)
        }
        return x + w
    }

    /// A quick wavy line through a word the student changed their mind about.
    func strikeThrough(_ cr: OpaquePointer, from x0: Double, to x1: Double, baseline: Double, rng: inout SplitMix64) {
        var points: [(Double, Double)] = []
        var x = x0 - 2
        while x < x1 + 2 {
            points.append((x, 0.5 + rng.symmetric(0.25)))
            x += letterWidth * 0.8
        }
        points.append((x1 + 2, 0.5))
        addCurve(cr, points: points, baseline: baseline, rng: &rng)
    }

    /// Adds a smooth pen path through key points (x in points, height in x-heights) to `cr`.
    func addCurve(_ cr: OpaquePointer, points keys: [(Double, Double)], baseline: Double, rng: inout SplitMix64) {
        guard keys.count >= 2 else { return }
        let shake = jitter * xHeight
        let p = keys.map { key -> (Double, Double) in
            let (x, y) = place(key.0, key.1, baseline)
            return (x + rng.symmetric(shake), y + rng.symmetric(shake))
        }
        cairo_move_to(cr, p[0].0, p[0].1)
        for i in 0..<(p.count - 1) {
            let before = p[max(i - 1, 0)], start = p[i], end = p[i + 1], after = p[min(i + 2, p.count - 1)]
            cairo_curve_to(
                cr,
                start.0 + (end.0 - before.0) / 6, start.1 + (end.1 - before.1) / 6,
                end.0 - (after.0 - start.0) / 6, end.1 - (after.1 - start.1) / 6,
                end.0, end.1)
        }
    }

    /// Page coordinates of a point `height` x-heights above `baseline`, sheared by the slant.
    func place(_ x: Double, _ height: Double, _ baseline: Double) -> (Double, Double) {
        let up = height * xHeight
        return (x + slant * up, baseline - up)
    }
}
