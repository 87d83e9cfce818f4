import Foundation
import GraderAlignment
import GraderCore

/// Where a block's bubbles really are on a scan: a similarity transform from the block's nominal
/// pixel positions (page points × pixels per point) to the image, fitted over the printed rings.
struct BlockRegistration: Sendable, Equatable {
    /// Nominal pixel position → image pixel position.
    var transform: SimilarityTransform
    /// Rings matched to a bubble and used in the fit.
    var ringsMatched: Int
    /// Root-mean-square distance between the matched rings and the fitted positions, in pixels.
    var rmsResidual: Double
}

/// Registers a bubble block on a scan: finds its printed rings near their expected places,
/// votes for the shift under a small set of rotations and scales, then fits a similarity
/// transform by least squares over the matched ring centres, dropping outliers.
enum BlockRegistrar {
    /// Why a block could not be registered; any of these makes every row uncertain.
    enum Failure: Error, Equatable, CustomStringConvertible {
        case noContrast
        case tooFewRings(found: Int, needed: Int)
        case badFit(rms: Double)
        case outOfRange
        case ambiguous

        var description: String {
            switch self {
            case .noContrast: "no printed ink near the block"
            case .tooFewRings(let found, let needed): "found \(found) rings where \(needed) are needed"
            case .badFit(let rms): String(format: "the rings do not fit the block's grid (%.1f px off on average)", rms)
            case .outOfRange: "the block lies off the page or is rotated or scaled beyond the limits"
            case .ambiguous: "the block fits one row or column off almost as well"
            }
        }
    }

    /// The nominal pixel position of every bubble, row-major (row × choices + choice).
    static func nominalCentres(_ block: BubbleBlock, pixelsPerPoint: Double) -> [(x: Double, y: Double)] {
        var centres: [(x: Double, y: Double)] = []
        centres.reserveCapacity(block.bubbleCount)
        for row in 0..<block.rows {
            for choice in block.choices.indices {
                let p = block.centre(row: row, choice: choice)
                centres.append((p.x * pixelsPerPoint, p.y * pixelsPerPoint))
            }
        }
        return centres
    }

