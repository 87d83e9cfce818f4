import Foundation
import GraderCore

/// Aligns a scanned page to its reference page by the printed content both share: a rough placement
/// found by phase-correlating the whole pages at low resolution under a few rotations and scales
/// (trying the page upside down too), then squares of printed structure matched one by one near
/// it, a similarity transform voted from pairs of them (so handwriting or a stray mark that matches
/// nothing is outvoted), and refined over squares re-matched through that transform at the
/// render's resolution: voted again at first (two squares matched a letter over are outvoted),
/// then by least squares.
public enum PageRegistrar {
    /// Resolution the pages are rendered at (36 dpi): enough to place a box within a point or two.
    public static let pixelsPerPoint = 0.5
    /// The match score below which a page is not taken for the reference page.
    public static let acceptedScore = 0.3
    /// Fewest matched squares that make an alignment.
    static let minimumMatches = 4

    /// How far a scan may be misplaced beyond the difference of page sizes: ±40 mm, ±10.5°, −12 %
    /// (a copier reduces to fit; it enlarges by no more than `usualEnlargement`).
    public static let limits = RegistrationLimits(maxOffset: 115, maxRotationDegrees: AlignmentProblem.largestTurn + 0.5, maxScaleChange: 0.12)
    /// The most a copier enlarges a page: 2 %. A page larger than the reference by more is taken
    /// only when the reference went through reduced (`ReferencePage.maxEnlargement`), and only
    /// when it does not match better the other way up (on a page whose print is much the same
    /// either way up, a wrong fit can settle a few percent larger, its boxes 10 pt or more off).
    static let usualEnlargement = 0.02
    /// How far beyond `limits` a placement is still followed, to tell a page turned or reduced too
    /// far (whose print is the reference's) from one with other print.
    static let seen = RegistrationLimits(maxOffset: 115, maxRotationDegrees: 20, maxScaleChange: 0.3)

    /// The alignment of `image` (rendered at `pixelsPerPoint`) to `reference`: reference points →
    /// points on the page as shown upright. A page that does not match keeps no transform.
    public static func register(_ image: GrayImage, to reference: ReferencePage) -> PageAlignment {
        placement(of: image, on: reference).alignment
    }

    /// The alignment of `image` to `reference` as `register` gives it, with the best transform
    /// found even when the page was not accepted (too few squares within a few points, as on a
    /// photo whose perspective no similarity follows): a start for a closer fit of its own. A page
    /// that does not match within the copier's usual turns and scales is tried within the wider
    /// range (up to 10°, down to 91 %, and turned up to 20° to say so) before it is flagged with what was seen on it.
    public static func placement(of image: GrayImage, on reference: ReferencePage) -> (alignment: PageAlignment, rough: SimilarityTransform?) {
        guard reference.hasContent else { return (PageAlignment(transform: nil, score: 0, problem: .otherPrint), nil) }
        let upright = InkMap(image)
        // The way up whose pages correlate best is tried first; the other when it does not match.
        let orientations = [(upright, false), (upright.turned, true)].map { map, upsideDown in
            let coarse = coarseSpectrum(of: map, on: reference)
            return (map, upsideDown, coarse, coarse.bestShift(of: reference.coarseSpectrum(like: coarse)).score)
        }.sorted { $0.3 > $1.3 }
        // Print that looks the same turned (a lattice of bubbles and nothing else) does not tell the way up.
        let eitherWayUp = abs(orientations[0].3 - orientations[1].3) < 0.02 * abs(orientations[0].3)
        var bestFailed: Attempt = (PageAlignment(transform: nil, score: 0), nil, nil)
        var accepted: Attempt?
        // A blank page has nothing to find at any turn: it is not searched further than the usual range.
        let blank = upright.isBlank
        for warps in [0..<reference.usualWarps, reference.usualWarps..<reference.warps.count] where !(blank && warps.lowerBound > 0) {
            for (map, upsideDown, coarse, _) in orientations {
                var found = align(map, to: reference, from: start(coarse, reference, warps: warps), upsideDown: upsideDown)
                // A sheet of bubbles alone correlates about as well a row or a column off, or turned,
                // as where it is: the page as scanned (upright, unmoved) is tried too before any other way up.
                if found.alignment.transform == nil, warps.lowerBound == 0, !upsideDown, eitherWayUp {
                    let unmoved = align(map, to: reference, from: .identity, upsideDown: false)
                    if unmoved.alignment.transform != nil { found = unmoved }
                }
                if let transform = found.alignment.transform {
                    // Placed within the usual range: done. Placed beyond it from a start within it,
                    // the placement may have settled short of the page's turn: the wider starts may do better.
                    if warps.lowerBound == 0, isUsual(transform) {
                        guard transform.scale > 1 + usualEnlargement,
                              let other = orientations.first(where: { $0.1 != upsideDown }) else { return (found.alignment, found.rough) }
                        // Larger than a copier makes it: the other way up must not match better.
                        let turned = align(other.0, to: reference, from: start(other.2, reference, warps: warps), upsideDown: other.1)
                        let better = turned.alignment.transform != nil && turned.alignment.score > found.alignment.score
                        return better ? (turned.alignment, turned.rough) : (found.alignment, found.rough)
                    }
                    if found.alignment.score > accepted?.alignment.score ?? -1 { accepted = found }
                    break
                }
                if bestFailed.problem == nil, found.problem != nil || found.alignment.score > bestFailed.alignment.score { bestFailed = found }
            }
        }
        if let accepted { return (accepted.alignment, accepted.rough) }
        let problem = bestFailed.problem ?? (blank ? .blank : .otherPrint)
        var flagged = bestFailed.alignment
        flagged.problem = problem
        // Matched nowhere (no placement correlated as a reference page does): the way up is the one
        // whose page correlates best as a whole, not that of the failed attempt (noise), which would
        // show the page turned. A placement that correlated as well as an accepted one knows its way up.
        if bestFailed.problem == nil, bestFailed.alignment.score < acceptedScore { flagged.upsideDown = orientations[0].1 }
        return (flagged, bestFailed.rough)
    }

