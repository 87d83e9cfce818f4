import GraderCore

/// Everything `ezgrader stats` reports: the item analysis and the screening of bubble answers.
public struct ExamAnalysis: Sendable, Equatable {
    /// How each question and the exam as a whole worked.
    public let statistics: ExamStatistics
    /// Pairs of bubble sheets worth a look.
    public let screening: CopyScreening
    /// How many students each rubric item was applied to.
    public let rubricItems: [RubricItemUse]

    /// Analyses `matrix`.
    public init(_ matrix: ScoreMatrix, thresholds: StatisticsThresholds = StatisticsThresholds(),
                screeningThreshold: Double = CopyScreening.defaultThreshold, rubricItems: [RubricItemUse] = []) {
        statistics = ExamStatistics(matrix, thresholds: thresholds)
        screening = CopyScreening(matrix, threshold: screeningThreshold)
        self.rubricItems = rubricItems
    }

    /// Analyses the scores, rubric items and bubble readings of `book`.
    public init(book: GradeBook) { self.init(ScoreMatrix(book: book), rubricItems: RubricItemUse.all(in: book)) }
}
