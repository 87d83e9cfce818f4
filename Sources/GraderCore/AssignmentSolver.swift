/// The cheapest assignment of every row to its own column (rows ≤ columns): the Hungarian method
/// with shortest augmenting paths (Jonker–Volgenant), O(columns³), and for each row the margin —
/// how much dearer the cheapest assignment becomes when that row may not keep its column. Rows of
/// cost 0 fill the problem up to square, so every column is taken and any other assignment differs
/// from the cheapest by cycles: the margin is the shortest one through the row.
public struct AssignmentSolver: Sendable {
    private let rows: Int, columns: Int
    private let costs: [Double]
    /// Row and column potentials (1-based; index 0 is the solver's spare), reduced cost ≥ 0 everywhere.
    private var u: [Double], v: [Double]
    /// The row holding each column (1-based, 0 = free).
    private var holder: [Int]

    /// Solves the assignment for `cost(row, column)` (0-based); needs `rows ≤ columns`.
    public init(rows: Int, columns: Int, cost: (Int, Int) -> Double) {
        self.rows = rows
        let size = max(columns, rows)
        self.columns = size
        var costs = [Double](repeating: 0, count: size * size)
        for i in 0..<rows { for j in 0..<size { costs[i * size + j] = j < columns ? cost(i, j) : RosterAssignment.impossible } }
        self.costs = costs
        u = [Double](repeating: 0, count: size + 1)
        v = [Double](repeating: 0, count: size + 1)
        holder = [Int](repeating: 0, count: size + 1)
        for row in 1...max(size, 1) where row <= size { augment(row) }
    }

    /// The column (0-based) given to `row`.
    public func column(of row: Int) -> Int {
        (holder[1...].firstIndex(of: row + 1) ?? 1) - 1
    }

    /// The cheapest assignment's total cost.
    public var total: Double {
        (0..<rows).reduce(0) { $0 + cost(row: $1 + 1, column: column(of: $1) + 1) }
    }

    private func cost(row: Int, column: Int) -> Double { costs[(row - 1) * columns + column - 1] }

    /// Adds `row` to the assignment along the cheapest augmenting path (keeping the potentials).
    private mutating func augment(_ row: Int) {
        var minimum = [Double](repeating: .infinity, count: columns + 1)
        var used = [Bool](repeating: false, count: columns + 1)
        var way = [Int](repeating: 0, count: columns + 1)
        holder[0] = row
        var current = 0
        repeat {
            used[current] = true
            let i = holder[current]
            var delta = Double.infinity, next = 0
            for j in 1...columns where !used[j] {
                let reduced = cost(row: i, column: j) - u[i] - v[j]
                if reduced < minimum[j] { minimum[j] = reduced; way[j] = current }
                if minimum[j] < delta { delta = minimum[j]; next = j }
            }
            for j in 0...columns {
                if used[j] { u[holder[j]] += delta; v[j] -= delta } else { minimum[j] -= delta }
            }
            current = next
        } while holder[current] != 0
        repeat {
            let previous = way[current]
            holder[current] = holder[previous]
            current = previous
        } while current != 0
    }

    /// How much the cheapest assignment's cost rises when `row` (0-based) may not keep its column:
    /// the shortest alternating cycle (in reduced costs) from the row back to its column.
    public func margin(forRow row: Int) -> Double {
        let start = row + 1, own = column(of: row) + 1
        var distance = [Double](repeating: .infinity, count: columns + 1)
        var done = [Bool](repeating: false, count: columns + 1)
        for j in 1...columns where j != own { distance[j] = reduced(start, j) }
        var best = Double.infinity
        while true {
            var j = 0, nearest = Double.infinity
            for k in 1...columns where !done[k] && distance[k] < nearest { nearest = distance[k]; j = k }
            guard j != 0, nearest < best else { break }
            done[j] = true
            if j == own { best = nearest; break }
            let i = holder[j]
            for k in 1...columns where !done[k] {
                let through = nearest + reduced(i, k)
                if through < distance[k] { distance[k] = through }
            }
        }
        return best
    }

    private func reduced(_ row: Int, _ column: Int) -> Double { max(0, cost(row: row, column: column) - u[row] - v[column]) }
}
