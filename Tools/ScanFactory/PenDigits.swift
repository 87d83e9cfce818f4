internal import CCairo
import Foundation

/// Digits drawn as pen strokes through key points (smoothed, slanted, shaky), in several styles
/// per digit (a 1 with or without its flag and foot, a crossed or plain 7, an open or closed 4…):
/// hands unlike the font-based handwriting the digit reader was trained on, for testing it.
enum PenDigits {
    /// Strokes of each digit's styles, in a unit box (x right, y down, 0…1).
    static let styles: [[[[(Double, Double)]]]] = [
        [[[(0.55, 0), (0.15, 0.25), (0.12, 0.72), (0.5, 1), (0.88, 0.72), (0.85, 0.25), (0.55, 0), (0.4, 0.06)]],
         [[(0.5, 0.02), (0.2, 0.5), (0.5, 0.98), (0.8, 0.5), (0.5, 0.02)]]],
        [[[(0.5, 0), (0.5, 1)]],
         [[(0.2, 0.28), (0.58, 0), (0.55, 1)]],
         [[(0.25, 0.25), (0.55, 0), (0.55, 1)], [(0.25, 1), (0.85, 1)]]],
        [[[(0.1, 0.25), (0.4, 0.0), (0.75, 0.05), (0.85, 0.3), (0.6, 0.6), (0.1, 1), (0.92, 0.97)]],
         [[(0.12, 0.2), (0.5, 0), (0.85, 0.25), (0.2, 0.95), (0.1, 0.85), (0.3, 0.82), (0.9, 1)]]],
        [[[(0.12, 0.12), (0.5, 0), (0.82, 0.2), (0.45, 0.47), (0.85, 0.72), (0.55, 1), (0.1, 0.88)]],
         [[(0.1, 0.02), (0.85, 0.02), (0.4, 0.42), (0.85, 0.68), (0.55, 1), (0.1, 0.88)]]],
        [[[(0.62, 0), (0.08, 0.66), (0.95, 0.66)], [(0.7, 0.3), (0.7, 1)]],
         [[(0.18, 0), (0.12, 0.58), (0.9, 0.58)], [(0.75, 0), (0.75, 1)]]],
        [[[(0.85, 0), (0.22, 0), (0.17, 0.45), (0.55, 0.36), (0.88, 0.62), (0.6, 1), (0.1, 0.9)]],
         [[(0.22, 0), (0.17, 0.47), (0.55, 0.38), (0.88, 0.64), (0.6, 1), (0.1, 0.9)], [(0.22, 0.0), (0.88, 0.02)]]],
        [[[(0.78, 0), (0.3, 0.35), (0.12, 0.75), (0.45, 1), (0.85, 0.75), (0.52, 0.5), (0.15, 0.68)]],
         [[(0.7, 0), (0.2, 0.55), (0.3, 0.95), (0.7, 0.95), (0.8, 0.65), (0.4, 0.5), (0.2, 0.6)]]],
        [[[(0.08, 0.02), (0.92, 0.02), (0.4, 1)]],
         [[(0.1, 0.05), (0.9, 0.02), (0.45, 1)], [(0.3, 0.52), (0.82, 0.5)]],
         [[(0.12, 0.15), (0.15, 0.02), (0.9, 0.02), (0.6, 0.45), (0.5, 1)]]],
        [[[(0.82, 0.12), (0.5, 0), (0.18, 0.15), (0.5, 0.46), (0.86, 0.74), (0.5, 1), (0.14, 0.75), (0.5, 0.46), (0.82, 0.18)]],
         [[(0.5, 0.45), (0.2, 0.22), (0.5, 0.0), (0.8, 0.22), (0.5, 0.45), (0.15, 0.72), (0.5, 1), (0.85, 0.72), (0.5, 0.45)]]],
        [[[(0.85, 0.2), (0.5, 0), (0.15, 0.2), (0.3, 0.45), (0.85, 0.3)], [(0.86, 0.1), (0.8, 1)]],
         [[(0.86, 0.25), (0.5, 0), (0.14, 0.22), (0.35, 0.48), (0.86, 0.25), (0.75, 0.7), (0.4, 1)]]],
    ]

