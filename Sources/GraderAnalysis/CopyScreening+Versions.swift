extension CopyScreening {
    /// Screens each group of students (one version's) among themselves only: a pair from two
    /// versions is never compared, and a wrong choice's popularity is its own version's. The
    /// chance bound counts every pair compared in all groups.
    public init(groups: [ScoreMatrix], threshold: Double = CopyScreening.defaultThreshold) {
        let screened = groups.map { CopyScreening($0, threshold: .infinity) }
        let compared = screened.reduce(0) { $0 + $1.pairsCompared }
        let pairs = screened.flatMap(\.pairs).compactMap { pair -> Pair? in
            let chance = pair.probability * Double(compared)
            return chance < threshold ? Pair(first: pair.first, second: pair.second, bothWrong: pair.bothWrong, identicalWrong: pair.identicalWrong,
                                             expected: pair.expected, probability: pair.probability, chancePairs: chance, shared: pair.shared) : nil
        }
        questions = screened.map(\.questions).max() ?? 0
        pairsCompared = compared
        self.threshold = threshold
        self.pairs = pairs.sorted { ($0.probability, $0.first, $0.second) < ($1.probability, $1.first, $1.second) }
    }
}
