import Foundation
import GraderCore

/// Aligns a scanned page to its reference page by the printed content both share: a shift found by
/// correlating the whole pages at low resolution (trying the page upside down too), then squares of
/// printed structure matched one by one, a similarity transform voted from pairs of them (so
/// handwriting or a stray mark that matches nothing is outvoted), and refined by least squares over
/// squares re-matched through that transform at the render's resolution.
public enum PageRegistrar {
    /// Resolution the pages are rendered at (36 dpi): enough to place a box within a point or two.
    public static let pixelsPerPoint = 0.5
    /// The match score below which a page is not taken for the reference page.
    public static let acceptedScore = 0.3
    /// Fewest matched squares that make an alignment.
    static let minimumMatches = 5

    /// How far a scan may be misplaced beyond the difference of page sizes: ±40 mm, ±4°, −12…+6 %.
    public static let limits = RegistrationLimits(maxOffset: 115, maxRotationDegrees: 4, maxScaleChange: 0.12)

    /// The alignment of `image` (rendered at `pixelsPerPoint`) to `reference`: reference points →
    /// points on the page as shown upright. A page that does not match keeps no transform.
    public static func register(_ image: GrayImage, to reference: ReferencePage) -> PageAlignment {
        guard reference.hasContent else { return PageAlignment(transform: nil, score: 0) }
        let upright = InkMap(image)
        let turned = upright.turned
        let reach = (x: Int((abs(image.pageSize.width - reference.size.width) + limits.maxOffset) * reference.coarse.pixelsPerPoint),
                     y: Int((abs(image.pageSize.height - reference.size.height) + limits.maxOffset) * reference.coarse.pixelsPerPoint))
        let candidates = [(upright, false), (turned, true)].map { map, upsideDown in
            (map, upsideDown, CrossCorrelation.bestShift(reference: reference.coarse, image: map.reduced(by: 4), reach: reach))
        }.sorted { $0.2.score > $1.2.score }
        var bestFailed = PageAlignment(transform: nil, score: 0)
        for (map, upsideDown, shift) in candidates {
            let start = SimilarityTransform(a: 1, b: 0, tx: Double(shift.x) / reference.coarse.pixelsPerPoint,
                                            ty: Double(shift.y) / reference.coarse.pixelsPerPoint)
            let alignment = align(map, to: reference, from: start, upsideDown: upsideDown)
            if !alignment.isFlagged { return alignment }
            if alignment.score > bestFailed.score { bestFailed = alignment }
        }
        return bestFailed
    }

    /// Matches the reference's squares on `map` starting from `start`, then refines; flagged when
    /// too few squares agree, the transform is out of limits, or the pages correlate too little.
    private static func align(_ map: InkMap, to reference: ReferencePage, from start: SimilarityTransform, upsideDown: Bool) -> PageAlignment {
        let medium = map.reduced(by: 2)
        let side = ReferencePage.spotSide
        // Each square is searched for within 72 pt of where the shift puts it: the shift's coarse
        // pixel (16 pt) plus what 2.5° and 7 % of scale move a point 400 pt from where the pages
        // overlay best. A square farther off simply finds no match and is outvoted.
        let reach = Int(72 * medium.pixelsPerPoint)
        var pairs: [(from: (x: Double, y: Double), to: (x: Double, y: Double))] = []
        for spot in reference.spots {
            let ppp = reference.medium.pixelsPerPoint
            let x0 = Int((spot.x * ppp - Double(side) / 2).rounded()), y0 = Int((spot.y * ppp - Double(side) / 2).rounded())
            guard let patch = PatchMatch(reference.medium, x: x0, y: y0, size: side) else { continue }
            let expected = start.apply(spot)
            let origin = (x: Int((expected.x * ppp - Double(side) / 2).rounded()), y: Int((expected.y * ppp - Double(side) / 2).rounded()))
            let found = patch.best(in: medium, origin: origin, reach: reach)
            guard found.ncc >= 0.3 else { continue }
            let centre = Double(side) / 2
            pairs.append((from: ((Double(x0) + centre) / ppp, (Double(y0) + centre) / ppp),
                          to: ((Double(origin.x) + found.dx + centre) / ppp, (Double(origin.y) + found.dy + centre) / ppp)))
        }
        guard var transform = vote(pairs, tolerance: 10) else { return PageAlignment(transform: nil, score: 0, upsideDown: upsideDown) }
        var matched = 0
        for tolerance in [6.0, 3, 3] {
            guard let refined = refine(transform, map: map, reference: reference, tolerance: tolerance) else {
                return PageAlignment(transform: nil, score: 0, upsideDown: upsideDown)
            }
            (transform, matched) = refined
        }
        let score = correlation(reference, medium, through: transform)
        let withinLimits = abs(transform.rotation) <= limits.maxRotationDegrees * .pi / 180
            && transform.scale >= 1 - limits.maxScaleChange && transform.scale <= 1 + limits.maxScaleChange / 2
        let accepted = withinLimits && matched >= max(minimumMatches, reference.spots.count * 2 / 5) && score >= acceptedScore
        return PageAlignment(transform: accepted ? transform : nil, score: score, upsideDown: upsideDown)
    }

