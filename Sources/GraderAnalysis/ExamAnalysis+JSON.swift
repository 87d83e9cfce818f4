import Foundation
import GraderCore

/// The analysis as JSON for scripts (`ezgrader stats --json`): statistics rounded to 3 decimals,
/// probabilities to 3 significant digits, and a statistic that does not exist as `null`.
extension ExamAnalysis: Encodable {
    fileprivate enum Keys: String, CodingKey {
        case exam, questions, bubbleQuestions, screening, thresholds, rubricItems
        case students, complete, incomplete, questionsInTotal, maxTotal, mean, median, standardDeviation, minimum, maximum
        case alpha, kr20, standardError, flags, name, maxPoints, graded, ungraded, facility, itemTotalCorrelation
        case discrimination, distribution, points, count, read, blank, unread, options, label, keyed, share, restCorrelation
        case pairsCompared, threshold, pairs, first, second, bothWrong, identicalWrong, expected, probability, chancePairs, shared
        case hardFacility, easyFacility, reliability, fewStudents, groupShare, confidence
        case unreadBubbleRows, studentsWithUnreadRows, alphaInterval, facilityInterval, itemTotalCorrelationInterval
        case discriminationInterval, alphaIfDeleted, restCorrelationInterval, groups, upper, lower, upperPreferenceP
        case groupSize, blankGroups, unreadGroups, likelyAnswer
        case versions, versionUnknown
    }

    /// Encodes the analysis as one JSON object.
    public func encode(to encoder: any Encoder) throws {
        var root = encoder.container(keyedBy: Keys.self)
        try root.encode(rubricItems, forKey: .rubricItems)
        let s = statistics
        var exam = root.nestedContainer(keyedBy: Keys.self, forKey: .exam)
        try exam.encode(s.students, forKey: .students)
        try exam.encode(s.complete, forKey: .complete)
        try exam.encode(s.incomplete, forKey: .incomplete)
        try exam.encode(s.questionsInTotal, forKey: .questionsInTotal)
        try exam.encode(s.unreadBubbleRows, forKey: .unreadBubbleRows)
        try exam.encode(s.studentsWithUnreadRows, forKey: .studentsWithUnreadRows)
        try exam.interval(s.alphaInterval, .alphaInterval)
        try exam.statistic(s.maxTotal, .maxTotal)
        for (value, key) in [(s.mean, Keys.mean), (s.median, .median), (s.standardDeviation, .standardDeviation), (s.minimum, .minimum),
                             (s.maximum, .maximum), (s.alpha, .alpha), (s.kr20, .kr20), (s.standardError, .standardError)] {
            try exam.statistic(value, key)
        }
        try exam.encode(s.flags, forKey: .flags)

        var questions = root.nestedUnkeyedContainer(forKey: .questions)
        for q in s.questions {
            var item = questions.nestedContainer(keyedBy: Keys.self)
            try item.encode(q.name, forKey: .name)
            try item.statistic(q.maxPoints, .maxPoints)
            try item.encode(q.graded, forKey: .graded)
            try item.encode(q.ungraded, forKey: .ungraded)
            for (value, key) in [(q.mean, Keys.mean), (q.standardDeviation, .standardDeviation), (q.facility, .facility),
                                 (q.itemTotalCorrelation, .itemTotalCorrelation), (q.discrimination, .discrimination)] {
                try item.statistic(value, key)
            }
            try item.interval(q.facilityInterval, .facilityInterval)
            try item.interval(q.itemTotalCorrelationInterval, .itemTotalCorrelationInterval)
            try item.interval(q.discriminationInterval, .discriminationInterval)
            try item.statistic(q.alphaIfDeleted, .alphaIfDeleted)
            var distribution = item.nestedUnkeyedContainer(forKey: .distribution)
            for entry in q.distribution {
                var row = distribution.nestedContainer(keyedBy: Keys.self)
                try row.statistic(entry.points, .points)
                try row.encode(entry.count, forKey: .count)
            }
            try item.encode(q.flags, forKey: .flags)
        }

        var bubbles = root.nestedUnkeyedContainer(forKey: .bubbleQuestions)
        try Self.encode(s.bubbleQuestions, into: &bubbles)

        var screen = root.nestedContainer(keyedBy: Keys.self, forKey: .screening)
        try screen.encode(screening.questions, forKey: .questions)
        try screen.encode(screening.pairsCompared, forKey: .pairsCompared)
        try screen.encode(screening.threshold, forKey: .threshold)
        var pairs = screen.nestedUnkeyedContainer(forKey: .pairs)
        for p in screening.pairs {
            var pair = pairs.nestedContainer(keyedBy: Keys.self)
            try pair.encode(p.first, forKey: .first)
            try pair.encode(p.second, forKey: .second)
            try pair.encode(p.bothWrong, forKey: .bothWrong)
            try pair.encode(p.identicalWrong, forKey: .identicalWrong)
            try pair.statistic(p.expected, .expected)
            try pair.probability(p.probability, .probability)
            try pair.probability(p.chancePairs, .chancePairs)
            try pair.encode(p.shared, forKey: .shared)
        }

        if !versions.isEmpty {
            // Per version: the totals' mean, each exam question's graded count, mean and facility, and
            // each bubble question's options as the exam labels them (read through the version's key).
            try root.encode(versionUnknown, forKey: .versionUnknown)
            var list = root.nestedUnkeyedContainer(forKey: .versions)
            for version in versions {
                var entry = list.nestedContainer(keyedBy: Keys.self)
                try entry.encode(version.name, forKey: .name)
                try entry.encode(version.statistics.students, forKey: .students)
                try entry.encode(version.statistics.complete, forKey: .complete)
                try entry.statistic(version.statistics.mean, .mean)
                var items = entry.nestedUnkeyedContainer(forKey: .questions)
                for q in version.statistics.questions {
                    var item = items.nestedContainer(keyedBy: Keys.self)
                    try item.encode(q.name, forKey: .name)
                    try item.encode(q.graded, forKey: .graded)
                    try item.statistic(q.mean, .mean)
                    try item.statistic(q.facility, .facility)
                }
                var versionBubbles = entry.nestedUnkeyedContainer(forKey: .bubbleQuestions)
                try Self.encode(version.statistics.bubbleQuestions, into: &versionBubbles)
            }
        }

        var limits = root.nestedContainer(keyedBy: Keys.self, forKey: .thresholds)
        let t = s.thresholds
        try limits.encode(t.hardFacility, forKey: .hardFacility)
        try limits.encode(t.easyFacility, forKey: .easyFacility)
        try limits.encode(t.itemTotalCorrelation, forKey: .itemTotalCorrelation)
        try limits.encode(t.discrimination, forKey: .discrimination)
        try limits.encode(t.reliability, forKey: .reliability)
        try limits.encode(t.fewStudents, forKey: .fewStudents)
        try limits.encode(t.groupShare, forKey: .groupShare)
        try limits.encode(t.confidence, forKey: .confidence)
    }

