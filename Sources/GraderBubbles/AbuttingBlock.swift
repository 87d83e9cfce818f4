import Foundation
import GraderAlignment
import GraderCore

/// A block placed on the scan whose printed lattice continues another block's past its edge (three
/// 10-row blocks printed as one 30-row column). Inside such a column a block looks the same a row
/// on or back; its placed neighbour tells which: the bubbles next to it must sit where the
/// neighbour's own fit puts the next step of the lattice.
struct AbuttingBlock {
    /// The neighbour's fit: its blank points → scan points.
    let model: Homography
    /// The other block's bubbles one step from a bubble of the neighbour (blank points).
    let edge: [PagePoint]

    /// `neighbour` (placed with `model`) as an anchor for `block`, or nil when their lattices do
    /// not meet: a bubble of `block` one row or choice step from a bubble of `neighbour`, where
    /// `block` itself has none.
    init?(_ neighbour: PreparedBlock, model: Homography, for block: PreparedBlock) {
        let own = block.template.shapes.map(\.centre), theirs = neighbour.template.shapes.map(\.centre)
        let near = 0.2 * block.pitch
        func occupied(_ p: PagePoint, by centres: [PagePoint]) -> Bool { centres.contains { hypot($0.x - p.x, $0.y - p.y) <= near } }
        let edge = own.filter { c in
            block.shiftCheck.steps.contains { step in
                let next = PagePoint(x: c.x + step.x, y: c.y + step.y)
                return !occupied(next, by: own) && occupied(next, by: theirs)
            }
        }
        guard !edge.isEmpty else { return nil }
        self.model = model
        self.edge = edge
    }

    /// True when `fit` puts the edge bubbles where the neighbour's fit puts them, to within a
    /// quarter of `pitch` on average (a row or column off is a whole pitch away).
    func agrees(with fit: Homography, pitch: Double) -> Bool {
        let apart = edge.map { p in
            let a = fit.apply((p.x, p.y)), b = model.apply((p.x, p.y))
            return hypot(a.x - b.x, a.y - b.y)
        }
        return apart.reduce(0, +) / Double(apart.count) <= 0.25 * pitch
    }
}