    /// `map` of a page reduced to `reference`'s coarse grid, reaching as far as a scan may be
    /// misplaced beyond the difference of the two pages' sizes: what the rough placement correlates.
    static func coarseSpectrum(of map: InkMap, on reference: ReferencePage) -> CrossCorrelation.Spectrum {
        let ppp = reference.coarse.pixelsPerPoint, size = (width: Double(map.width) / map.pixelsPerPoint, height: Double(map.height) / map.pixelsPerPoint)
        let reach = (x: Int((abs(size.width - reference.size.width) + limits.maxOffset) * ppp),
                     y: Int((abs(size.height - reference.size.height) + limits.maxOffset) * ppp))
        return CrossCorrelation.Spectrum(map.reduced(by: 4), reach: reach, fitting: reference.coarse)
    }

    /// How many squares must agree for a page to be taken for `reference`: half of them (a few that
    /// fit by chance do not make an alignment), and at least `minimumMatches`.
    static func neededMatches(_ reference: ReferencePage) -> Int { max(minimumMatches, (reference.spots.count + 1) / 2) }

    /// One placement tried: its alignment, the transform found, and a page seen turned or scaled beyond the limits.
    private typealias Attempt = (alignment: PageAlignment, rough: SimilarityTransform?, problem: AlignmentProblem?)

    /// Where the reference lands on the page roughly: the rotation and scale among `warps` (the
    /// usual ones: every 1.25° within ±2.5°, 94 %, 97 %, 100 %, and the enlargements a reduced
    /// reference allows) whose turned and scaled reference correlates best with the page over the
    /// whole page, with that correlation's shift.
    static func start(_ page: CrossCorrelation.Spectrum, _ reference: ReferencePage, warps: Range<Int>) -> SimilarityTransform {
        starts(page, reference, warps: warps).first ?? .identity
    }

    /// Each of `warps` placed where it correlates best with the page over the whole page, the best
    /// correlated first (of two alike, the earlier warp).
    static func starts(_ page: CrossCorrelation.Spectrum, _ reference: ReferencePage, warps: Range<Int>) -> [SimilarityTransform] {
        let shifts = page.bestShifts(of: warps.map { reference.coarseSpectrum(like: page, warp: $0) })
        let ppp = reference.coarse.pixelsPerPoint
        return zip(reference.warps[warps], shifts).enumerated()
            .sorted { ($0.element.1.score, -$0.offset) > ($1.element.1.score, -$1.offset) }
            .map { _, found in
                let (moved, shift) = (found.0.transform, found.1)
                return SimilarityTransform(a: moved.a, b: moved.b, tx: moved.tx + Double(shift.x) / ppp, ty: moved.ty + Double(shift.y) / ppp)
            }
    }