    /// Each bubble question's option analysis, appended to `list`.
    private static func encode(_ questions: [OptionStatistics], into bubbles: inout UnkeyedEncodingContainer) throws {
        for b in questions {
            var item = bubbles.nestedContainer(keyedBy: Keys.self)
            try item.encode(b.name, forKey: .name)
            try item.encode(b.read, forKey: .read)
            try item.encode(b.blank, forKey: .blank)
            try item.encode(b.unread, forKey: .unread)
            try item.encode(b.groupSize, forKey: .groupSize)
            try item.groups(b.blankGroups, .blankGroups)
            try item.groups(b.unreadGroups, .unreadGroups)
            try item.encode(b.likelyAnswer, forKey: .likelyAnswer)
            var options = item.nestedUnkeyedContainer(forKey: .options)
            for o in b.options {
                var option = options.nestedContainer(keyedBy: Keys.self)
                try option.encode(o.label, forKey: .label)
                try option.encode(o.keyed, forKey: .keyed)
                try option.encode(o.count, forKey: .count)
                try option.statistic(o.share, .share)
                try option.statistic(o.restCorrelation, .restCorrelation)
                try option.interval(o.restCorrelationInterval, .restCorrelationInterval)
                try option.groups(o.groups, .groups)
                if let p = o.upperPreferenceP { try option.probability(p, .upperPreferenceP) } else { try option.encodeNil(forKey: .upperPreferenceP) }
            }
            try item.encode(b.flags, forKey: .flags)
        }
    }
}

extension KeyedEncodingContainer {
    /// `value` rounded to 3 decimals, or null.
    fileprivate mutating func statistic(_ value: Double?, _ key: Key) throws {
        if let rounded = StatisticText.rounded(value) { try encode(rounded, forKey: key) } else { try encodeNil(forKey: key) }
    }

    /// An interval as `{"lower": …, "upper": …}` (3 decimals), or null.
    fileprivate mutating func interval(_ value: Interval?, _ key: Key) throws where Key == ExamAnalysis.Keys {
        guard let value else { return try encodeNil(forKey: key) }
        var ends = nestedContainer(keyedBy: ExamAnalysis.Keys.self, forKey: key)
        try ends.statistic(value.lower, .lower)
        try ends.statistic(value.upper, .upper)
    }

    /// Upper- and lower-group counts as `{"upper": …, "lower": …}`, or null.
    fileprivate mutating func groups(_ value: OptionStatistics.GroupCount?, _ key: Key) throws where Key == ExamAnalysis.Keys {
        guard let value else { return try encodeNil(forKey: key) }
        var counts = nestedContainer(keyedBy: ExamAnalysis.Keys.self, forKey: key)
        try counts.encode(value.upper, forKey: .upper)
        try counts.encode(value.lower, forKey: .lower)
    }

    /// A probability to 3 significant digits.
    fileprivate mutating func probability(_ value: Double, _ key: Key) throws {
        try encode(Double(String(format: "%.3g", value)) ?? value, forKey: key)
    }
}
