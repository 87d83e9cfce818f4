import Foundation
import GraderAlignment
import GraderCore

/// Where a template block's bubbles are on one scan: a map from the blank's points to the scan's,
/// fitted over the bubbles found there, with how well they fit.
struct BlockFit {
    /// Blank points → scan points (projective: it follows a photo's perspective).
    var model: Homography
    /// Bubbles found by their print and used in the fit.
    var matched: Int
    /// Root-mean-square distance of those bubbles from the fitted map, in points.
    var residual: Double
}

/// Fits a template block on a scan, starting from the whole page's placement: bubbles found by
/// their printed look near where the placement puts them, first in the middle rows, then rows
/// farther out through the map fitted so far (so a photo's perspective is followed, not guessed);
/// then every whole-row and whole-column shift is tested against the fit, which must be clearly best
/// — or, inside a column of abutting blocks where the test cannot tell, agree with the placed neighbours.
enum TemplateRegistrar {
    /// Why a block could not be placed; each makes all its rows unreadable with this reason.
    enum Failure: Error, Equatable, CustomStringConvertible {
        case tooFewBubbles(found: Int, of: Int)
        case residual(Double, limit: Double)
        case ambiguous(String)

        var description: String {
            switch self {
            case .tooFewBubbles(let found, let of):
                "only \(found) of \(of) bubbles were found where the blank sheet has them (another form, or the block is covered)"
            case .residual(let rms, let limit):
                String(format: "the bubbles do not fit the blank's layout (%.2f pt off on average, %.2f pt allowed): folded or another version", rms, limit)
            case .ambiguous(let shift): "the block fits \(shift) almost as well: not read rather than read off by one"
            }
        }
    }

    /// Correlation a bubble's print must reach to count as found.
    static let foundScore = 0.3

    /// Fits `prepared` on `scan` from the page's placement `start`. A fit the row/column test
    /// cannot tell from a shift is kept when every one of `neighbours` (placed blocks whose
    /// lattice continues this one's) agrees with it; with no neighbours it is refused.
    static func fit(_ prepared: PreparedBlock, scan: GrayImage, start: Homography, neighbours: [AbuttingBlock] = []) -> Result<BlockFit, Failure> {
        let shapes = prepared.template.shapes, choices = prepared.block.choices.count, rows = prepared.block.rows
        let pitch = prepared.pitch
        var model = start
        var pairs: [Int: (from: (x: Double, y: Double), to: (x: Double, y: Double))] = [:]
        var lookedFor = Set<Int>()
        // The pairs in bubble order, so that every run fits the same sums (a dictionary's order varies).
        func found() -> [(from: (x: Double, y: Double), to: (x: Double, y: Double))] { pairs.sorted { $0.key < $1.key }.map(\.value) }
        func match(_ index: Int, reach: Double) {
            lookedFor.insert(index)
            guard let patch = prepared.patches[index] else { return }
            let c = shapes[index].centre
            let found = patch.best(in: scan, at: c, through: model, reach: reach, pixelsPerPoint: prepared.pixelsPerPoint)
            if found.ncc >= foundScore {
                pairs[index] = (from: (x: c.x, y: c.y), to: found.point)
            } else {
                pairs[index] = nil
            }
        }
        // Middle rows first, then outwards, refitting as the matched rows spread.
        func grow(firstReach: Double) {
            let middle = (rows - 1) / 2
            var radius = rows >= 3 ? 1 : 0, tried = Set<Int>()
            while tried.count < rows {
                // Wide in the middle rows, then as close as the map fitted over more and more rows allows.
                let reach = tried.isEmpty ? firstReach : max((tried.count < 8 ? 0.2 : 0.12) * pitch, 0.75)
                // Once the map spans eight rows, a row's first and last bubbles place it as well as all of them.
                let sparse = tried.count >= 8 && choices > 2
                for row in max(0, middle - radius)...min(rows - 1, middle + radius) where tried.insert(row).inserted {
                    for choice in 0..<choices where !sparse || choice == 0 || choice == choices - 1 { match(row * choices + choice, reach: reach) }
                }
                // A flat sheet under a camera is exactly projective: fitted on the middle rows, it
                // foresees how the far rows shrink.
                if let refitted = robustFit(found(), projective: true) { model = refitted.model }
                radius = max(radius + 1, radius * 3 / 2)
            }
        }
        grow(firstReach: 0.45 * pitch)
        let needed = lookedFor.count <= 2 ? 1 : max(2, (lookedFor.count + 1) / 2)
        let limit = max(0.5, 0.15 * (prepared.template.smallestRadius * 2))
        guard var fitted = robustFit(found(), projective: true), fitted.matched >= needed else {
            return .failure(.tooFewBubbles(found: pairs.count, of: lookedFor.count))
        }
        guard fitted.residual <= limit else { return .failure(.residual(fitted.residual, limit: limit)) }

        // Inside a column of abutting blocks the test sees no edge: the placed neighbours settle it.
        func settled(_ fit: BlockFit) -> Bool { !neighbours.isEmpty && neighbours.allSatisfy { $0.agrees(with: fit.model, pitch: pitch) } }
        switch prepared.shiftCheck.check(scan, model: fitted.model) {
        case .clear: return .success(fitted)
        case .ambiguous(let shift): return settled(fitted) ? .success(fitted) : .failure(.ambiguous(shift))
        case .off where settled(fitted): return .success(fitted)
        case .off(let delta):
            // The fit is a whole row or column off: start again from the better placement, once.
            let shifted = fitted.model
            model = Homography.fit(shapes.map { s in ((s.centre.x, s.centre.y), shifted.apply((s.centre.x - delta.x, s.centre.y - delta.y))) }) ?? shifted
            pairs = [:]
            grow(firstReach: max(0.12 * pitch, 0.75))
            guard let again = robustFit(found(), projective: true), again.matched >= needed, again.residual <= limit,
                  prepared.shiftCheck.check(scan, model: again.model) == .clear || settled(again) else {
                return .failure(.ambiguous("a row or column away"))
            }
            fitted = again
            return .success(fitted)
        }
    }

    /// A fit over `pairs` that drops the ones far from it (a filled bubble matched off-centre, a
    /// stray mark), twice; projective when `projective` and there are enough pairs, else affine.
    static func robustFit(_ pairs: [(from: (x: Double, y: Double), to: (x: Double, y: Double))], projective: Bool) -> BlockFit? {
        var kept = pairs
        var result: BlockFit?
        for _ in 0..<3 {
            guard !kept.isEmpty, let model = Homography.fit(kept, projectiveFrom: projective ? 12 : .max) else { return result }
            let errors = kept.map { pair -> Double in
                let p = model.apply(pair.from)
                return hypot(p.x - pair.to.x, p.y - pair.to.y)
            }
            let rms = (errors.reduce(0) { $0 + $1 * $1 } / Double(errors.count)).squareRoot()
            result = BlockFit(model: model, matched: kept.count, residual: rms)
            let sorted = errors.sorted(), limit = max(0.4, 3 * sorted[sorted.count / 2])
            let next = zip(kept, errors).filter { $0.1 <= limit }.map(\.0)
            if next.count == kept.count { break }
            kept = next
        }
        return result
    }
}
