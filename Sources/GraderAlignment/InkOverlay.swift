import Foundation
import GraderCore

// The pixel loop is a `while` loop over pointers: debug builds (the tests) run it many times faster.

/// Lays a page's ink over a reference page's by the whole pages, pixel by pixel, not by squares of
/// structure: where handwriting covers most of both, no square is print alone, but the print they
/// share is the only ink that correlates (handwriting on one is noise to the other), so the
/// placement that correlates the whole pages best is the print's.
enum InkOverlay {
    /// The transform (reference points → points on `page`) that lays `reference`'s ink best over
    /// `page`'s, and their correlation there: the three best rough placements within the usual
    /// turns and scales (`PageRegistrar.starts`), refined by a pattern search of the correlation at
    /// a quarter of the render's resolution, the best of them then at half and at the full one.
    static func overlay(_ page: InkMap, on reference: ReferencePage) -> (transform: SimilarityTransform, correlation: Double) {
        let coarse = page.reduced(by: 4), ppp = reference.coarse.pixelsPerPoint
        let reach = (x: Int((abs(Double(page.width) / page.pixelsPerPoint - reference.size.width) + PageRegistrar.limits.maxOffset) * ppp),
                     y: Int((abs(Double(page.height) / page.pixelsPerPoint - reference.size.height) + PageRegistrar.limits.maxOffset) * ppp))
        let spectrum = CrossCorrelation.Spectrum(coarse, reach: reach, fitting: reference.coarse)
        let centre = (x: reference.size.width / 2, y: reference.size.height / 2), reduced = page.reduced(by: 2)
        // The rough placement may be a line of print off, or turned the wrong way: the three best
        // starts are refined at a quarter of the resolution, the one that correlates best is followed.
        var found = PageRegistrar.starts(spectrum, reference, warps: 0..<reference.usualWarps).prefix(3)
            .map { refined($0, reference.coarse, coarse, about: centre, step: 4) }
            .max { $0.correlation < $1.correlation } ?? (.identity, 0)
        // Each level starts at a step of two of its pixels: within the reach of the one before.
        for (map, on, step) in [(reference.medium, reduced, 2.0), (reference.fine, page, 1)] {
            found = refined(found.transform, map, on, about: centre, step: step)
        }
        return found
    }

    /// `start` moved (after it, about the reference's `centre`) by shifts, turns and scales while
    /// one raises the correlation of `reference` and `page`, from steps of `step` points (a turn
    /// moving the page's edge as far, a scale likewise) halved three times.
    private static func refined(_ start: SimilarityTransform, _ reference: InkMap, _ page: InkMap, about centre: (x: Double, y: Double),
                                step: Double) -> (transform: SimilarityTransform, correlation: Double) {
        // Shift across and down (points), turn (degrees), scale change: a step of each moves a point 400 pt from the centre `step` points.
        var steps = [step, step, step / 400 * 180 / .pi, step / 400]
        var moves = [0.0, 0, 0, 0]
        func transform(_ moves: [Double]) -> SimilarityTransform {
            start.after(SimilarityTransform(rotation: moves[2] * .pi / 180, scale: 1 + moves[3], about: centre, shift: (moves[0], moves[1])))
        }
        var best = correlation(reference, page, through: start)
        for _ in 0..<3 {
            for _ in 0..<8 {
                var improved = false
                for index in moves.indices {
                    for sign in [-1.0, 1.0] {
                        var tried = moves
                        tried[index] += sign * steps[index]
                        let score = correlation(reference, page, through: transform(tried))
                        if score > best { (best, moves, improved) = (score, tried, true) }
                    }
                }
                if !improved { break }
            }
            steps = steps.map { $0 / 2 }
        }
        return (transform(moves), best)
    }

    /// The correlation coefficient of `reference`'s ink and `page`'s through `transform`, over the
    /// whole reference page (off the page counts as paper).
    static func correlation(_ reference: InkMap, _ page: InkMap, through transform: SimilarityTransform) -> Double {
        let rp = reference.pixelsPerPoint, pp = page.pixelsPerPoint
        let first = transform.apply((0.5 / rp, 0.5 / rp))
        // One pixel across or down the reference is the same step on the page, in the page's pixels.
        let across = (x: transform.a * pp / rp, y: transform.b * pp / rp), down = (x: -transform.b * pp / rp, y: transform.a * pp / rp)
        let (width, height, pageWidth) = (reference.width, reference.height, page.width)
        let (maxX, maxY) = (Double(page.width - 1), Double(page.height - 1))
        var sx = 0.0, sy = 0.0, sxx = 0.0, syy = 0.0, sxy = 0.0
        reference.values.withUnsafeBufferPointer { r in
            page.values.withUnsafeBufferPointer { p in
                guard let r = r.baseAddress, let p = p.baseAddress else { return }
                var y = 0
                while y < height {
                    // Pixel centres are at half-integers: the sample's grid position is 0.5 less.
                    var fx = first.x * pp - 0.5 + Double(y) * down.x, fy = first.y * pp - 0.5 + Double(y) * down.y
                    var x = 0
                    while x < width {
                        let ink = Double(r[y &* width &+ x])
                        var seen = 0.0
                        if fx >= 0, fy >= 0, fx < maxX, fy < maxY {
                            let x0 = Int(fx), y0 = Int(fy)
                            let ax = fx - Double(x0), ay = fy - Double(y0), i = y0 &* pageWidth &+ x0
                            let top = Double(p[i]) * (1 - ax) + Double(p[i &+ 1]) * ax
                            let bottom = Double(p[i &+ pageWidth]) * (1 - ax) + Double(p[i &+ pageWidth &+ 1]) * ax
                            seen = top * (1 - ay) + bottom * ay
                        }
                        sx += ink; sy += seen; sxx += ink * ink; syy += seen * seen; sxy += ink * seen
                        fx += across.x
                        fy += across.y
                        x &+= 1
                    }
                    y &+= 1
                }
            }
        }
        let n = Double(width * height)
        let vx = sxx - sx * sx / n, vy = syy - sy * sy / n
        guard vx > 1e-9, vy > 1e-9 else { return 0 }
        return (sxy - sx * sy / n) / (vx * vy).squareRoot()
    }
}
