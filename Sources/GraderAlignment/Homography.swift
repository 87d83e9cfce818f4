import Foundation
import GraderCore

/// A projective map of the plane (what a camera does to a flat sheet):
/// `x' = (h0·x + h1·y + h2) / w`, `y' = (h3·x + h4·y + h5) / w`, `w = h6·x + h7·y + 1`.
/// Affine and similarity maps are the special cases with `h6 = h7 = 0`.
package struct Homography: Sendable, Equatable {
    /// The eight coefficients, stored one by one: this map runs for every pixel sampled.
    package let h0, h1, h2, h3, h4, h5, h6, h7: Double
    var h: [Double] { [h0, h1, h2, h3, h4, h5, h6, h7] }

    /// The map of a similarity transform.
    package init(_ similarity: SimilarityTransform) {
        self.init(coefficients: [similarity.a, -similarity.b, similarity.tx, similarity.b, similarity.a, similarity.ty, 0, 0])
    }

    private init(coefficients c: [Double]) { (h0, h1, h2, h3, h4, h5, h6, h7) = (c[0], c[1], c[2], c[3], c[4], c[5], c[6], c[7]) }

    /// Where `p` goes.
    @inline(__always)
    package func apply(_ p: (x: Double, y: Double)) -> (x: Double, y: Double) {
        let w = h6 * p.x + h7 * p.y + 1
        return ((h0 * p.x + h1 * p.y + h2) / w, (h3 * p.x + h4 * p.y + h5) / w)
    }

    /// The map of the given kind fitted by least squares to `pairs` (from → to): a translation for
    /// one pair, a similarity for two or for points near one line, an affine map for three or more
    /// points spread both ways, and
    /// a projective map from `projectiveFrom` pairs on. Nil when the points cannot decide it.
    package static func fit(_ pairs: [(from: (x: Double, y: Double), to: (x: Double, y: Double))], projectiveFrom: Int = 10) -> Homography? {
        guard let first = pairs.first else { return nil }
        if pairs.count == 1 {
            return Homography(coefficients: [1, 0, first.to.x - first.from.x, 0, 1, first.to.y - first.from.y, 0, 0])
        }
        let spread = Self.spread(pairs.map(\.from))
        // Points near one line (a single row or column, spread across it only by the matching's
        // noise) decide no stretch across it: a similarity. A long narrow block of five
        // columns is not a line: its perspective is fitted.
        if pairs.count == 2 || spread.minor < 0.05 * spread.major {
            return SimilarityTransform.fit(from: pairs.map(\.from), to: pairs.map(\.to)).map(Homography.init)
        }
        // Normalise both point sets (centred, unit mean distance) for a well-conditioned solve.
        let (nf, from) = Self.normalise(pairs.map(\.from)), (nt, to) = Self.normalise(pairs.map(\.to))
        let unknowns = pairs.count >= projectiveFrom ? 8 : 6
        var ata = [Double](repeating: 0, count: unknowns * unknowns), atb = [Double](repeating: 0, count: unknowns)
        func add(_ row: [Double], _ value: Double) {
            for i in 0..<unknowns {
                atb[i] += row[i] * value
                for j in 0..<unknowns { ata[i * unknowns + j] += row[i] * row[j] }
            }
        }
        for (p, q) in zip(from, to) {
            if unknowns == 8 {
                add([p.x, p.y, 1, 0, 0, 0, -p.x * q.x, -p.y * q.x], q.x)
                add([0, 0, 0, p.x, p.y, 1, -p.x * q.y, -p.y * q.y], q.y)
            } else {
                add([p.x, p.y, 1, 0, 0, 0], q.x)
                add([0, 0, 0, p.x, p.y, 1], q.y)
            }
        }
        guard var solved = Self.solve(ata, atb, size: unknowns) else { return nil }
        if unknowns == 6 { solved += [0, 0] }
        // Undo the normalisations: H = Tto⁻¹ · Hn · Tfrom.
        let hn = Homography(coefficients: solved)
        return hn.composed(before: nt.inverse, after: nf)
    }

    /// `outer ∘ self ∘ inner` for scale-and-shift maps `inner`, `outer` (s·p + t).
    private func composed(before outer: ScaleShift, after inner: ScaleShift) -> Homography? {
        // self(inner(p)): substitute x → s·x + tx, y → s·y + ty.
        let s = inner.scale, tx = inner.tx, ty = inner.ty
        var c = [Double](repeating: 0, count: 9)
        let rows = [[h[0], h[1], h[2]], [h[3], h[4], h[5]], [h[6], h[7], 1]]
        for r in 0..<3 {
            c[r * 3] = rows[r][0] * s
            c[r * 3 + 1] = rows[r][1] * s
            c[r * 3 + 2] = rows[r][0] * tx + rows[r][1] * ty + rows[r][2]
        }
        // outer: x' = S·x + TX applied to the numerators.
        for k in 0..<3 {
            c[k] = outer.scale * c[k] + outer.tx * c[6 + k]
            c[3 + k] = outer.scale * c[3 + k] + outer.ty * c[6 + k]
        }
        guard abs(c[8]) > 1e-12 else { return nil }
        return Homography(coefficients: (0..<8).map { c[$0] / c[8] })
    }

    /// A uniform scale then a shift.
    private struct ScaleShift {
        var scale: Double, tx: Double, ty: Double
        var inverse: ScaleShift { ScaleShift(scale: 1 / scale, tx: -tx / scale, ty: -ty / scale) }
    }

    private static func normalise(_ points: [(x: Double, y: Double)]) -> (ScaleShift, [(x: Double, y: Double)]) {
        let n = Double(points.count)
        let cx = points.reduce(0) { $0 + $1.x } / n, cy = points.reduce(0) { $0 + $1.y } / n
        let mean = points.reduce(0) { $0 + hypot($1.x - cx, $1.y - cy) } / n
        let s = mean > 1e-9 ? 1 / mean : 1
        let map = ScaleShift(scale: s, tx: -cx * s, ty: -cy * s)
        return (map, points.map { ($0.x * s + map.tx, $0.y * s + map.ty) })
    }

    /// Square roots of the principal variances of `points` (how far they spread along and across).
    private static func spread(_ points: [(x: Double, y: Double)]) -> (major: Double, minor: Double) {
        let n = Double(points.count)
        let cx = points.reduce(0) { $0 + $1.x } / n, cy = points.reduce(0) { $0 + $1.y } / n
        var sxx = 0.0, syy = 0.0, sxy = 0.0
        for p in points { sxx += (p.x - cx) * (p.x - cx); syy += (p.y - cy) * (p.y - cy); sxy += (p.x - cx) * (p.y - cy) }
        let mean = (sxx + syy) / (2 * n), d = (((sxx - syy) / (2 * n)) * ((sxx - syy) / (2 * n)) + (sxy / n) * (sxy / n)).squareRoot()
        return ((mean + d).squareRoot(), max(0, mean - d).squareRoot())
    }

    /// Solves `a·x = b` (`size × size`) by Gaussian elimination with partial pivoting.
    private static func solve(_ a: [Double], _ b: [Double], size n: Int) -> [Double]? {
        var m = a, v = b
        for col in 0..<n {
            var pivot = col
            for r in col..<n where abs(m[r * n + col]) > abs(m[pivot * n + col]) { pivot = r }
            guard abs(m[pivot * n + col]) > 1e-12 else { return nil }
            if pivot != col {
                for k in 0..<n { m.swapAt(col * n + k, pivot * n + k) }
                v.swapAt(col, pivot)
            }
            for r in (col + 1)..<n {
                let f = m[r * n + col] / m[col * n + col]
                guard f != 0 else { continue }
                for k in col..<n { m[r * n + k] -= f * m[col * n + k] }
                v[r] -= f * v[col]
            }
        }
        var x = [Double](repeating: 0, count: n)
        for r in stride(from: n - 1, through: 0, by: -1) {
            var sum = v[r]
            for k in (r + 1)..<n { sum -= m[r * n + k] * x[k] }
            x[r] = sum / m[r * n + r]
        }
        return x
    }
}
