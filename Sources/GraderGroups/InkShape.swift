import Foundation

/// What an answer's ink looks like, made comparable between students: the ink's slant taken out
/// (its second moments, as MNIST deskews), its extent scaled into a fixed grid (its aspect kept),
/// centred on its centre of mass, blurred and normalised to length 1.
///
/// Why this distance: two students who write the same thing differ mostly in where they put it,
/// how large, how slanted and with how wide a pen. Centring on the centre of mass removes the
/// place, fitting the extent removes the size, the shear removes the slant, and the blur (about a
/// stroke's width in the grid) plus the unit length make a thicker pen or a stroke a pixel off
/// cost little. What remains — the strokes' layout — is compared by the cosine of the two grids,
/// plus how far apart their aspects are (a "1" and a "7" of the same height differ in width).
public struct InkShape: Sendable, Equatable {
    /// The grid's side in cells.
    public static let side = 32
    /// The blurred, normalised grid, row by row.
    public let cells: [Float]
    /// The ink's width over its height after deskewing.
    public let aspect: Double

    /// How much a factor of e between two aspects adds to the distance.
    public static let aspectWeight = 0.15

    /// The shape of `ink`; nil when it holds no ink.
    public init?(_ ink: AddedInk) {
        let (w, h) = (ink.width, ink.height)
        var mass = 0.0, mx = 0.0, my = 0.0
        ink.ink.withUnsafeBufferPointer { p in
            for y in 0..<h { for x in 0..<w where p[y * w + x] > 0 { let m = Double(p[y * w + x]); mass += m; mx += m * Double(x); my += m * Double(y) } }
        }
        guard mass > 0 else { return nil }
        mx /= mass
        my /= mass
        var sxy = 0.0, syy = 0.0
        ink.ink.withUnsafeBufferPointer { p in
            for y in 0..<h { for x in 0..<w where p[y * w + x] > 0 { let m = Double(p[y * w + x]); sxy += m * (Double(x) - mx) * (Double(y) - my); syy += m * (Double(y) - my) * (Double(y) - my) } }
        }
        // Slant as x per y; bounded, so a wide word's scatter is not read as a steep slant.
        let shear = syy > 0 ? max(-0.6, min(0.6, sxy / syy)) : 0
        // The deskewed ink's extent, its faintest 1 % trimmed off each side.
        var xs: [(Double, Double)] = [], ys: [(Double, Double)] = []
        xs.reserveCapacity(1024)
        ys.reserveCapacity(1024)
        ink.ink.withUnsafeBufferPointer { p in
            for y in 0..<h {
                for x in 0..<w where p[y * w + x] > 0 {
                    let m = Double(p[y * w + x])
                    xs.append((Double(x) - shear * (Double(y) - my), m))
                    ys.append((Double(y), m))
                }
            }
        }
        func extent(_ values: [(Double, Double)]) -> (Double, Double) {
            let sorted = values.sorted { $0.0 < $1.0 }
            var low = 0, high = sorted.count - 1, acc = 0.0
            while low < high, acc + sorted[low].1 <= mass * 0.01 { acc += sorted[low].1; low += 1 }
            acc = 0
            while high > low, acc + sorted[high].1 <= mass * 0.01 { acc += sorted[high].1; high -= 1 }
            return (sorted[low].0, sorted[high].0)
        }
        let (left, right) = extent(xs), (top, bottom) = extent(ys)
        let bw = max(right - left + 1, 2), bh = max(bottom - top + 1, 2)
        aspect = bw / bh
        let side = Self.side, fit = Double(side - 4)
        let scale = fit / max(bw, bh)
        // Splat each ink pixel into the grid around the centre of mass (bilinear).
        var grid = [Float](repeating: 0, count: side * side)
        let centre = Double(side) / 2
        for (i, point) in xs.enumerated() {
            let gx = (point.0 - mx) * scale + centre - 0.5, gy = (ys[i].0 - my) * scale + centre - 0.5
            let x0 = Int(gx.rounded(.down)), y0 = Int(gy.rounded(.down))
            let ax = Float(gx - Double(x0)), ay = Float(gy - Double(y0)), m = Float(point.1)
            for (dx, dy, weight) in [(0, 0, (1 - ax) * (1 - ay)), (1, 0, ax * (1 - ay)), (0, 1, (1 - ax) * ay), (1, 1, ax * ay)] {
                let cx = x0 + dx, cy = y0 + dy
                if cx >= 0, cy >= 0, cx < side, cy < side { grid[cy * side + cx] += m * weight }
            }
        }
        grid = Self.blurred(grid, side: side)
        let norm = grid.reduce(0) { $0 + $1 * $1 }.squareRoot()
        guard norm > 0 else { return nil }
        cells = grid.map { $0 / norm }
    }

    /// The distance between two shapes: 0 for the same, about 1 for unrelated ink.
    public func distance(to other: InkShape) -> Double {
        var dot: Float = 0
        cells.withUnsafeBufferPointer { a in
            other.cells.withUnsafeBufferPointer { b in
                for i in 0..<a.count { dot += a[i] * b[i] }
            }
        }
        return 1 - Double(dot) + Self.aspectWeight * abs(log(aspect / other.aspect))
    }

    /// A separable blur over five cells (weights 1 4 6 4 1: a Gaussian of about one cell).
    private static func blurred(_ grid: [Float], side: Int) -> [Float] {
        let weights: [Float] = [1, 4, 6, 4, 1]
        func pass(_ input: [Float], horizontal: Bool) -> [Float] {
            var output = [Float](repeating: 0, count: input.count)
            for y in 0..<side {
                for x in 0..<side {
                    var sum: Float = 0
                    for k in -2...2 {
                        let (sx, sy) = horizontal ? (x + k, y) : (x, y + k)
                        if sx >= 0, sy >= 0, sx < side, sy < side { sum += input[sy * side + sx] * weights[k + 2] }
                    }
                    output[y * side + x] = sum / 16
                }
            }
            return output
        }
        return pass(pass(grid, horizontal: true), horizontal: false)
    }
}
