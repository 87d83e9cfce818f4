import GraderStore

/// What one grader has scored: how many scores stand in their name and when they last gave one.
public struct GraderActivity: Sendable, Equatable, Encodable {
    /// The grader ("" for scores given before graders were recorded).
    public let grader: String
    /// Scores that stand in their name.
    public let scores: Int
    /// When they gave the latest of them (UTC, ISO 8601).
    public let last: String
}

extension GradingProject {
    /// Every grader with scores standing in their name, most scores first.
    public func graderActivity() throws -> [GraderActivity] {
        let records = try scoreRecords().values.flatMap(\.values)
        return Dictionary(grouping: records, by: \.grader).map { grader, given in
            GraderActivity(grader: grader, scores: given.count, last: given.map(\.at).max() ?? "")
        }.sorted { ($0.scores, $1.grader) > ($1.scores, $0.grader) }
    }
}
