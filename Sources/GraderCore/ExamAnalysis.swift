/// Everything `ezgrader stats` reports: the item analysis and the screening of bubble answers.
public struct ExamAnalysis: Sendable, Equatable {
    /// How each question and the exam as a whole worked.
    public let statistics: ExamStatistics
    /// Pairs of bubble sheets worth a look.
    public let screening: CopyScreening

    /// Analyses `matrix`.
    public init(_ matrix: ScoreMatrix, thresholds: StatisticsThresholds = StatisticsThresholds(),
                screeningThreshold: Double = CopyScreening.defaultThreshold) {
        statistics = ExamStatistics(matrix, thresholds: thresholds)
        screening = CopyScreening(matrix, threshold: screeningThreshold)
    }

    /// Analyses the scores and bubble readings of `book`.
    public init(book: GradeBook) { self.init(ScoreMatrix(book: book)) }
}