    /// Draws `digit` in the rectangle (`x`, `top`, `width`, `height`) in points with `hand`'s habits.
    static func draw(_ cr: OpaquePointer, digit: Int, x: Double, top: Double, width: Double, height: Double,
                     hand: PenHand, rng: inout SplitMix64) {
        for stroke in keyPoints(digit: digit, x: x, top: top, width: width, height: height, hand: hand, rng: &rng) {
            smoothStroke(cr, stroke)
        }
    }

    /// The key points of each stroke of `digit` in the rectangle (`x`, `top`, `width`, `height`),
    /// in `hand`'s style of it, slanted and shaken as that hand writes.
    static func keyPoints(digit: Int, x: Double, top: Double, width: Double, height: Double,
                          hand: PenHand, rng: inout SplitMix64) -> [[(Double, Double)]] {
        let choices = styles[digit]
        let strokes = choices[hand.preferred[digit] % choices.count]
        let shake = hand.jitter
        return strokes.map { stroke in
            stroke.map { p -> (Double, Double) in
                let px = p.0 + rng.symmetric(shake), py = p.1 + rng.symmetric(shake)
                return (x + px * width + hand.slant * (1 - py) * height, top + py * height)
            }
        }
    }

    /// The path `smoothStroke` draws through `p`, as `steps` points a segment (a pen's samples).
    static func sampledStroke(_ p: [(Double, Double)], steps: Int = 8) -> [(Double, Double)] {
        guard p.count >= 2 else { return p }
        var points = [p[0]]
        for i in 0..<(p.count - 1) {
            let before = p[max(i - 1, 0)], start = p[i], end = p[i + 1], after = p[min(i + 2, p.count - 1)]
            let c1 = (start.0 + (end.0 - before.0) / 6, start.1 + (end.1 - before.1) / 6)
            let c2 = (end.0 - (after.0 - start.0) / 6, end.1 - (after.1 - start.1) / 6)
            for step in 1...steps {
                let t = Double(step) / Double(steps), u = 1 - t
                let a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, d = t * t * t
                points.append((a * start.0 + b * c1.0 + c * c2.0 + d * end.0, a * start.1 + b * c1.1 + c * c2.1 + d * end.1))
            }
        }
        return points
    }

    /// A pen path through `p` (Catmull-Rom turned into Bézier curves), stroked.
    static func smoothStroke(_ cr: OpaquePointer, _ p: [(Double, Double)]) {
        guard p.count >= 2 else { return }
        cairo_move_to(cr, p[0].0, p[0].1)
        for i in 0..<(p.count - 1) {
            let before = p[max(i - 1, 0)], start = p[i], end = p[i + 1], after = p[min(i + 2, p.count - 1)]
            cairo_curve_to(cr, start.0 + (end.0 - before.0) / 6, start.1 + (end.1 - before.1) / 6,
                           end.0 - (after.0 - start.0) / 6, end.1 - (after.1 - start.1) / 6, end.0, end.1)
        }
        cairo_stroke(cr)
    }
}

/// One student's way of writing digits with a pen: stroke width, slant, size, shakiness, and
/// which style of each digit they use.
public struct PenHand: Sendable {
    /// Pen width in points.
    var penWidth: Double
    /// Forward slant (x shift per unit of height).
    var slant: Double
    /// Digit height as a share of the box height.
    var size: Double
    /// Digit width as a share of its height.
    var aspect: Double
    /// Random displacement of each key point, as a share of the digit's size.
    var jitter: Double
    /// The style index of each digit.
    var preferred: [Int]

    /// A new student's hand drawn from `seed`.
    public init(seed: UInt64) {
        var rng = SplitMix64(seed: seed, 0x9E17)
        penWidth = rng.uniform(0.7, 2.4)
        slant = rng.uniform(-0.12, 0.3)
        size = rng.uniform(0.55, 0.85)
        aspect = rng.uniform(0.5, 0.8)
        jitter = rng.uniform(0.02, 0.06)
        preferred = (0..<10).map { _ in rng.int(0...5) }
    }
}
