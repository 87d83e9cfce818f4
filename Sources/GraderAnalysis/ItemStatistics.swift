import GraderCore

/// How one question worked: computed over the students graded on it (mean, SD, facility,
/// distribution) and, for the correlations, over the students whose every question is graded.
/// A flag is raised when the statistic's whole interval (`StatisticsThresholds.confidence`) lies
/// beyond its limit, never by the estimate alone.
public struct ItemStatistics: Sendable, Equatable {
    /// How many students earned a given number of points.
    public struct ScoreCount: Sendable, Equatable {
        /// The points.
        public let points: Double
        /// How many students earned them.
        public let count: Int
    }

    /// The question's name.
    public let name: String
    /// Its maximum points.
    public let maxPoints: Double
    /// Students with a score.
    public let graded: Int
    /// Students still "?" (left out of every figure of this question).
    public let ungraded: Int
    /// Mean points of the graded students.
    public let mean: Double?
    /// Population standard deviation of their points.
    public let standardDeviation: Double?
    /// Mean ÷ maximum: 1 when everyone earned full marks.
    public let facility: Double?
    /// Pearson correlation of the question with the total of the *other* questions (corrected
    /// item–total correlation), over the complete students.
    public let itemTotalCorrelation: Double?
    /// (mean of the top 27 % by total − mean of the bottom 27 %) ÷ maximum, over the complete students.
    public let discrimination: Double?
    /// Wilson's interval for the facility (see `Interval` for why each method).
    public let facilityInterval: Interval?
    /// Fisher's z interval for the item–total correlation.
    public let itemTotalCorrelationInterval: Interval?
    /// Newcombe's interval for the discrimination index.
    public let discriminationInterval: Interval?
    /// Cronbach's α of the total without this question (nil when fewer than 2 others remain, or
    /// for a question left out of the totals): above the exam's α, the question lowers it.
    public let alphaIfDeleted: Double?
    /// Points earned and how many earned them, lowest first.
    public let distribution: [ScoreCount]
    /// What deserves a look, each with the limit it crossed.
    public let flags: [String]

    /// The statistics of `item`. `complete` are the students in the exam's totals, `totals` their
    /// totals (same order), `groups` the indices into `complete` of the upper and lower groups.
    init(_ item: ScoreMatrix.Item, complete: [Int], totals: [Double], groups: (upper: [Int], lower: [Int])?,
         alphaIfDeleted: Double?, thresholds: StatisticsThresholds) {
        let graded = item.scores.compactMap { $0 }
        name = item.name
        maxPoints = item.maxPoints
        self.graded = graded.count
        ungraded = item.scores.count - graded.count
        mean = Descriptive.mean(graded)
        standardDeviation = Descriptive.standardDeviation(graded)
        facility = Descriptive.ratio(mean, item.maxPoints)
        distribution = Dictionary(grouping: graded, by: { $0 }).map { ScoreCount(points: $0.key, count: $0.value.count) }
            .sorted { $0.points < $1.points }

        let own = complete.map { item.scores[$0] ?? 0 }
        itemTotalCorrelation = graded.isEmpty ? nil : Descriptive.correlation(own, zip(totals, own).map { $0 - $1 })
        let groupFacility = { (members: [Int]) in Descriptive.ratio(Descriptive.mean(members.map { own[$0] }), item.maxPoints) }
        let upper = graded.isEmpty ? nil : groups.flatMap { groupFacility($0.upper) }
        let lower = graded.isEmpty ? nil : groups.flatMap { groupFacility($0.lower) }
        discrimination = upper.flatMap { upper in lower.map { upper - $0 } }
        let confidence = thresholds.confidence
        facilityInterval = Interval.wilson(facility, count: graded.count, confidence: confidence)
        itemTotalCorrelationInterval = Interval.fisher(itemTotalCorrelation, count: complete.count, confidence: confidence)
        discriminationInterval = Interval.newcombe(upper: upper, lower: lower, size: groups?.upper.count ?? 0, confidence: confidence)
        self.alphaIfDeleted = alphaIfDeleted

        var flags: [String] = []
        if graded.isEmpty { flags.append("not graded yet") }
        flags += [
            thresholds.flag("hard: facility", facility, facilityInterval, below: true, limit: thresholds.hardFacility),
            thresholds.flag("easy: facility", facility, facilityInterval, below: false, limit: thresholds.easyFacility),
            thresholds.flag("weak item–total correlation", itemTotalCorrelation, itemTotalCorrelationInterval,
                            below: true, limit: thresholds.itemTotalCorrelation),
            thresholds.flag("low discrimination", discrimination, discriminationInterval, below: true, limit: thresholds.discrimination),
        ].compactMap { $0 }
        if graded.count > 1, standardDeviation == 0 { flags.append("everyone scored the same") }
        self.flags = flags
    }

    /// A statistic with 2 decimals (a whole one without), as flags show it.
    static func format(_ value: Double) -> String { StatisticText.figure(value, places: 2) }
}
