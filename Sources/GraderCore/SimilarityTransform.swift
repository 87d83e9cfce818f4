import Foundation

/// A similarity transform of the plane (rotation, uniform scale, shift):
/// `x' = a·x − b·y + tx`, `y' = b·x + a·y + ty`. Bubble blocks are registered with it in pixels;
/// a page's alignment maps points of the reference page onto the student's page with it.
public struct SimilarityTransform: Hashable, Sendable, Codable {
    /// Scale × cosine, scale × sine of the rotation, and the shift.
    public var a: Double, b: Double, tx: Double, ty: Double

    /// No change.
    public static let identity = SimilarityTransform(a: 1, b: 0, tx: 0, ty: 0)

    /// Rotation by `angle` radians and scaling by `scale` about `centre`, then a shift.
    public init(rotation angle: Double, scale: Double, about centre: (x: Double, y: Double), shift: (x: Double, y: Double)) {
        a = scale * cos(angle)
        b = scale * sin(angle)
        tx = centre.x - a * centre.x + b * centre.y + shift.x
        ty = centre.y - b * centre.x - a * centre.y + shift.y
    }

    /// A transform from its four coefficients.
    public init(a: Double, b: Double, tx: Double, ty: Double) {
        self.a = a
        self.b = b
        self.tx = tx
        self.ty = ty
    }

    /// Where `p` goes.
    public func apply(_ p: (x: Double, y: Double)) -> (x: Double, y: Double) {
        (a * p.x - b * p.y + tx, b * p.x + a * p.y + ty)
    }

    /// Where the page point `p` goes.
    public func apply(_ p: PagePoint) -> PagePoint {
        let moved = apply((p.x, p.y))
        return PagePoint(x: moved.x, y: moved.y)
    }

    /// The transform that undoes this one (nil when it collapses the plane).
    public var inverse: SimilarityTransform? {
        let d = a * a + b * b
        guard d > 1e-12 else { return nil }
        let ia = a / d, ib = -b / d
        return SimilarityTransform(a: ia, b: ib, tx: -(ia * tx - ib * ty), ty: -(ib * tx + ia * ty))
    }

    /// This transform after `first`: `self(first(p))`.
    public func after(_ first: SimilarityTransform) -> SimilarityTransform {
        SimilarityTransform(a: a * first.a - b * first.b, b: b * first.a + a * first.b,
                            tx: a * first.tx - b * first.ty + tx, ty: b * first.tx + a * first.ty + ty)
    }

    /// The same transform applied to points moved by `delta` first: `T'(p) = T(p + delta)`.
    public func shifted(by delta: (x: Double, y: Double)) -> SimilarityTransform {
        SimilarityTransform(a: a, b: b, tx: tx + a * delta.x - b * delta.y, ty: ty + b * delta.x + a * delta.y)
    }

    /// The uniform scale factor.
    public var scale: Double { (a * a + b * b).squareRoot() }
    /// The rotation in radians (positive turns x towards y: clockwise on a page, y down).
    public var rotation: Double { atan2(b, a) }

    /// The least-squares similarity mapping `from[i]` onto `to[i]`; nil for fewer than 2 distinct points.
    public static func fit(from: [(x: Double, y: Double)], to: [(x: Double, y: Double)]) -> SimilarityTransform? {
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
