import Foundation

/// A similarity transform of the plane (rotation, uniform scale, shift):
/// `x' = a·x − b·y + tx`, `y' = b·x + a·y + ty`.
struct SimilarityTransform: Equatable, Sendable {
    var a: Double, b: Double, tx: Double, ty: Double

    static let identity = SimilarityTransform(a: 1, b: 0, tx: 0, ty: 0)

    /// Rotation by `angle` radians and scaling by `scale` about `centre`, then a shift.
    init(rotation angle: Double, scale: Double, about centre: (x: Double, y: Double), shift: (x: Double, y: Double)) {
        a = scale * cos(angle)
        b = scale * sin(angle)
        tx = centre.x - a * centre.x + b * centre.y + shift.x
        ty = centre.y - b * centre.x - a * centre.y + shift.y
    }

    init(a: Double, b: Double, tx: Double, ty: Double) {
        self.a = a
        self.b = b
        self.tx = tx
        self.ty = ty
    }

    func apply(_ p: (x: Double, y: Double)) -> (x: Double, y: Double) {
        (a * p.x - b * p.y + tx, b * p.x + a * p.y + ty)
    }

    /// The same transform applied to points moved by `delta` first: `T'(p) = T(p + delta)`.
    func shifted(by delta: (x: Double, y: Double)) -> SimilarityTransform {
        SimilarityTransform(a: a, b: b, tx: tx + a * delta.x - b * delta.y, ty: ty + b * delta.x + a * delta.y)
    }

    var scale: Double { (a * a + b * b).squareRoot() }
    var rotation: Double { atan2(b, a) }

    /// The least-squares similarity mapping `from[i]` onto `to[i]`; nil for fewer than 2 distinct points.
    static func fit(from: [(x: Double, y: Double)], to: [(x: Double, y: Double)]) -> SimilarityTransform? {
        let n = Double(from.count)
        guard from.count >= 2, from.count == to.count else { return nil }
        let mx = from.reduce(0) { $0 + $1.x } / n, my = from.reduce(0) { $0 + $1.y } / n
        let nx = to.reduce(0) { $0 + $1.x } / n, ny = to.reduce(0) { $0 + $1.y } / n
        var sxx = 0.0, dot = 0.0, cross = 0.0
        for (p, q) in zip(from, to) {
            let px = p.x - mx, py = p.y - my, qx = q.x - nx, qy = q.y - ny
            sxx += px * px + py * py
            dot += px * qx + py * qy
            cross += px * qy - py * qx
        }
        guard sxx > 1e-9 else { return nil }
        let a = dot / sxx, b = cross / sxx
        return SimilarityTransform(a: a, b: b, tx: nx - (a * mx - b * my), ty: ny - (b * mx + a * my))
    }
}
