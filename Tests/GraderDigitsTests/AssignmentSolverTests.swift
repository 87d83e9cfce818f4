import GraderCore
import Testing

@Suite struct AssignmentSolverTests {
    /// The cheapest assignment by trying every one (small sizes only).
    private func bruteForce(_ cost: [[Double]]) -> Double {
        let rows = cost.count, columns = cost[0].count
        func best(_ row: Int, _ used: Set<Int>) -> Double {
            guard row < rows else { return 0 }
            return (0..<columns).filter { !used.contains($0) }.map { cost[row][$0] + best(row + 1, used.union([$0])) }.min() ?? .infinity
        }
        return best(0, [])
    }

    @Test func findsTheCheapestAssignmentAndEachRowsMargin() {
        var rng = SeededGenerator(seed: 7)
        for trial in 0..<60 {
            let rows = 1 + trial % 5, columns = rows + trial % 3
            let cost = (0..<rows).map { _ in (0..<columns).map { _ in Double(Int.random(in: 0...20, using: &rng)) } }
            let solver = AssignmentSolver(rows: rows, columns: columns) { cost[$0][$1] }
            let optimum = bruteForce(cost)
            #expect(abs(solver.total - optimum) < 1e-9, "trial \(trial): \(cost)")
            #expect(Set((0..<rows).map(solver.column(of:))).count == rows)
            for row in 0..<rows {
                var forbidden = cost
                forbidden[row][solver.column(of: row)] = 1e6
                let without = bruteForce(forbidden)
                let margin = solver.margin(forRow: row)
                if without >= 1e6 {
                    #expect(margin > 1e5, "trial \(trial) row \(row): no other column, yet margin \(margin)")
                } else {
                    #expect(abs(margin - (without - optimum)) < 1e-6, "trial \(trial) row \(row): \(cost)")
                }
            }
        }
    }
}
