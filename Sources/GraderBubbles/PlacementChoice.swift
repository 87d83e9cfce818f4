import Foundation
import GraderCore

/// Chooses where a block sits among every place its grid fits the rings: a grid matches itself
/// shifted by whole rows and columns (all but one edge), and blocks that abut at the same pitch
/// match it at every shift. The place nearest the start (the page's alignment, or the typed
/// position) is kept unless another fits clearly better; a place is accepted only when it beats
/// each rival by a margin that grows with what the rival shift should lose (half the rings it
/// moves off the block, at the rate rings were found, or their chance spread); otherwise the
/// block is refused.
struct PlacementChoice {
    let nominal: [(x: Double, y: Double)]
    let rings: RingIndex
    let tolerance: Double
    /// The block's grid in nominal pixels: bubbles across (x) and down (y), and their spacing.
    let across: Int, down: Int, spacingX: Double, spacingY: Double

    init(block: BubbleBlock, nominal: [(x: Double, y: Double)], rings: RingIndex, pixelsPerPoint ppp: Double, tolerance: Double) {
        (self.nominal, self.rings, self.tolerance) = (nominal, rings, tolerance)
        let positions = block.rows, choices = block.choices.count
        (across, down) = block.kind.isDigitGrid ? (positions, choices) : (choices, positions)
        (spacingX, spacingY) = (block.columnSpacing * ppp, block.rowSpacing * ppp)
    }

    /// A place the grid fits: the image shift from the fit, its distance from the start, rings matched.
    private struct Candidate {
        var shift: (x: Double, y: Double)
        var fromStart: (x: Double, y: Double)
        var matched: Int
        var distance: Double { hypot(fromStart.x, fromStart.y) }
    }

    /// The placement of the block: `fit` moved to the chosen place. `fit` has the block's turn,
    /// scale and sub-pitch shift; `start` is where the block is expected; `reach` how far (pixels)
    /// it may be from there; `trusted` when the start is the page's alignment (good to a fraction
    /// of the pitch), so that a grid continuing past the block's edge does not make it ambiguous.
    func choose(fit: SimilarityTransform, start: SimilarityTransform, reach: Double, trusted: Bool, needed: Int)
        -> Result<(transform: SimilarityTransform, settledByStart: Bool), BlockRegistrar.Failure> {
        let all = candidates(fit: fit, start: start, reach: reach)
        let inReach = all.filter { abs($0.fromStart.x) <= reach && abs($0.fromStart.y) <= reach }
        guard let typed = inReach.filter({ $0.matched >= needed }).min(by: { $0.distance < $1.distance }),
              let best = inReach.max(by: { ($0.matched, -$0.distance) < ($1.matched, -$1.distance) })
        else { return .failure(.tooFewRings(found: all.map(\.matched).max() ?? 0, needed: needed, marks: 0)) }
        let rate = Double(best.matched) / Double(nominal.count)
        let chosen = best.matched - typed.matched >= margin(typed, best, fit: fit, rate: rate) ? best : typed
        let pitch = [across > 1 ? spacingX : nil, down > 1 ? spacingY : nil].compactMap { $0 }.min() ?? min(spacingX, spacingY)
        // A place within reach that fits about as well: the rings alone cannot tell them apart.
        let ambiguous = { (rivals: [Candidate]) in
            rivals.first { !same($0, chosen) && chosen.matched - $0.matched < margin(chosen, $0, fit: fit, rate: rate) }
        }
        // Moved off its expected place, the block must beat every place around it (the grid must
        // not continue past its edge).
        guard same(chosen, typed) else {
            if let rival = ambiguous(all) { return .failure(.ambiguous(describe(from: chosen, to: rival, fit: fit))) }
            return .success((fit.moved(by: chosen.shift), false))
        }
        guard let rival = ambiguous(inReach) else { return .success((fit.moved(by: chosen.shift), false)) }
        // Where the page's alignment placed the block within a quarter of the pitch, it settles
        // what the rings cannot; farther off, the alignment is too rough here to choose.
        guard trusted, chosen.distance <= 0.25 * pitch else {
            return .failure(.ambiguous(describe(from: chosen, to: rival, fit: fit)))
        }
        return .success((fit.moved(by: chosen.shift), true))
    }

    private func same(_ a: Candidate, _ b: Candidate) -> Bool { a.shift.x == b.shift.x && a.shift.y == b.shift.y }

