import Foundation
import GraderCore

/// A phone photo of a page registered through its perspective: the camera sees the sheet at an
/// angle, so its far edge is smaller than its near one and no similarity lays the reference's
/// squares within a few points of the print all over the page (`register` flags it). From each of
/// the best rough placements, the squares are matched near where a projective map fitted over the
/// squares found so far puts them, the reach narrowing as the map spreads over the page.
extension PageRegistrar {
    /// How a photographed page lies on its reference page.
    package struct PerspectivePlacement: Sendable {
        /// Reference points → page points.
        package let map: Homography
        /// The match score through `map` (as `register` measures it), and the squares that agree with it.
        package let score: Double, matched: Int
    }

    /// How many of the best rough placements (the copier's usual turns and scales) are followed.
    static let perspectiveStarts = 3

    /// `image` (rendered at `pixelsPerPoint`, upright) placed on `reference` through its
    /// perspective, from `rough` (a placement `placement(of:on:)` found) and then from the best
    /// rough placements; nil when half the reference's squares never agree with one map within
    /// 3 pt or the pages correlate too little through it (another page, a blank one).
    package static func perspective(of image: GrayImage, on reference: ReferencePage, from rough: SimilarityTransform? = nil) -> PerspectivePlacement? {
        guard reference.hasContent else { return nil }
        let fine = InkMap(image), medium = fine.reduced(by: 2)
        let tries = (rough.map { [$0] } ?? []) + starts(coarseSpectrum(of: fine, on: reference), reference, warps: 0..<reference.usualWarps)
            .prefix(perspectiveStarts)
        let needed = neededMatches(reference)
        for start in tries {
            // The squares near the middle agree with one similarity within 8 pt: the first map.
            let rough = matches(start, page: medium, reference: reference.medium, spots: reference.spots,
                                side: ReferencePage.spotSide, reach: Int(20 * medium.pixelsPerPoint))
            guard let similar = vote(rough, tolerance: 8) else { continue }
            var map = Homography(similar), matched = 0
            // Within 16 pt of the map at first (a far corner of a photo), then 8, 4 and 3 pt of the map refitted.
            for (tolerance, reach) in [(16.0, 8), (8, 4), (4, 2), (3, 2)] {
                let pairs = reference.spots.flatMap { spot -> [(from: (x: Double, y: Double), to: (x: Double, y: Double))] in
                    guard let local = map.similarity(near: (spot.x, spot.y)) else { return [] }
                    return matches(local, page: fine, reference: reference.fine, spots: [spot], side: 2 * ReferencePage.spotSide, reach: reach)
                }
                let kept = pairs.filter { let p = map.apply($0.from); return hypot(p.x - $0.to.x, p.y - $0.to.y) <= tolerance }
                guard let fitted = Homography.fit(kept, projectiveFrom: 12) else { break }
                (map, matched) = (fitted, kept.count)
            }
            let score = correlation(reference, medium, mapping: map.apply)
            if matched >= needed, score >= acceptedScore { return PerspectivePlacement(map: map, score: score, matched: matched) }
        }
        return nil
    }
}

extension Homography {
    /// The similarity that lays a page of `size` (points) closest to where this map puts it, in
    /// least squares over the page: what a page's alignment keeps of a photo's perspective.
    package func nearestSimilarity(over size: PageSize) -> SimilarityTransform? {
        let steps = (0...8).map { Double($0) / 8 }
        let grid: [(x: Double, y: Double)] = steps.flatMap { u in steps.map { v in (x: size.width * u, y: size.height * v) } }
        return SimilarityTransform.fit(from: grid, to: grid.map { apply($0) })
    }

    /// The similarity this map is near `point`: a square there is drawn through it within a fraction of a point.
    package func similarity(near point: (x: Double, y: Double)) -> SimilarityTransform? {
        let around: [(x: Double, y: Double)] = [point, (x: point.x + 20, y: point.y), (x: point.x, y: point.y + 20)]
        return SimilarityTransform.fit(from: around, to: around.map { apply($0) })
    }
}
