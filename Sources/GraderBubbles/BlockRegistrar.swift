import Foundation
import GraderAlignment
import GraderCore

/// Where a block's bubbles really are on a scan: a similarity transform from the block's nominal
/// pixel positions (page points × pixels per point) to the image, fitted over the printed rings.
struct BlockRegistration: Sendable {
    /// Nominal pixel position → image pixel position, as a similarity.
    var transform: SimilarityTransform
    /// Where each bubble is on the image (pixels, row-major): through `transform`, or through a
    /// projective map fitted over the rings where a photo's perspective bends the block.
    var centres: [(x: Double, y: Double)]
    /// Rings matched to a bubble and used in the fit.
    var ringsMatched: Int
    /// Root-mean-square distance between the matched rings and the fitted positions, in pixels.
    var rmsResidual: Double
    /// The rings fit a place a row or column away as well (the grid continues past the block's
    /// edge): the start (the page's alignment) chose between them.
    var settledByStart = false
}

/// Registers a bubble block on a scan: starting from where the page's alignment (or the typed
/// position) puts it, finds its printed rings, votes for the rotation, scale and sub-pitch shift,
/// then weighs every place the grid fits (`PlacementChoice`): the typed place is kept unless
/// another clearly fits better, and a block that fits two places alike is refused, never guessed.
/// The result is a similarity transform fitted by least squares over the matched ring centres.
enum BlockRegistrar {
    /// Why a block could not be registered; any of these makes every row uncertain.
    enum Failure: Error, Equatable, CustomStringConvertible {
        case noContrast
        case tooFewRings(found: Int, needed: Int, marks: Int)
        case badFit(rms: Double)
        case outOfRange
        case ambiguous(String)

        /// True when the block fit two places alike.
        var isAmbiguous: Bool { if case .ambiguous = self { true } else { false } }