    /// The rings a rival shifted from `a` to `b` should lose, halved and scaled by the rate rings
    /// were found; never less than three times the chance spread of a count at that rate (rings
    /// found here and there, on a faint print, make counts differ by chance).
    private func margin(_ a: Candidate, _ b: Candidate, fit: SimilarityTransform, rate: Double) -> Int {
        let lost: Int
        if let (k, l) = latticeSteps(from: a, to: b, fit: fit) {
            lost = nominal.count - max(0, across - abs(k)) * max(0, down - abs(l))
        } else {
            lost = nominal.count
        }
        // Only the bubbles one place covers and the other does not differ: 2 × `lost` of them.
        let chance = 3 * (2 * Double(lost) * rate * max(0, 1 - rate)).squareRoot()
        return max(1, Int(max(0.5 * rate * Double(lost), chance).rounded(.up)))
    }

    /// Whole bubbles across and down from `a` to `b` in the block's own frame, or nil when `b`
    /// is not a whole number of bubbles away.
    private func latticeSteps(from a: Candidate, to b: Candidate, fit: SimilarityTransform) -> (Int, Int)? {
        let dx = b.shift.x - a.shift.x, dy = b.shift.y - a.shift.y
        let d = fit.a * fit.a + fit.b * fit.b
        let u = (fit.a * dx + fit.b * dy) / d, v = (-fit.b * dx + fit.a * dy) / d
        let k = (u / spacingX).rounded(), l = (v / spacingY).rounded()
        guard abs(u - k * spacingX) <= tolerance, abs(v - l * spacingY) <= tolerance else { return nil }
        return (Int(k), Int(l))
    }

    private func describe(from a: Candidate, to b: Candidate, fit: SimilarityTransform) -> String {
        guard let (k, l) = latticeSteps(from: a, to: b, fit: fit) else {
            return String(format: "another place %.0f px away", hypot(b.shift.x - a.shift.x, b.shift.y - a.shift.y))
        }
        func steps(_ n: Int, _ positive: String, _ negative: String) -> String? {
            n == 0 ? nil : "\(abs(n)) \(abs(n) == 1 ? "bubble" : "bubbles") \(n > 0 ? positive : negative)"
        }
        return [steps(l, "down", "up"), steps(k, "right", "left")].compactMap { $0 }.joined(separator: " and ")
    }

    /// Every place the grid fits: peaks of the shifts that put a bubble on a ring, within a
    /// row or column beyond `reach` of the start, each counted by matching all bubbles.
    private func candidates(fit: SimilarityTransform, start: SimilarityTransform, reach: Double) -> [Candidate] {
        let count = Double(nominal.count)
        let centre = (x: nominal.reduce(0) { $0 + $1.x } / count, y: nominal.reduce(0) { $0 + $1.y } / count)
        let expected = start.apply(centre), fitted = fit.apply(centre)
        let base = (x: expected.x - fitted.x, y: expected.y - fitted.y)
        let range = reach + max(spacingX, spacingY) * fit.scale + tolerance
        let bin = 2.0, side = Int((2 * range / bin).rounded(.up)) + 1
        var votes = [Int32](repeating: 0, count: side * side)
        for e in nominal {
            let p = fit.apply(e)
            for ring in rings.near(y: p.y + base.y, reach: range) {
                let dx = ring.x - p.x - base.x + range, dy = ring.y - p.y - base.y + range
                guard dx >= 0, dy >= 0, dx < Double(side) * bin, dy < Double(side) * bin else { continue }
                votes[Int(dy / bin) * side + Int(dx / bin)] += 1
            }
        }
        var peaks: [(score: Int32, x: Int, y: Int)] = []
        for y in 0..<side {
            for x in 0..<side where votes[y * side + x] > 0 {
                var score: Int32 = 0
                for ny in max(y - 1, 0)...min(y + 1, side - 1) {
                    for nx in max(x - 1, 0)...min(x + 1, side - 1) { score += votes[ny * side + nx] }
                }
                peaks.append((score, x, y))
            }
        }
        // Strongest first (ties in scan order), each suppressing weaker peaks within a bubble's reach.
        peaks.sort { ($0.score, -$0.y, -$0.x) > ($1.score, -$1.y, -$1.x) }
        let top = peaks.first?.score ?? 0
        var kept: [Candidate] = []
        for peak in peaks where peak.score * 4 >= top && kept.count < 48 {
            let offset = (x: (Double(peak.x) + 0.5) * bin - range, y: (Double(peak.y) + 0.5) * bin - range)
            guard !kept.contains(where: { hypot($0.fromStart.x - offset.x, $0.fromStart.y - offset.y) < 2 * tolerance }) else { continue }
            let shift = (x: base.x + offset.x, y: base.y + offset.y)
            let matched = BlockRegistrar.match(nominal: nominal, rings: rings, transform: fit.moved(by: shift), tolerance: tolerance).count
            kept.append(Candidate(shift: shift, fromStart: offset, matched: matched))
        }
        return kept
    }
}