    static func register(
        _ block: BubbleBlock, in image: GrayImage, limits: RegistrationLimits
    ) -> Result<BlockRegistration, Failure> {
        let ppp = image.pixelsPerPoint
        let nominal = nominalCentres(block, pixelsPerPoint: ppp)
        let diameter = block.bubbleDiameter * ppp
        let spacing = min(block.rowSpacing, block.columnSpacing) * ppp

        // How far the block may have moved: its farthest corner from the page centre decides.
        let page = image.pageSize, bounds = block.bounds
        let corners = [(bounds.origin.x, bounds.origin.y), (bounds.origin.x + bounds.width, bounds.origin.y + bounds.height),
                       (bounds.origin.x, bounds.origin.y + bounds.height), (bounds.origin.x + bounds.width, bounds.origin.y)]
        let farthest = corners.map { hypot($0.0 - page.width / 2, $0.1 - page.height / 2) }.max() ?? 0
        let reach = limits.reach(fromCentre: farthest) * ppp
        guard let region = PixelRegion(
            minX: bounds.origin.x * ppp - reach - diameter, minY: bounds.origin.y * ppp - reach - diameter,
            maxX: (bounds.origin.x + bounds.width) * ppp + reach + diameter,
            maxY: (bounds.origin.y + bounds.height) * ppp + reach + diameter, in: image)
        else { return .failure(.outOfRange) }

        // Dark enough to be printed ink: a fixed share of the way from this region's paper to its
        // darkest ink, so a light or dark scan finds the same rings.
        var histogram = GreyHistogram()
        image.bytes.withUnsafeBufferPointer { pixels in
            // Every other pixel of every other row is plenty for two percentiles.
            for y in stride(from: region.y0, to: region.y1, by: 2) {
                for x in stride(from: region.x0, to: region.x1, by: 2) { histogram.add(pixels[y * image.width + x]) }
            }
        }
        let paper = histogram.percentile(0.5), dark = histogram.percentile(0.005)
        guard paper - dark >= 50 else { return .failure(.noContrast) }
        let threshold = UInt8(paper - (paper - dark) * 2 / 5)
        let rings = RingIndex(RingFinder.find(in: image, region: region, threshold: threshold, diameter: diameter))
        let needed = max(6, (nominal.count + 1) / 2)
        guard rings.count >= needed else { return .failure(.tooFewRings(found: rings.count, needed: needed)) }

        guard let voted = vote(nominal: nominal, rings: rings, reach: reach, limits: limits) else {
            return .failure(.tooFewRings(found: 0, needed: needed))
        }
        // The vote can land one row or column off (the grid matches itself shifted, all but one
        // edge): refine from the voted placement and from its eight grid neighbours, keep the best.
        var starts: [(transform: SimilarityTransform, matches: Int)] = []
        for dx in [0.0, block.columnSpacing, -block.columnSpacing] {
            for dy in [0.0, block.rowSpacing, -block.rowSpacing] {
                let start = voted.shifted(by: (dx * ppp, dy * ppp))
                starts.append((start, match(nominal: nominal, rings: rings, transform: start, tolerance: spacing * 0.3).count))
            }
        }
        let most = starts.map(\.matches).max() ?? 0
        var best: Refined?
        for start in starts where start.matches * 10 >= most * 8 {
            guard let refined = refine(start.transform, nominal: nominal, rings: rings, tolerance: spacing * 0.3) else { continue }
            if best == nil || refined.matched.count > best!.matched.count
                || (refined.matched.count == best!.matched.count && refined.rms < best!.rms) {
                best = refined
            }
        }
        guard let best, best.matched.count >= needed else {
            return .failure(.tooFewRings(found: best?.matched.count ?? 0, needed: needed))
        }
        let (transform, matched, rms, tolerance) = (best.transform, best.matched, best.rms, best.tolerance)
        guard rms <= 0.1 * diameter else { return .failure(.badFit(rms: rms)) }
        guard abs(transform.scale - 1) <= limits.maxScaleChange + 0.02,
              abs(transform.rotation) <= (limits.maxRotationDegrees + 1) * .pi / 180
        else { return .failure(.outOfRange) }

        // A grid matches itself shifted by one row or column everywhere but at its edges: the fit
        // must beat each such neighbour clearly, or the block may be read one row or choice off.
        for (dx, dy) in [(block.columnSpacing, 0.0), (-block.columnSpacing, 0), (0, block.rowSpacing), (0, -block.rowSpacing)] {
            let shifted = nominal.map { (x: $0.x + dx * ppp, y: $0.y + dy * ppp) }
            let rival = match(nominal: shifted, rings: rings, transform: transform, tolerance: tolerance).count
            if matched.count - rival < 2 { return .failure(.ambiguous) }
        }
        return .success(BlockRegistration(transform: transform, ringsMatched: matched.count, rmsResidual: rms))
    }

    /// A placement refined over the rings: the bubbles matched to a ring, and the fit's residual.
    private struct Refined {
        var transform: SimilarityTransform
        var matched: [(nominal: (x: Double, y: Double), ring: (x: Double, y: Double))]
        var rms: Double
        var tolerance: Double
    }

    /// Matches each bubble to the nearest ring, fits by least squares, tightens the match distance
    /// to a few times the residual (dropping outliers), and repeats.
    private static func refine(
        _ start: SimilarityTransform, nominal: [(x: Double, y: Double)], rings: RingIndex, tolerance initial: Double
    ) -> Refined? {
        var transform = start, tolerance = initial, rms = Double.infinity
        for _ in 0..<4 {
            let matched = match(nominal: nominal, rings: rings, transform: transform, tolerance: tolerance)
            guard let fitted = SimilarityTransform.fit(from: matched.map(\.nominal), to: matched.map(\.ring)) else { return nil }
            transform = fitted
            rms = residual(matched, transform)
            tolerance = max(2.5, min(tolerance, 4 * rms))
        }
        let matched = match(nominal: nominal, rings: rings, transform: transform, tolerance: tolerance)
        return Refined(transform: transform, matched: matched, rms: rms, tolerance: tolerance)
    }

