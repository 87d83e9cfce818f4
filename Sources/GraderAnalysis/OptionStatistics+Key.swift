import GraderCore

extension OptionStatistics {
    /// Whether the key of a question with `options` looks wrong, and which choice looks right.
    ///
    /// The key is doubted on any of three pieces of evidence, each a test at the confidence of
    /// the intervals, so that a small class's chance pattern does not raise it:
    /// - a keyed choice whose markers did worse on the rest of the exam: its correlation's whole
    ///   Fisher interval below 0;
    /// - a choice the key does not accept that the upper group marked more often than the keyed
    ///   one: the sign test over the upper-group students who marked either (P below the
    ///   interval's one-sided level, (1 − confidence) ÷ 2);
    /// - the question's discrimination below 0: its whole Newcombe interval below 0.
    /// The likely right answer is the choice the key does not accept with the highest positive
    /// correlation with the rest of the exam; nil when no such choice exists.
    static func keyCheck(_ options: [Option], question: ItemStatistics, groupSize: Int?,
                         thresholds: StatisticsThresholds) -> (flag: String, likely: String?)? {
        let confidence = thresholds.confidenceText
        var evidence: [String] = options.filter(\.keyed).compactMap { option in
            guard let r = option.restCorrelation, let interval = option.restCorrelationInterval, interval.upper < 0 else { return nil }
            return "students who marked the keyed answer \(option.label) did worse on the rest of the exam "
                + "(r = \(ItemStatistics.format(r)), \(confidence) interval \(interval.text))"
        }
        let keyedUpper = options.filter(\.keyed).compactMap { $0.groups?.upper }.max()
        for option in options {
            guard let p = option.upperPreferenceP, p < (1 - thresholds.confidence) / 2, let groups = option.groups,
                  let keyedUpper, let size = groupSize else { continue }
            evidence.append("the upper group marked \(option.label) (\(groups.upper) of \(size)) more often than the keyed answer "
                + "(\(keyedUpper) of \(size)), P = \(StatisticText.probability(p))")
        }
        if let d = question.discrimination, let interval = question.discriminationInterval, interval.upper < 0 {
            evidence.append("the lower group scored better than the upper group (D = \(ItemStatistics.format(d)), "
                + "\(confidence) interval \(interval.text))")
        }
        guard !evidence.isEmpty else { return nil }
        let likely = options.filter { !$0.keyed && ($0.restCorrelation ?? 0) > 0 }
            .max { ($0.restCorrelation ?? 0) < ($1.restCorrelation ?? 0) }
        guard let likely, let r = likely.restCorrelation else {
            return ("check the key: " + evidence.joined(separator: "; ") + "; no other choice stands out", nil)
        }
        let groups = likely.groups.flatMap { groups in groupSize.map { "upper group \(groups.upper) of \($0), lower \(groups.lower) of \($0), " } }
        return ("check the key: " + evidence.joined(separator: "; ") + "; \(likely.label) is likely the right answer "
            + "(\(groups ?? "")r = \(ItemStatistics.format(r)))", likely.label)
    }
}
