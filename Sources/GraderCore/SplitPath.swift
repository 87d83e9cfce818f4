import Foundation

/// The likeliest way a bulk stack split every N pages came, found over the whole stack at once
/// (a Viterbi path): which reference slot each page shows, where the pages fall out of step (a
/// page dropped: one slot skipped; a page fed twice: a slot repeated) and which slot is page 1.
/// Pages of one layout match their neighbours' slots nearly as well as their own, so one page
/// says little; every page after a fault is shifted, so the stack as a whole places it.
public struct SplitPath: Sendable, Equatable {
    /// Page i shows slot (i + offsets[i]) mod n; the offset grows by one where a page was dropped
    /// and shrinks by one where a page was fed twice.
    public let offsets: [Int]
    /// Page 1 is slot `start` mod n.
    public let start: Int
    /// The sum over the pages of minus their score for the slot they show, plus `faultCost` a fault.
    public let cost: Double

    /// What a dropped or doubled page costs: more than a page of one layout gains by matching a
    /// neighbour's slot, so a clean stack is never cut up for a few close scores.
    public static let faultCost = 1.0
    /// The offsets tried: at most one page a stack out of step either way from the reference copy.
    static let offsetRange = -1...1

    /// True when page 1 of copy 1 is missing (the stack starts at page 2).
    public var droppedAtStart: Bool { offsets.first.map { $0 - start == 1 } ?? false }
    /// True when the last copy's last page is missing.
    public let droppedAtEnd: Bool
    /// True when every page came in step (no page dropped or fed twice).
    public var isInStep: Bool { !droppedAtEnd && offsets.allSatisfy { $0 == start } }

    /// The slot page `index` shows.
    public func slot(_ index: Int, every n: Int) -> Int { (index + offsets[index]).modulo(n) }
    /// The place (0-based, counting dropped pages and not pages fed again) page `index` takes in
    /// the stack as printed: its copy is place / n, its page place % n.
    public func place(_ index: Int) -> Int { index + offsets[index] - start }
    /// The copy (1-based) page `index` belongs to.
    public func copy(_ index: Int, every n: Int) -> Int { place(index) / n + 1 }
    /// The page of a copy (0-based) that `slot` is.
    public func page(ofSlot slot: Int, every n: Int) -> Int { (slot - start).modulo(n) }

    /// The likeliest path through a stack of `count` pages split every `n`, `matches(index)` being
    /// the page's matches against the slots next to `index % n`; the stack must end with a copy's
    /// last page (or miss it). Nil when no path within `offsetRange` explains the count.
    public static func likeliest(count: Int, every n: Int, matches: (Int) -> [SplitCheck.Match]) -> SplitPath? {
        guard count >= 1, n >= 1 else { return nil }
        let offsets = Array(offsetRange), states = offsets.count * offsets.count
        func state(start: Int, offset: Int) -> Int { (start - offsetRange.lowerBound) * offsets.count + offset - offsetRange.lowerBound }
        func emission(_ index: Int, _ offset: Int, _ found: [SplitCheck.Match]) -> Double {
            let slot = (index + offset).modulo(n)
            return found.first { $0.position == slot }.map { -$0.score } ?? .infinity
        }
        var cost = [Double](repeating: .infinity, count: states)
        var from = [[Int]](repeating: [Int](repeating: -1, count: states), count: count)
        let first = matches(0)
        for start in offsets {
            // Page 1 first, or page 1 of copy 1 missing.
            for (offset, fault) in [(start, 0.0), (start + 1, faultCost)] where offsetRange.contains(offset) {
                cost[state(start: start, offset: offset)] = fault + emission(0, offset, first)
            }
        }
        for index in 1..<max(1, count) {
            let found = matches(index)
            var next = [Double](repeating: .infinity, count: states)
            for start in offsets {
                for offset in offsets {
                    let here = state(start: start, offset: offset), emit = emission(index, offset, found)
                    guard emit.isFinite else { continue }
                    // In step first, so a tie keeps the stack in step.
                    for (previous, fault) in [(offset, 0.0), (offset - 1, faultCost), (offset + 1, faultCost)] where offsetRange.contains(previous) {
                        let total = cost[state(start: start, offset: previous)] + fault + emit
                        if total < next[here] { next[here] = total; from[index][here] = state(start: start, offset: previous) }
                    }
                }
            }
            cost = next
        }
        // The stack ends with a copy's last page, or that page is missing.
        var best: (cost: Double, state: Int, droppedAtEnd: Bool)?
        for start in offsets {
            for offset in offsets {
                let here = state(start: start, offset: offset)
                for (missing, fault) in [(0, 0.0), (1, faultCost)] where (count + offset + missing - start).modulo(n) == 0 {
                    let total = cost[here] + fault
                    if total.isFinite, total < (best?.cost ?? .infinity) { best = (total, here, missing == 1) }
                }
            }
        }
        guard let best else { return nil }
        var path = [Int](repeating: 0, count: count), here = best.state
        for index in stride(from: count - 1, through: 0, by: -1) {
            path[index] = here % offsets.count + offsetRange.lowerBound
            if index > 0 { here = from[index][here] }
        }
        return SplitPath(offsets: path, start: here / offsets.count + offsetRange.lowerBound, cost: best.cost, droppedAtEnd: best.droppedAtEnd)
    }
}
