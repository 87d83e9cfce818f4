import Foundation
import GraderCore

/// Tests a block's fit against every placement a whole row or column away. A grid looks like
/// itself shifted by one row almost everywhere; what tells the two apart is only where the blank
/// differs from itself shifted (the first and last rows, the margins, the printed letters, the
/// shading). On those points the scan must look clearly more like the blank as fitted than like
/// the blank shifted. The points are chosen once per block, on the blank.
struct RowShiftCheck: Sendable {
    enum Outcome: Equatable {
        /// The fit is clearly better than every shift.
        case clear
        /// The blank shifted by `delta` (points) matches clearly better: the fit is one row or column off.
        case off(delta: PagePoint)
        /// Neither is clearly better: the direction in words ("one row on").
        case ambiguous(String)
    }

    /// How much better (in correlation) the fit must be than a shift, and a shift than the fit.
    static let margin = 0.1

    /// One shift: the blank points (in points) where the blank differs from itself shifted, with
    /// the blank's grey there and at the shifted place.
    private struct Shift: Sendable {
        let delta: PagePoint, name: String
        let points: [PagePoint], fitted: [Double], moved: [Double]
    }

    private let shifts: [Shift]

    /// Chooses the telling points of `template`'s block (`rows` × `choices`) on `blank`.
    init(_ template: BubbleTemplate, rows: Int, choices: Int, blank: GrayImage) {
        let shapes = template.shapes
        var deltas: [(PagePoint, String)] = []
        if rows > 1 {
            let step = Self.mean(of: (0..<choices).map { c in Self.difference(shapes[(rows - 1) * choices + c].centre, shapes[c].centre, over: rows - 1) })
            deltas += [(step, "one row on"), (PagePoint(x: -step.x, y: -step.y), "one row back")]
        }
        if choices > 1 {
            let step = Self.mean(of: (0..<rows).map { r in Self.difference(shapes[r * choices + choices - 1].centre, shapes[r * choices].centre, over: choices - 1) })
            deltas += [(step, "one choice on"), (PagePoint(x: -step.x, y: -step.y), "one choice back")]
        }
        // The block and a margin of one step (and a bubble) around it, sampled every 0.6 pt.
        let bounds = template.bounds, ppp = blank.pixelsPerPoint
        let reachX = (deltas.map { abs($0.0.x) }.max() ?? 0) + (shapes.map(\.width).max() ?? 0)
        let reachY = (deltas.map { abs($0.0.y) }.max() ?? 0) + (shapes.map(\.height).max() ?? 0)
        var grid: [(point: PagePoint, value: Double)] = []
        var y = bounds.origin.y - reachY
        while y <= bounds.origin.y + bounds.height + reachY {
            var x = bounds.origin.x - reachX
            while x <= bounds.origin.x + bounds.width + reachX {
                grid.append((PagePoint(x: x, y: y), blank.sample(x: x * ppp, y: y * ppp)))
                x += 0.6
            }
            y += 0.6
        }
        shifts = deltas.map { delta, name in
            var points: [PagePoint] = [], fitted: [Double] = [], moved: [Double] = []
            for (point, value) in grid {
                let other = blank.sample(x: (point.x + delta.x) * ppp, y: (point.y + delta.y) * ppp)
                guard abs(other - value) >= 15 else { continue }
                points.append(point)
                fitted.append(value)
                moved.append(other)
            }
            return Shift(delta: delta, name: name, points: points, fitted: fitted, moved: moved)
        }
    }

    /// Checks the fit `model` (blank points → scan points) on `scan`.
    func check(_ scan: GrayImage, model: Homography) -> Outcome {
        let ppp = scan.pixelsPerPoint
        for shift in shifts where shift.points.count >= 20 {
            var fitted = Correlation(), moved = Correlation()
            for (index, point) in shift.points.enumerated() {
                let p = model.apply((point.x, point.y))
                let s = scan.sample(x: p.x * ppp, y: p.y * ppp)
                fitted.add(s, shift.fitted[index])
                moved.add(s, shift.moved[index])
            }
            let (a, b) = (fitted.value, moved.value)
            if b - a >= Self.margin { return .off(delta: shift.delta) }
            if a - b < Self.margin { return .ambiguous(shift.name) }
        }
        return .clear
    }

    private static func difference(_ a: PagePoint, _ b: PagePoint, over count: Int) -> PagePoint {
        PagePoint(x: (a.x - b.x) / Double(count), y: (a.y - b.y) / Double(count))
    }

    private static func mean(of steps: [PagePoint]) -> PagePoint {
        let n = Double(max(steps.count, 1))
        return PagePoint(x: steps.reduce(0) { $0 + $1.x } / n, y: steps.reduce(0) { $0 + $1.y } / n)
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
