import Foundation

/// Light falling unevenly on a photographed page: brighter at one corner, darker towards the
/// opposite one, with the soft shadow of the phone or a hand along one edge.
struct UnevenLighting {
    /// The deepest fall in brightness, 0…1.
    var strength: Double
    /// The brightest corner, as fractions of the width and height (each 0 or 1).
    private var brightCorner: (x: Double, y: Double)
    /// The edge the shadow falls from (0 left, 1 right, 2 bottom) and how far in it reaches (fraction).
    private var shadowEdge: Int, shadowReach: Double

    /// Lighting of `strength` with its corner and shadow drawn from `rng`.
    init(strength: Double, rng: inout SplitMix64) {
        self.strength = min(max(strength, 0), 1)
        brightCorner = (Double(rng.int(0...1)), Double(rng.int(0...1)))
        shadowEdge = rng.int(0...2)
        shadowReach = rng.uniform(0.2, 0.35)
    }

    /// Factor (1 − strength … 1) on the paper's brightness at (u, v), fractions of the width and height.
    func brightness(u: Double, v: Double) -> Double {
        let dx = u - brightCorner.x, dy = v - brightCorner.y
        let gradient = (dx * dx + dy * dy).squareRoot() / 2.0.squareRoot()
        let fromEdge = shadowEdge == 0 ? u : (shadowEdge == 1 ? 1 - u : 1 - v)
        let t = max(0, 1 - fromEdge / shadowReach)
        let shadow = t * t * (3 - 2 * t)
        return 1 - strength * min(1, 0.75 * gradient + 0.5 * shadow)
    }

    /// Dims the coverage raster (0 paper … 255 ink) in place, as if the paper received less light:
    /// coverage c becomes 255 − (255 − c)·brightness, so the grey the paper develops to is multiplied.
    func apply(to pixels: UnsafeMutableBufferPointer<UInt8>, width: Int, height: Int, stride: Int) {
        guard strength > 0 else { return }
        for y in 0..<height {
            let v = (Double(y) + 0.5) / Double(height)
            for x in 0..<width {
                let factor = brightness(u: (Double(x) + 0.5) / Double(width), v: v)
                let paper = 255 - Double(pixels[y * stride + x])
                pixels[y * stride + x] = UInt8(255 - (paper * factor).rounded())
            }
        }
    }
}