    /// Matches the reference's squares on `map` starting from `start`, then refines; flagged when
    /// too few squares agree, the transform is out of limits (then the problem says how), or the
    /// pages correlate too little.
    private static func align(_ map: InkMap, to reference: ReferencePage, from start: SimilarityTransform, upsideDown: Bool) -> Attempt {
        let medium = map.reduced(by: 2)
        let unmatched = PageAlignment(transform: nil, score: 0, upsideDown: upsideDown)
        // Squares of 96 pt matched within 20 pt of where the rough placement puts them: less than
        // the spacing of answer lines, so a line of handwriting cannot pass for the next one.
        let rough = matches(start, page: medium, reference: reference.medium, spots: reference.spots,
                            side: ReferencePage.spotSide, reach: Int(20 * medium.pixelsPerPoint))
        guard var transform = vote(rough, tolerance: 8) else { return (unmatched, nil, nil) }
        var matched = 0
        // Within 6 pt at first (voted), then 3 pt of the transform refined by the squares found.
        for (step, (tolerance, reach)) in [(6.0, 4), (3, 2), (3, 2)].enumerated() {
            let pairs = matches(transform, page: map, reference: reference.fine, spots: reference.spots, side: 2 * ReferencePage.spotSide, reach: reach)
            guard let refined = refined(transform, by: pairs, within: tolerance, voting: step == 0) else { return (unmatched, transform, nil) }
            (transform, matched) = refined
        }
        let score = correlation(reference, medium, through: transform)
        // Where handwriting covers a square, another square of its cell may speak for it.
        let needed = neededMatches(reference)
        if matched < needed, score >= acceptedScore { matched = agreeingCells(reference, map, through: transform) }
        let agreed = matched >= needed && score >= acceptedScore
        let degrees = transform.rotation * 180 / .pi
        let beyond: AlignmentProblem? = abs(degrees) > limits.maxRotationDegrees ? .turned(degrees: degrees)
            : reference.isWithinScale(transform.scale) ? nil : .scaled(transform.scale)
        let accepted = agreed && beyond == nil
        return (PageAlignment(transform: accepted ? transform : nil, score: score, upsideDown: upsideDown), transform, agreed ? beyond : nil)
    }

    /// `transform` refined by `pairs` (squares matched near where it puts them): the least-squares
    /// fit of those within `tolerance` points of it, and how many they are; nil when fewer than two.
    /// `voting` (the first refinement, the farthest from the print): the transform most of them
    /// agree with within half `tolerance` (`vote`) when one is, for a least-squares fit lets two
    /// squares matched a letter over (handwriting pulling them) turn the page half a degree, and the
    /// next refinements, looking nearer, then lose the print on the far side of the page.
    static func refined(_ transform: SimilarityTransform, by pairs: [(from: (x: Double, y: Double), to: (x: Double, y: Double))],
                        within tolerance: Double, voting: Bool) -> (transform: SimilarityTransform, matched: Int)? {
        let kept = pairs.filter {
            let p = transform.apply($0.from)
            return hypot(p.x - $0.to.x, p.y - $0.to.y) <= tolerance
        }
        if voting, let voted = vote(kept, tolerance: tolerance / 2) { return (voted, kept.count) }
        return SimilarityTransform.fit(from: kept.map(\.from), to: kept.map(\.to)).map { ($0, kept.count) }
    }

    /// How many of `reference`'s cells have a square (the spot or one of its alternates) found on
    /// `map` within 3 pt of where `transform` puts it.
    private static func agreeingCells(_ reference: ReferencePage, _ map: InkMap, through transform: SimilarityTransform) -> Int {
        zip(reference.spots, reference.alternates).filter { spot, alternates in
            matches(transform, page: map, reference: reference.fine, spots: [spot] + alternates, side: 2 * ReferencePage.spotSide, reach: 2)
                .contains { let p = transform.apply($0.from); return hypot(p.x - $0.to.x, p.y - $0.to.y) <= 3 }
        }.count
    }

    /// True when `transform` is within the usual starts' reach (turned up to 3.5°, at 92.5 % or more).
    private static func isUsual(_ transform: SimilarityTransform) -> Bool {
        abs(transform.rotation) <= 3.5 * .pi / 180 && transform.scale >= 0.925
    }

