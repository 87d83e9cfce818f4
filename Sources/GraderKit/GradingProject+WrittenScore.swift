@_spi(Rules) import GraderCore
import GraderDigits

/// Scores written by pen in the score pad: read and offered, never recorded here (the grader's tap
/// on the offer records it as a typed score, with `setScore(typed:…)`).
extension GradingProject {
    /// The shipped reader, loaded once.
    private static let writtenScoreReader = Result { () throws(DigitReaderError) in try WrittenScoreReader() }

    /// What `strokes` (each the points the pen passed through in the score pad's writing area, y
    /// down, in any unit) say as a score for `question`; refused to a grader who may not score.
    public func readWrittenScore(_ strokes: [[PagePoint]], question: QuestionID) throws -> WrittenScore {
        try permit(.score)
        let numbered = try self.question(id: question)
        return try Self.writtenScoreReader.get().read(strokes, for: numbered) { text in
            guard case .points(let points)? = try? GradingRules.score(text, for: numbered) else { return nil }
            return points
        }
    }
}
