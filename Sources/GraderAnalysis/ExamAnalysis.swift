import GraderCore

/// Everything `ezgrader stats` reports: the item analysis and the screening of bubble answers.
public struct ExamAnalysis: Sendable, Equatable {
    /// How each question and the exam as a whole worked.
    public let statistics: ExamStatistics
    /// Pairs of bubble sheets worth a look.
    public let screening: CopyScreening
    /// How many students each rubric item was applied to.
    public let rubricItems: [RubricItemUse]
    /// Each version's own figures, in the versions' order (none for an exam of one version).
    public let versions: [VersionStatistics]
    /// Students whose version is unknown: in the whole class's figures, in no version's.
    public let versionUnknown: Int

    /// Analyses `matrix`; with `versions` (each version's name and students, as indices into
    /// `matrix.students`), each version is analysed on its own too and bubble sheets are screened
    /// within a version only.
    public init(_ matrix: ScoreMatrix, thresholds: StatisticsThresholds = StatisticsThresholds(),
                screeningThreshold: Double = CopyScreening.defaultThreshold, rubricItems: [RubricItemUse] = [],
                versions: [(name: String, students: [Int])] = [], versionUnknown: Int = 0) {
        statistics = ExamStatistics(matrix, thresholds: thresholds)
        let groups = versions.map { (name: $0.name, matrix: matrix.students(at: $0.students)) }
        screening = versions.isEmpty ? CopyScreening(matrix, threshold: screeningThreshold)
            : CopyScreening(groups: groups.map(\.matrix), threshold: screeningThreshold)
        self.versions = groups.map { VersionStatistics(name: $0.name, matrix: $0.matrix, thresholds: thresholds) }
        self.versionUnknown = versionUnknown
        self.rubricItems = rubricItems
    }

    /// Analyses the scores, rubric items and bubble readings of `book`, and each version's students on their own.
    public init(book: GradeBook) {
        self.init(ScoreMatrix(book: book), rubricItems: RubricItemUse.all(in: book),
                  versions: book.studentsByVersion.map { ($0.version, $0.students.map(\.index)) }, versionUnknown: book.versionUnknown.count)
    }
}