    /// The transform most pairs agree with (within `tolerance` points): every two pairs propose
    /// one, the proposal with most followers wins, refitted over them by least squares.
    static func vote(_ pairs: [(from: (x: Double, y: Double), to: (x: Double, y: Double))], tolerance: Double) -> SimilarityTransform? {
        guard pairs.count >= minimumMatches else { return nil }
        var best: (followers: [Int], transform: SimilarityTransform)?
        for i in pairs.indices {
            for j in pairs.indices where j > i {
                guard let proposal = SimilarityTransform.fit(from: [pairs[i].from, pairs[j].from], to: [pairs[i].to, pairs[j].to]),
                      abs(proposal.rotation) <= seen.maxRotationDegrees * .pi / 180,
                      abs(proposal.scale - 1) <= seen.maxScaleChange
                else { continue }
                let followers = pairs.indices.filter {
                    let p = proposal.apply(pairs[$0].from)
                    return hypot(p.x - pairs[$0].to.x, p.y - pairs[$0].to.y) <= tolerance
                }
                if followers.count > best?.followers.count ?? 1 { best = (followers, proposal) }
            }
        }
        guard let best, best.followers.count >= minimumMatches else { return nil }
        return SimilarityTransform.fit(from: best.followers.map { pairs[$0].from }, to: best.followers.map { pairs[$0].to })
    }

    /// Each square of `reference` (`side` pixels at its resolution, centred on a spot) matched on
    /// `page` within `reach` pixels of where `transform` puts it, the square drawn through the
    /// transform first so that rotation and scale do not blur the match: (reference point, page
    /// point) pairs of the squares that correlate at least 0.3.
    static func matches(_ transform: SimilarityTransform, page: InkMap, reference: InkMap, spots: [PagePoint],
                                side: Int, reach: Int) -> [(from: (x: Double, y: Double), to: (x: Double, y: Double))] {
        guard let inverse = transform.inverse else { return [] }
        let ppp = page.pixelsPerPoint
        var pairs: [(from: (x: Double, y: Double), to: (x: Double, y: Double))] = []
        var values = [Float](repeating: 0, count: side * side)
        for spot in spots {
            let expected = transform.apply(spot)
            let origin = (x: Int((expected.x * ppp - Double(side) / 2).rounded()), y: Int((expected.y * ppp - Double(side) / 2).rounded()))
            // The transform is affine: from one pixel to the next is the same step on the reference.
            let rp = reference.pixelsPerPoint
            func onReference(_ u: Double, _ v: Double) -> (x: Double, y: Double) {
                let p = inverse.apply(((Double(origin.x) + u + 0.5) / ppp, (Double(origin.y) + v + 0.5) / ppp))
                return (p.x * rp, p.y * rp)
            }
            let first = onReference(0, 0), right = onReference(1, 0), below = onReference(0, 1)
            let across = (x: right.x - first.x, y: right.y - first.y), down = (x: below.x - first.x, y: below.y - first.y)
            for v in 0..<side {
                var (x, y) = (first.x + Double(v) * down.x, first.y + Double(v) * down.y)
                for u in 0..<side {
                    values[v * side + u] = reference.sample(x: x, y: y)
                    x += across.x
                    y += across.y
                }
            }
            guard let patch = PatchMatch(values: values, size: side) else { continue }
            let found = patch.best(in: page, origin: origin, reach: reach)
            guard found.ncc >= 0.3 else { continue }
            let centre = (x: (Double(origin.x) + Double(side) / 2) / ppp, y: (Double(origin.y) + Double(side) / 2) / ppp)
            pairs.append((from: inverse.apply(centre), to: (centre.x + found.dx / ppp, centre.y + found.dy / ppp)))
        }
        return pairs
    }

    /// The correlation coefficient between the reference's ink and the page's ink (through
    /// `transform`) on and around the reference's printed content — handwriting elsewhere does not
    /// count against a page: near 1 for the same page, near 0 for another or a blank one.
    static func correlation(_ reference: ReferencePage, _ page: InkMap, through transform: SimilarityTransform) -> Double {
        correlation(reference, page, mapping: transform.apply)
    }

    /// The same correlation through any map of reference points to page points (a photo's perspective).
    static func correlation(_ reference: ReferencePage, _ page: InkMap, mapping: ((x: Double, y: Double)) -> (x: Double, y: Double)) -> Double {
        let map = reference.medium, ppp = map.pixelsPerPoint
        var sx = 0.0, sy = 0.0, sxx = 0.0, syy = 0.0, sxy = 0.0
        for index in reference.printed {
            let r = Double(map.values[index])
            let p = mapping(((Double(index % map.width) + 0.5) / ppp, (Double(index / map.width) + 0.5) / ppp))
            let s = Double(page.sample(x: p.x * page.pixelsPerPoint, y: p.y * page.pixelsPerPoint))
            sx += r; sy += s; sxx += r * r; syy += s * s; sxy += r * s
        }
        let n = Double(reference.printed.count)
        let vx = sxx - sx * sx / n, vy = syy - sy * sy / n
        guard vx > 1e-9, vy > 1e-9 else { return 0 }
        return max(0, (sxy - sx * sy / n) / (vx * vy).squareRoot())
    }
}
