import GraderCore

/// The limits beyond which the item analysis flags a question or the exam. The defaults are the
/// usual rules of thumb of classroom item analysis; every flag states the limit it crossed.
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

    /// The usual limits.
    public init() {}
}
