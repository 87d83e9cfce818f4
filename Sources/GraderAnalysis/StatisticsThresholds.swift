import GraderCore

/// The limits beyond which the item analysis flags a question or the exam. The defaults are the
/// usual rules of thumb of classroom item analysis; every flag states the limit it crossed and
/// the interval that lies beyond it.
public struct StatisticsThresholds: Sendable, Equatable {
    /// Below this facility (mean ÷ maximum) a question is flagged as hard.
    public var hardFacility = 0.30
    /// Above this facility a question is flagged as easy.
    public var easyFacility = 0.90
    /// Below this corrected item–total correlation a question does not separate strong from weak students.
    public var itemTotalCorrelation = 0.10
    /// Below this upper–lower discrimination index the same.
    public var discrimination = 0.20
    /// Below this Cronbach's α the exam's total is flagged as unreliable.
    public var reliability = 0.70
    /// With fewer complete students than this the figures are flagged as rough.
    public var fewStudents = 10
    /// The share of the class in each of the upper and lower groups of the discrimination index.
    public var groupShare = 0.27
    /// The confidence of the intervals behind the flags: a flag is raised only when the whole
    /// interval lies beyond its limit.
    public var confidence = 0.95

    /// "95 %", as the flags and the report name the confidence.
    public var confidenceText: String { StatisticText.figure(confidence * 100, places: 1) + " %" }

    /// The usual limits.
    public init() {}

    /// "`name` 0.12, 95 % interval [0.05, 0.27] below 0.30" when the whole `interval` lies below
    /// (`below`) or above `limit`; nil when it reaches the limit (the class is too small to tell)
    /// or does not exist.
    func flag(_ name: String, _ value: Double?, _ interval: Interval?, below: Bool, limit: Double) -> String? {
        guard let value, let interval, below ? interval.upper < limit : interval.lower > limit else { return nil }
        return "\(name) \(ItemStatistics.format(value)), \(confidenceText) interval \(interval.text) "
            + "\(below ? "below" : "above") \(ItemStatistics.format(limit))"
    }
}