        var description: String {
            switch self {
            case .noContrast: "no printed ink near the block"
            case .tooFewRings(let found, let needed, let marks):
                "found \(found) rings where \(needed) are needed"
                    + (marks == 0 ? "" : marks == 1 ? "; a large mark (handwriting or a stroke) crosses the block"
                        : "; \(marks) large marks (handwriting or strokes) cross the block")
            case .badFit(let rms): String(format: "the rings do not fit the block's grid (%.1f px off on average)", rms)
            case .outOfRange: "the block lies off the page or is rotated or scaled beyond the limits"
            case .ambiguous(let shift): "the block's grid fits \(shift) as well: not read rather than read a row or column off"
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

    /// Registers `block` on `image`. `prior` is the page's alignment (reference page points →
    /// points on this page); without it the typed position is the start and is not trusted to
    /// better than `limits`.
    static func register(
        _ block: BubbleBlock, in image: GrayImage, limits: RegistrationLimits, prior: SimilarityTransform? = nil
    ) -> Result<BlockRegistration, Failure> {
        let ppp = image.pixelsPerPoint
        let nominal = nominalCentres(block, pixelsPerPoint: ppp)
        let diameter = block.bubbleDiameter * ppp
        let spacing = min(block.rowSpacing, block.columnSpacing) * ppp
        let start = prior.map { SimilarityTransform(a: $0.a, b: $0.b, tx: $0.tx * ppp, ty: $0.ty * ppp) } ?? .identity

        // How far the block may have moved: its farthest corner from the page centre decides.
        let page = image.pageSize, bounds = block.bounds
        let corners = [(bounds.origin.x, bounds.origin.y), (bounds.origin.x + bounds.width, bounds.origin.y + bounds.height),
                       (bounds.origin.x, bounds.origin.y + bounds.height), (bounds.origin.x + bounds.width, bounds.origin.y)]
        let farthest = corners.map { hypot($0.0 - page.width / 2, $0.1 - page.height / 2) }.max() ?? 0
        let reach = limits.reach(fromCentre: farthest) * ppp
        // The rings within reach, and a row or column beyond it (a grid that continues past the
        // block's edge must be seen to be refused).
        let placed = corners.map { start.apply(($0.0 * ppp, $0.1 * ppp)) }
        let margin = reach + max(block.rowSpacing, block.columnSpacing) * ppp + diameter
        guard let region = PixelRegion(
            minX: (placed.map(\.x).min() ?? 0) - margin, minY: (placed.map(\.y).min() ?? 0) - margin,
            maxX: (placed.map(\.x).max() ?? 0) + margin, maxY: (placed.map(\.y).max() ?? 0) + margin, in: image)
        else { return .failure(.outOfRange) }
        guard let found = RingFinder.printedRings(in: image, region: region, diameter: diameter, expected: nominal.count) else {
            return .failure(.noContrast)
        }
        let rings = RingIndex(found.rings)
        let needed = (nominal.count + 1) / 2
        let marks = { marksAcross(found.marks, block: nominal.map { start.apply($0) }, radius: diameter / 2) }
        guard rings.count >= needed else { return .failure(.tooFewRings(found: rings.count, needed: needed, marks: marks())) }

        let tolerance = spacing * 0.3
        guard let voted = vote(nominal: nominal, rings: rings, start: start, reach: reach, limits: limits, trusted: prior != nil),
              let phase = refine(voted, nominal: nominal, rings: rings, tolerance: tolerance)
        else { return .failure(.tooFewRings(found: 0, needed: needed, marks: marks())) }

        let choice = PlacementChoice(block: block, nominal: nominal, rings: rings, pixelsPerPoint: ppp, tolerance: tolerance)
        let chosen: (transform: SimilarityTransform, settledByStart: Bool)
        switch choice.choose(fit: phase.transform, start: start, reach: reach, trusted: prior != nil, needed: needed) {
        case .success(let placement): chosen = placement
        case .failure(.tooFewRings(let found, let needed, _)):
            return .failure(.tooFewRings(found: found, needed: needed, marks: marks()))
        case .failure(let failure): return .failure(failure)
        }
        guard let best = refine(chosen.transform, nominal: nominal, rings: rings, tolerance: tolerance), best.matched.count >= needed else {
            return .failure(.tooFewRings(found: 0, needed: needed, marks: marks()))
        }
        let rotation = remainder(best.transform.rotation - start.rotation, 2 * .pi)
        // Through the page's alignment a photo's perspective still leaves a block a few percent larger or smaller.
        guard abs(best.transform.scale / start.scale - 1) <= limits.maxScaleChange + (prior == nil ? 0.02 : 0.06),
              abs(rotation) <= (limits.maxRotationDegrees + 1) * .pi / 180
        else { return .failure(.outOfRange) }
        let (across, down) = (choice.across, choice.down)
        let bent = across >= 3 && down >= 3 ? perspective(from: best, nominal: nominal, rings: rings, tolerance: tolerance) : nil
        let fitted = bent ?? (centres: nominal.map { best.transform.apply($0) }, matched: best.matched.count, rms: best.rms)
        // Rings found just below the paper's grain are off by a pixel or two each; the grid still fits.
        guard fitted.rms <= 0.2 * diameter else { return .failure(.badFit(rms: fitted.rms)) }
        return .success(BlockRegistration(transform: best.transform, centres: fitted.centres, ringsMatched: fitted.matched,
                                          rmsResidual: fitted.rms, settledByStart: chosen.settledByStart))
    }

    /// The bubbles placed by a projective map refitted over the rings matched from `similar` (a
    /// photo's perspective shrinks a tall block towards one end); nil when it fits no better.
    private static func perspective(
        from similar: Refined, nominal: [(x: Double, y: Double)], rings: RingIndex, tolerance initial: Double
    ) -> (centres: [(x: Double, y: Double)], matched: Int, rms: Double)? {
        var model = Homography(similar.transform), tolerance = initial
        var result: (centres: [(x: Double, y: Double)], matched: Int, rms: Double)?
        for _ in 0..<4 {
            let pairs = match(nominal: nominal, rings: rings, place: model.apply, tolerance: tolerance)
            guard pairs.count >= similar.matched.count, let fitted = Homography.fit(pairs.map { (from: $0.nominal, to: $0.ring) }, projectiveFrom: 12)
            else { break }
            model = fitted
            let errors = pairs.map { pair -> Double in
                let p = model.apply(pair.nominal)
                return (p.x - pair.ring.x) * (p.x - pair.ring.x) + (p.y - pair.ring.y) * (p.y - pair.ring.y)
            }
            let rms = (errors.reduce(0, +) / Double(errors.count)).squareRoot()
            result = (nominal.map { model.apply($0) }, pairs.count, rms)
            tolerance = max(2.5, min(tolerance, 4 * rms))
        }
        guard let result, result.rms < similar.rms else { return nil }
        return result
    }

    /// How many of `marks` (dark shapes larger than a bubble) cover a bubble placed at `block`.
    private static func marksAcross(_ marks: [RingFinder.Mark], block: [(x: Double, y: Double)], radius: Double) -> Int {
        marks.filter { mark in
            block.contains { p in
                p.x + radius >= Double(mark.minX) && p.x - radius <= Double(mark.maxX)
                    && p.y + radius >= Double(mark.minY) && p.y - radius <= Double(mark.maxY)
            }
        }.count
    }

    /// A placement refined over the rings: the bubbles matched to a ring, and the fit's residual.
    struct Refined {
        var transform: SimilarityTransform
        var matched: [(nominal: (x: Double, y: Double), ring: (x: Double, y: Double))]
        var rms: Double
    }

    /// Matches each bubble to the nearest ring, fits by least squares (a shift alone for one ring),
    /// tightens the match distance to a few times the residual (dropping outliers), and repeats.
    static func refine(
        _ start: SimilarityTransform, nominal: [(x: Double, y: Double)], rings: RingIndex, tolerance initial: Double
    ) -> Refined? {
        var transform = start, tolerance = initial, rms = Double.infinity
        for _ in 0..<4 {
            let matched = match(nominal: nominal, rings: rings, transform: transform, tolerance: tolerance)
            guard let first = matched.first else { return nil }
            if matched.count == 1 {
                let p = transform.apply(first.nominal)
                transform = transform.moved(by: (first.ring.x - p.x, first.ring.y - p.y))
            } else {
                guard let fitted = SimilarityTransform.fit(from: matched.map(\.nominal), to: matched.map(\.ring)) else { return nil }
                transform = fitted
            }
            rms = residual(matched, transform)
            tolerance = max(2.5, min(tolerance, 4 * rms))
        }
        let matched = match(nominal: nominal, rings: rings, transform: transform, tolerance: tolerance)
        return Refined(transform: transform, matched: matched, rms: rms)
    }

    /// The best rotation, scale and shift by voting: every (ring, bubble) pair within reach votes
    /// for the shift that would put the bubble on the ring; the true placement collects a vote
    /// from nearly every ring. Turns are tried about `start`: up to the limits, or ±1° when
    /// `trusted` (the page's alignment has turned it already).
    private static func vote(
        nominal: [(x: Double, y: Double)], rings: RingIndex, start: SimilarityTransform, reach: Double,
        limits: RegistrationLimits, trusted: Bool
    ) -> SimilarityTransform? {
        let centre = (x: nominal.reduce(0) { $0 + $1.x } / Double(nominal.count),
                      y: nominal.reduce(0) { $0 + $1.y } / Double(nominal.count))
        let bin = 2.0
        let side = Int((2 * reach / bin).rounded(.up)) + 1
        var votes = [Int32](repeating: 0, count: side * side)
        var best: (score: Int32, transform: SimilarityTransform)?
        // 1° and a quarter of the scale range apart: the placement between steps is off by a few
        // pixels at the block's ends, well within what the refinement's first match accepts.
        let angleSteps = trusted ? 1 : Int(limits.maxRotationDegrees.rounded(.up))
        for angleStep in -angleSteps...angleSteps {
            let angle = Double(angleStep) * .pi / 180
            for scaleStep in -2...2 {
                let scale = 1 + Double(scaleStep) * limits.maxScaleChange / 2
                let model = start.after(SimilarityTransform(rotation: angle, scale: scale, about: centre, shift: (0, 0)))
                let placed = nominal.map { model.apply($0) }
                for i in votes.indices { votes[i] = 0 }
                for p in placed {
                    for ring in rings.near(y: p.y, reach: reach) {
                        let dx = ring.x - p.x, dy = ring.y - p.y
                        guard abs(dx) <= reach, abs(dy) <= reach else { continue }
                        votes[Int((dy + reach) / bin) * side + Int((dx + reach) / bin)] += 1
                    }
                }
                for by in 0..<side {
                    for bx in 0..<side where votes[by * side + bx] > 0 {
                        var score: Int32 = 0
                        for ny in max(by - 1, 0)...min(by + 1, side - 1) {
                            for nx in max(bx - 1, 0)...min(bx + 1, side - 1) { score += votes[ny * side + nx] }
                        }
                        if score > best?.score ?? 0 {
                            let shift = (x: (Double(bx) + 0.5) * bin - reach, y: (Double(by) + 0.5) * bin - reach)
                            best = (score, model.moved(by: shift))
                        }
                    }
                }
            }
        }
        return best?.transform
    }

    /// Each bubble paired with the nearest ring within `tolerance` of where `transform` puts it.
    static func match(
        nominal: [(x: Double, y: Double)], rings: RingIndex, transform: SimilarityTransform, tolerance: Double
    ) -> [(nominal: (x: Double, y: Double), ring: (x: Double, y: Double))] {
        match(nominal: nominal, rings: rings, place: transform.apply, tolerance: tolerance)
    }

    /// Each bubble paired with the nearest ring within `tolerance` of where `place` puts it.
    static func match(
        nominal: [(x: Double, y: Double)], rings: RingIndex, place: ((x: Double, y: Double)) -> (x: Double, y: Double), tolerance: Double
    ) -> [(nominal: (x: Double, y: Double), ring: (x: Double, y: Double))] {
        var pairs: [(nominal: (x: Double, y: Double), ring: (x: Double, y: Double))] = []
        let limit = tolerance * tolerance
        for e in nominal {
            let p = place(e)
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

extension SimilarityTransform {
    /// The same transform with its result moved by `delta` (in the output's space).
    func moved(by delta: (x: Double, y: Double)) -> SimilarityTransform {
        SimilarityTransform(a: a, b: b, tx: tx + delta.x, ty: ty + delta.y)
    }
}
