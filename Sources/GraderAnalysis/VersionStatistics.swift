/// How the exam worked for the students of one version: the same statistics, per exam question,
/// over that version's students only, so a harder version shows.
public struct VersionStatistics: Sendable, Equatable {
    /// The version's name.
    public let name: String
    /// The statistics over the version's students.
    public let statistics: ExamStatistics

    /// Analyses the students of version `name` in `matrix` (already cut to them).
    public init(name: String, matrix: ScoreMatrix, thresholds: StatisticsThresholds = StatisticsThresholds()) {
        self.name = name
        statistics = ExamStatistics(matrix, thresholds: thresholds)
    }
}
