/// Answers grouped by how alike their ink looks: average-linkage agglomerative clustering of the
/// shapes' distances, two clusters joined while their mean distance stays under `threshold`. The
/// average link (not the single link) keeps a chain of each-a-bit-different answers from
/// joining two unlike ones; no group count is fixed in advance, so a class that wrote three
/// different things gets three groups.
public struct AnswerClustering: Sendable {
    /// Two clusters whose mean distance is below this are one group.
    public var threshold: Double

    /// The distance under which answers count as alike by default: below what two different
    /// letters of one hand reach, above what the same letter reaches between most hands.
    public static let standardThreshold = 0.30

    /// A clustering at `threshold`.
    public init(threshold: Double = standardThreshold) {
        self.threshold = threshold
    }

    /// One group: its members (indices into the shapes) and how sure the grouping is of each.
    public struct Cluster: Sendable, Equatable {
        /// Indices into the shapes clustered, ascending.
        public let members: [Int]
        /// Per member (in `members` order): how much nearer it is to its own group than to any
        /// answer outside it, and how close to its own group it is, 0 (as near; at the threshold)
        /// … 1 (alone in its neighbourhood; the same as the others).
        public let confidences: [Double]
    }

    /// The clusters of `shapes`, largest first.
    public func clusters(_ shapes: [InkShape]) -> [Cluster] {
        let n = shapes.count
        guard n > 0 else { return [] }
        var distance = [Double](repeating: 0, count: n * n)
        for i in 0..<n { for j in (i + 1)..<max(i + 1, n) { let d = shapes[i].distance(to: shapes[j]); distance[i * n + j] = d; distance[j * n + i] = d } }
        // Agglomeration on a copy (the link between clusters), keyed by each cluster's first member.
        var link = distance, members = (0..<n).map { [$0] }, alive = [Bool](repeating: true, count: n)
        while true {
            var best = (i: -1, j: -1, d: threshold)
            for i in 0..<n where alive[i] {
                for j in (i + 1)..<max(i + 1, n) where alive[j] && link[i * n + j] < best.d { best = (i, j, link[i * n + j]) }
            }
            guard best.i >= 0 else { break }
            let (i, j) = (best.i, best.j), (ni, nj) = (Double(members[i].count), Double(members[j].count))
            for k in 0..<n where alive[k] && k != i && k != j {
                let d = (ni * link[i * n + k] + nj * link[j * n + k]) / (ni + nj)
                link[i * n + k] = d
                link[k * n + i] = d
            }
            members[i] += members[j]
            members[j] = []
            alive[j] = false
        }
        let groups = (0..<n).filter { alive[$0] }.map { members[$0].sorted() }
        var groupOf = [Int](repeating: 0, count: n)
        for (g, group) in groups.enumerated() { for m in group { groupOf[m] = g } }
        return groups.map { group in
            Cluster(members: group, confidences: group.map { m in
                let own = group.count > 1 ? group.filter { $0 != m }.map { distance[m * n + $0] }.reduce(0, +) / Double(group.count - 1) : 0
                let nearest = (0..<n).filter { groupOf[$0] != groupOf[m] }.map { distance[m * n + $0] }.min() ?? 2 * threshold
                return max(0, min(1, (nearest - own) / threshold, 1 - own / threshold))
            })
        }.sorted { ($0.members.count, -($0.members.first ?? 0)) > ($1.members.count, -($1.members.first ?? 0)) }
    }
}
