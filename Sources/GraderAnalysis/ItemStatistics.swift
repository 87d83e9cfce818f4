import GraderCore

/// How one question worked: computed over the students graded on it (mean, SD, facility,
/// distribution) and, for the correlations, over the students whose every question is graded.
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
    /// Points earned and how many earned them, lowest first.
    public let distribution: [ScoreCount]
    /// What deserves a look, each with the limit it crossed.
    public let flags: [String]

    /// The statistics of `item`. `complete` are the students in the exam's totals, `totals` their
    /// totals (same order), `groups` the indices into `complete` of the upper and lower groups.
    init(_ item: ScoreMatrix.Item, complete: [Int], totals: [Double], groups: (upper: [Int], lower: [Int])?,
         thresholds: StatisticsThresholds) {
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
        discrimination = graded.isEmpty ? nil : groups.flatMap { groups in
            Descriptive.ratio(
                Descriptive.mean(groups.upper.map { own[$0] }).flatMap { upper in
                    Descriptive.mean(groups.lower.map { own[$0] }).map { upper - $0 }
                },
                item.maxPoints)
        }

        var flags: [String] = []
        if graded.isEmpty { flags.append("not graded yet") }
        if let facility, facility < thresholds.hardFacility {
            flags.append("hard: facility \(Self.format(facility)) < \(Self.format(thresholds.hardFacility))")
        }
        if let facility, facility > thresholds.easyFacility {
            flags.append("easy: facility \(Self.format(facility)) > \(Self.format(thresholds.easyFacility))")
        }
        if let r = itemTotalCorrelation, r < thresholds.itemTotalCorrelation {
            flags.append("weak item–total correlation \(Self.format(r)) < \(Self.format(thresholds.itemTotalCorrelation))")
        }
        if let d = discrimination, d < thresholds.discrimination {
            flags.append("low discrimination \(Self.format(d)) < \(Self.format(thresholds.discrimination))")
        }
        if graded.count > 1, standardDeviation == 0 { flags.append("everyone scored the same") }
        self.flags = flags
    }

    /// A statistic with 2 decimals, as flags show it.
    static func format(_ value: Double) -> String { StatisticText.decimal(value, places: 2) }
}
