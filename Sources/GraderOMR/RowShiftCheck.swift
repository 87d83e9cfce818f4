import Foundation
import GraderCore

/// Tests a block's fit against every placement a whole row or column away. A grid looks like
/// itself shifted by one row almost everywhere; what tells the two apart is only where the blank
/// differs from itself shifted (the first and last rows, the margins, the printed letters, the
/// shading). On those pixels the scan must look clearly more like the blank as fitted than like
/// the blank shifted.
enum RowShiftCheck {
    enum Outcome: Equatable {
        /// The fit is clearly better than every shift.
        case clear
        /// The blank shifted by `delta` (points) matches clearly better: the fit is one row or column off.
        case off(delta: (x: Double, y: Double))
        /// Neither is clearly better: the direction in words ("one row down").
        case ambiguous(String)

        static func == (lhs: Self, rhs: Self) -> Bool {
            switch (lhs, rhs) {
            case (.clear, .clear): true
            case (.off(let a), .off(let b)): a == b
            case (.ambiguous(let a), .ambiguous(let b)): a == b
            default: false
            }
        }
    }

    /// How much better (in correlation) the fit must be than a shift, and a shift than the fit.
    static let margin = 0.1

    static func check(_ template: BubbleTemplate, rows: Int, choices: Int, blank: GrayImage, scan: GrayImage, model: Homography) -> Outcome {
        let shapes = template.shapes
        var shifts: [(delta: (x: Double, y: Double), name: String)] = []
        if rows > 1 {
            let step = mean(of: (0..<choices).map { c in difference(shapes[(rows - 1) * choices + c].centre, shapes[c].centre, over: rows - 1) })
            shifts += [(step, "one row on"), ((-step.x, -step.y), "one row back")]
        }
        if choices > 1 {
            let step = mean(of: (0..<rows).map { r in difference(shapes[r * choices + choices - 1].centre, shapes[r * choices].centre, over: choices - 1) })
            shifts += [(step, "one choice on"), ((-step.x, -step.y), "one choice back")]
        }
        guard !shifts.isEmpty else { return .clear }
        // The block and a margin of one step (at least a bubble) around it, sampled every 0.6 pt.
        let bounds = template.bounds
        let reachX = shifts.map { abs($0.delta.x) }.max()! + (shapes.map(\.width).max() ?? 0)
        let reachY = shifts.map { abs($0.delta.y) }.max()! + (shapes.map(\.height).max() ?? 0)
        let step = 0.6, ppp = scan.pixelsPerPoint, bppp = blank.pixelsPerPoint
        var samples: [(s: Double, b: Double, x: Double, y: Double)] = []
        var y = bounds.origin.y - reachY
        while y <= bounds.origin.y + bounds.height + reachY {
            var x = bounds.origin.x - reachX
            while x <= bounds.origin.x + bounds.width + reachX {
                let p = model.apply((x, y))
                samples.append((scan.sample(x: p.x * ppp, y: p.y * ppp), blank.sample(x: x * bppp, y: y * bppp), x, y))
                x += step
            }
            y += step
        }
        for shift in shifts {
            var fitted = Correlation(), moved = Correlation()
            for sample in samples {
                let other = blank.sample(x: (sample.x + shift.delta.x) * bppp, y: (sample.y + shift.delta.y) * bppp)
                guard abs(other - sample.b) >= 15 else { continue }
                fitted.add(sample.s, sample.b)
                moved.add(sample.s, other)
            }
            guard fitted.count >= 20 else { continue }
            let (a, b) = (fitted.value, moved.value)
            if b - a >= margin { return .off(delta: shift.delta) }
            if a - b < margin { return .ambiguous(shift.name) }
        }
        return .clear
    }

    private static func difference(_ a: PagePoint, _ b: PagePoint, over count: Int) -> (x: Double, y: Double) {
        ((a.x - b.x) / Double(count), (a.y - b.y) / Double(count))
    }

    private static func mean(of steps: [(x: Double, y: Double)]) -> (x: Double, y: Double) {
        let n = Double(max(steps.count, 1))
        return (steps.reduce(0) { $0 + $1.x } / n, steps.reduce(0) { $0 + $1.y } / n)
    }

    /// Pearson correlation of paired values, accumulated.
    private struct Correlation {
        var count = 0, sx = 0.0, sy = 0.0, sxx = 0.0, syy = 0.0, sxy = 0.0
        mutating func add(_ x: Double, _ y: Double) {
            count += 1; sx += x; sy += y; sxx += x * x; syy += y * y; sxy += x * y
        }
        var value: Double {
            let n = Double(count), vx = sxx - sx * sx / n, vy = syy - sy * sy / n
            return vx > 1e-9 && vy > 1e-9 ? (sxy - sx * sy / n) / (vx * vy).squareRoot() : 0
        }
    }
}