    /// The best rotation, scale and shift by voting: every (ring, bubble) pair within reach votes
    /// for the shift that would put the bubble on the ring; the true placement collects a vote
    /// from nearly every ring.
    private static func vote(
        nominal: [(x: Double, y: Double)], rings: RingIndex, reach: Double, limits: RegistrationLimits
    ) -> SimilarityTransform? {
        let centre = (x: nominal.reduce(0) { $0 + $1.x } / Double(nominal.count),
                      y: nominal.reduce(0) { $0 + $1.y } / Double(nominal.count))
        let bin = 2.0
        let side = Int((2 * reach / bin).rounded(.up)) + 1
        var votes = [Int32](repeating: 0, count: side * side)
        var best: (score: Int32, transform: SimilarityTransform)?
        // 1° and a quarter of the scale range apart: the placement between steps is off by a few
        // pixels at the block's ends, well within what the refinement's first match accepts.
        let angleSteps = Int(limits.maxRotationDegrees.rounded(.up))
        for angleStep in -angleSteps...angleSteps {
            let angle = Double(angleStep) * .pi / 180
            for scaleStep in -2...2 {
                let scale = 1 + Double(scaleStep) * limits.maxScaleChange / 2
                let model = SimilarityTransform(rotation: angle, scale: scale, about: centre, shift: (0, 0))
                let placed = nominal.map { model.apply($0) }
                for i in votes.indices { votes[i] = 0 }
                for p in placed {
                    for ring in rings.near(y: p.y, reach: reach) {
                        let dx = ring.x - p.x, dy = ring.y - p.y
                        guard abs(dx) <= reach, abs(dy) <= reach else { continue }
                        votes[Int((dy + reach) / bin) * side + Int((dx + reach) / bin)] += 1
                    }
                }
                for by in 1..<(side - 1) {
                    for bx in 1..<(side - 1) where votes[by * side + bx] > 0 {
                        var score: Int32 = 0
                        for ny in (by - 1)...(by + 1) {
                            for nx in (bx - 1)...(bx + 1) { score += votes[ny * side + nx] }
                        }
                        if score > best?.score ?? 0 {
                            let shift = (x: (Double(bx) + 0.5) * bin - reach, y: (Double(by) + 0.5) * bin - reach)
                            best = (score, SimilarityTransform(rotation: angle, scale: scale, about: centre, shift: shift))
                        }
                    }
                }
            }
        }
        return best?.transform
    }

    /// Each bubble paired with the nearest ring within `tolerance` of where `transform` puts it.
    private static func match(
        nominal: [(x: Double, y: Double)], rings: RingIndex, transform: SimilarityTransform, tolerance: Double
    ) -> [(nominal: (x: Double, y: Double), ring: (x: Double, y: Double))] {
        var pairs: [(nominal: (x: Double, y: Double), ring: (x: Double, y: Double))] = []
        let limit = tolerance * tolerance
        for e in nominal {
            let p = transform.apply(e)
            var nearest: RingFinder.Ring?, nearestDistance = limit
            for ring in rings.near(y: p.y, reach: tolerance) {
                let d = (ring.x - p.x) * (ring.x - p.x) + (ring.y - p.y) * (ring.y - p.y)
                if d <= nearestDistance { nearestDistance = d; nearest = ring }
            }
            if let nearest { pairs.append((e, (nearest.x, nearest.y))) }
        }
        return pairs
    }

    private static func residual(
        _ pairs: [(nominal: (x: Double, y: Double), ring: (x: Double, y: Double))], _ transform: SimilarityTransform
    ) -> Double {
        guard !pairs.isEmpty else { return .infinity }
        let sum = pairs.reduce(0.0) { total, pair in
            let p = transform.apply(pair.nominal)
            return total + (p.x - pair.ring.x) * (p.x - pair.ring.x) + (p.y - pair.ring.y) * (p.y - pair.ring.y)
        }
        return (sum / Double(pairs.count)).squareRoot()
    }
}
