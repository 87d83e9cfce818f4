import Foundation

/// A score written by pen in a tablet's score pad, as the browser records it: each stroke the
/// points the pen passed through (pixels from the writing area's top-left corner, y down), digits
/// in `PenDigits`' styles (hands unlike the digit reader's training data), a decimal point as a dot
/// on the baseline.
public enum PenScoreStrokes {
    /// The strokes of `text` (digits and "."), written `height` pixels tall from (`left`, `top`) by `hand`.
    public static func strokes(writing text: String, hand: PenHand, left: Double = 20, top: Double = 20, height: Double = 60,
                               seed: UInt64) -> [[(x: Double, y: Double)]] {
        var rng = SplitMix64(seed: seed, 0x5C0E)
        var x = left, strokes: [[(x: Double, y: Double)]] = []
        let size = height * (0.85 + 0.15 * hand.size), width = size * hand.aspect
        for character in text {
            let wobble = rng.symmetric(0.04 * size)
            if let digit = character.wholeNumberValue {
                let keys = PenDigits.keyPoints(digit: digit, x: x, top: top + wobble, width: width, height: size, hand: hand, rng: &rng)
                strokes += keys.map { PenDigits.sampledStroke($0).map { (x: $0.0, y: $0.1) } }
                x += width * rng.uniform(1.15, 1.45) + hand.slant * size * 0.3
            } else {
                // A dot: a small circle of pen samples on the baseline.
                let r = size * rng.uniform(0.025, 0.05), cx = x + r, cy = top + size - r
                strokes.append((0...6).map { step in
                    let angle = Double(step) / 6 * 2 * Double.pi
                    return (x: cx + r * cos(angle), y: cy + r * sin(angle))
                })
                x += width * rng.uniform(0.35, 0.6)
            }
        }
        return strokes
    }
}