    /// The transform most pairs agree with (within `tolerance` points): every two pairs propose
    /// one, the proposal with most followers wins, refitted over them by least squares.
    private static func vote(_ pairs: [(from: (x: Double, y: Double), to: (x: Double, y: Double))], tolerance: Double) -> SimilarityTransform? {
        guard pairs.count >= minimumMatches else { return nil }
        var best: (followers: [Int], transform: SimilarityTransform)?
        for i in pairs.indices {
            for j in pairs.indices where j > i {
                guard let proposal = SimilarityTransform.fit(from: [pairs[i].from, pairs[j].from], to: [pairs[i].to, pairs[j].to]),
                      abs(proposal.rotation) <= limits.maxRotationDegrees * .pi / 180,
                      abs(proposal.scale - 1) <= limits.maxScaleChange
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

    /// Re-matches every square at the render's resolution, each drawn through `transform` so
    /// rotation and scale no longer blur the match, and refits over those that land within
    /// `tolerance` points of where the transform puts them; returns the fit and how many agreed.
    private static func refine(_ transform: SimilarityTransform, map: InkMap, reference: ReferencePage,
                               tolerance: Double) -> (SimilarityTransform, Int)? {
        guard let inverse = transform.inverse else { return nil }
        let side = 2 * ReferencePage.spotSide, ppp = map.pixelsPerPoint, reach = 4
        var pairs: [(from: (x: Double, y: Double), to: (x: Double, y: Double))] = []
        for spot in reference.spots {
            let expected = transform.apply(spot)
            let origin = (x: Int((expected.x * ppp - Double(side) / 2).rounded()), y: Int((expected.y * ppp - Double(side) / 2).rounded()))
            var values = [Float](repeating: 0, count: side * side)
            for v in 0..<side {
                for u in 0..<side {
                    let onPage = inverse.apply(((Double(origin.x + u) + 0.5) / ppp, (Double(origin.y + v) + 0.5) / ppp))
                    values[v * side + u] = reference.fine.sample(x: onPage.x * ppp, y: onPage.y * ppp)
                }
            }
            guard let patch = PatchMatch(values: values, size: side) else { continue }
            let found = patch.best(in: map, origin: origin, reach: reach)
            guard found.ncc >= 0.3 else { continue }
            let centre = (x: (Double(origin.x) + Double(side) / 2) / ppp, y: (Double(origin.y) + Double(side) / 2) / ppp)
            pairs.append((from: inverse.apply(centre), to: (centre.x + found.dx / ppp, centre.y + found.dy / ppp)))
        }
        let kept = pairs.filter {
            let p = transform.apply($0.from)
            return hypot(p.x - $0.to.x, p.y - $0.to.y) <= tolerance
        }
        guard let fitted = SimilarityTransform.fit(from: kept.map(\.from), to: kept.map(\.to)) else { return nil }
        return (fitted, kept.count)
    }

    /// The correlation coefficient between the reference's ink and the page's ink (through
    /// `transform`) on and around the reference's printed content — handwriting elsewhere does not
    /// count against a page: near 1 for the same page, near 0 for another or a blank one.
    static func correlation(_ reference: ReferencePage, _ page: InkMap, through transform: SimilarityTransform) -> Double {
        let map = reference.medium, ppp = map.pixelsPerPoint
        var sx = 0.0, sy = 0.0, sxx = 0.0, syy = 0.0, sxy = 0.0
        for index in reference.printed {
            let r = Double(map.values[index])
            let p = transform.apply(((Double(index % map.width) + 0.5) / ppp, (Double(index / map.width) + 0.5) / ppp))
            let s = Double(page.sample(x: p.x * page.pixelsPerPoint, y: p.y * page.pixelsPerPoint))
            sx += r; sy += s; sxx += r * r; syy += s * s; sxy += r * s
        }
        let n = Double(reference.printed.count)
        let vx = sxx - sx * sx / n, vy = syy - sy * sy / n
        guard vx > 1e-9, vy > 1e-9 else { return 0 }
        return max(0, (sxy - sx * sy / n) / (vx * vy).squareRoot())
    }
}
