import Foundation
import GraderAlignment
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

    /// How much of the blank's own lead over itself shifted the fit must show (or the shift, for a
    /// fit one row off).
    static let lead = 0.15
    /// Most telling points looked at per shift (taken evenly over the block when there are more):
    /// a lead measured over thousands of points is as sure as over tens of thousands.
    static let tellingPoints = 6000

    /// One shift: the points (indices into `points`) where the blank differs from itself shifted,
    /// with the blank's grey at the shifted place.
    private struct Shift: Sendable {
        let delta: PagePoint, name: String
        let indices: [Int], moved: [Double]
    }

    /// The points looked at on a scan (blank points) with the blank's grey there: of the block and
    /// a margin around it sampled every 0.6 pt, the telling points, and every twentieth one for the
    /// standardisation (`spread`, indices into `points`).
    private let points: [PagePoint], blankValues: [Double]
    private let shifts: [Shift]
    private let spread: [Int]
    /// The block's row and choice steps, each way (points).
    var steps: [PagePoint] { shifts.map(\.delta) }

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
        var grid: [PagePoint] = [], gridValues: [Double] = []
        var y = bounds.origin.y - reachY
        while y <= bounds.origin.y + bounds.height + reachY {
            var x = bounds.origin.x - reachX
            while x <= bounds.origin.x + bounds.width + reachX {
                grid.append(PagePoint(x: x, y: y))
                gridValues.append(blank.sample(x: x * ppp, y: y * ppp))
                x += 0.6
            }
            y += 0.6
        }
        let telling = deltas.map { delta, name in
            var telling: [(index: Int, moved: Double)] = []
            for (index, point) in grid.enumerated() {
                let other = blank.sample(x: (point.x + delta.x) * ppp, y: (point.y + delta.y) * ppp)
                if abs(other - gridValues[index]) >= 15 { telling.append((index, other)) }
            }
            let every = (telling.count + Self.tellingPoints - 1) / Self.tellingPoints
            let kept = stride(from: 0, to: telling.count, by: max(1, every)).map { telling[$0] }
            return Shift(delta: delta, name: name, indices: kept.map(\.index), moved: kept.map(\.moved))
        }
        // Only the points looked at are kept, renumbered.
        let everyTwentieth = Array(stride(from: 0, to: grid.count, by: 20))
        let looked = Array(Set(telling.flatMap(\.indices) + everyTwentieth)).sorted()
        var position = [Int](repeating: 0, count: grid.count)
        for (kept, index) in looked.enumerated() { position[index] = kept }
        points = looked.map { grid[$0] }
        blankValues = looked.map { gridValues[$0] }
        shifts = telling.map { Shift(delta: $0.delta, name: $0.name, indices: $0.indices.map { position[$0] }, moved: $0.moved) }
        spread = everyTwentieth.map { position[$0] }
    }

    /// Checks the fit `model` (blank points → scan points) on `scan`. Scan and blank are each
    /// standardised over all the block's points that land on the scan (a photo's contrast is not a
    /// print's; a sheet shifted partly off the glass says nothing about the part that is off); then
    /// on the telling points the scan must agree with the blank as fitted by clearly more than with
    /// the blank shifted — measured against how much more the blank agrees with itself.
    func check(_ scan: GrayImage, model: Homography) -> Outcome {
        let ppp = scan.pixelsPerPoint, width = Double(scan.width), height = Double(scan.height)
        var values = [Double](repeating: .nan, count: points.count)
        values.withUnsafeMutableBufferPointer { values in
            points.withUnsafeBufferPointer { points in
                for (index, point) in points.enumerated() {
                    let p = model.apply((point.x, point.y))
                    let (x, y) = (p.x * ppp, p.y * ppp)
                    guard x >= 2, y >= 2, x <= width - 2, y <= height - 2 else { continue }
                    values[index] = scan.sample(x: x, y: y)
                }
            }
        }
        var n = 0.0, ss = 0.0, sss = 0.0, bs = 0.0, bbs = 0.0
        for index in spread where !values[index].isNaN {
            let s = values[index]
            n += 1; ss += s; sss += s * s; bs += blankValues[index]; bbs += blankValues[index] * blankValues[index]
        }
        guard n >= 20 else { return .clear }
        let (sMean, bMean) = (ss / n, bs / n)
        let sScale = 1 / max((sss / n - sMean * sMean).squareRoot(), 1e-6), bScale = 1 / max((bbs / n - bMean * bMean).squareRoot(), 1e-6)
        for shift in shifts {
            var fitted = 0.0, moved = 0.0, own = 0.0, ownMoved = 0.0, count = 0
            for (k, index) in shift.indices.enumerated() where !values[index].isNaN {
                let s = (values[index] - sMean) * sScale, b = (blankValues[index] - bMean) * bScale, m = (shift.moved[k] - bMean) * bScale
                fitted += s * b; moved += s * m; own += b * b; ownMoved += b * m
                count += 1
            }
            guard count >= 20, own - ownMoved > 1e-6 else { continue }
            let lead = (fitted - moved) / (own - ownMoved)
            if lead <= -Self.lead { return .off(delta: shift.delta) }
            if lead < Self.lead { return .ambiguous(shift.name) }
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
}
