import GraderCore

/// How the choices of one bubble question were used: the share of students choosing each, how
/// choosing it goes with the rest of the exam, how the upper and lower 27 % chose, and whether the
/// key looks wrong (with the choice that looks right).
public struct OptionStatistics: Sendable, Equatable {
    /// How many students of the upper and of the lower group (by total) did something.
    public struct GroupCount: Sendable, Equatable {
        /// In the upper group.
        public let upper: Int
        /// In the lower group.
        public let lower: Int
    }

    /// One choice of the question.
    public struct Option: Sendable, Equatable {
        /// Its label ("A").
        public let label: String
        /// True when an answer the key accepts has it (none when every answer counts).
        public let keyed: Bool
        /// How many read students marked it.
        public let count: Int
        /// `count` ÷ the students whose row was read (answered or blank).
        public let share: Double?
        /// Pearson (point-biserial) correlation of marking it with the total of the other
        /// questions, over the complete students whose row was read.
        public let restCorrelation: Double?
        /// Fisher's z interval for `restCorrelation`.
        public let restCorrelationInterval: Interval?
        /// How many of the upper and lower groups marked it; nil without groups (under 2 students in the totals).
        public let groups: GroupCount?
        /// For a choice the key does not accept, on a single-answer row: the sign test's P of the
        /// upper group marking it at least this much more often than the keyed choice they marked
        /// most, if both were equally attractive to them.
        public let upperPreferenceP: Double?

        /// Its share as a whole percentage and its correlation with the rest: "67% (0.42)".
        public var summary: String {
            (share.map { StatisticText.decimal($0 * 100, places: 0) + "%" } ?? "n/a")
                + " (\(StatisticText.figure(restCorrelation, places: 2)))"
        }
    }

    /// The question's name.
    public let name: String
    /// Students whose row was read with confidence (an answer or a blank).
    public let read: Int
    /// Students whose row is blank.
    public let blank: Int
    /// Students without a confident reading (not read, several marks, uncertain).
    public let unread: Int
    /// Each choice in printed order.
    public let options: [Option]
    /// The size of each of the upper and lower groups; nil without groups.
    public let groupSize: Int?
    /// Blank rows in the upper and lower groups.
    public let blankGroups: GroupCount?
    /// Rows of the upper and lower groups not read with confidence (their score was given by hand).
    public let unreadGroups: GroupCount?
    /// When the key looks wrong: the choice the key does not accept whose markers did best on the
    /// rest of the exam (a positive correlation), the likely right answer.
    public let likelyAnswer: String?
    /// What deserves a look: a key that looks wrong ("check the key", with its evidence and the
    /// likely right answer), choices nobody marked, no key.
    public let flags: [String]

    /// The option analysis of `bubble`, whose scores are `item` and statistics `question`;
    /// `complete` are the students in the exam's totals, `totals` their totals and `groups` the
    /// upper and lower groups (indices into `complete`).
    init(_ bubble: ScoreMatrix.BubbleItem, item: ScoreMatrix.Item, question: ItemStatistics, complete: [Int], totals: [Double],
         groups: (upper: [Int], lower: [Int])?, thresholds: StatisticsThresholds) {
        let responses = bubble.responses
        let readStudents = responses.indices.filter { responses[$0] != nil }
        name = item.name
        read = readStudents.count
        blank = readStudents.filter { responses[$0]?.isEmpty == true }.count
        unread = responses.count - read
        let correlated = zip(complete, totals).filter { responses[$0.0] != nil }
        let rest = correlated.map { $0.1 - (item.scores[$0.0] ?? 0) }
        let inGroups = { (test: ([String]?) -> Bool) -> GroupCount? in
            groups.map { groups in
                GroupCount(upper: groups.upper.filter { test(responses[complete[$0]]) }.count,
                           lower: groups.lower.filter { test(responses[complete[$0]]) }.count)
            }
        }
        let keyed = bubble.choices.map { bubble.accepted?.keyedChoices.contains($0) == true }
        let marks = bubble.choices.map { label in inGroups { $0?.contains(label) == true } }
        // The keyed choice the upper group marked most: a choice they prefer to it is a sign of a wrong key.
        let keyedUpper = zip(keyed, marks).filter(\.0).compactMap { $0.1?.upper }.max()
        options = bubble.choices.indices.map { index in
            let label = bubble.choices[index]
            let count = readStudents.filter { responses[$0]?.contains(label) == true }.count
            let marked = correlated.map { responses[$0.0]?.contains(label) == true ? 1.0 : 0.0 }
            let r = Descriptive.correlation(marked, rest)
            var preference: Double?
            if bubble.singleAnswer, !keyed[index], let keyedUpper, let upper = marks[index]?.upper {
                preference = PoissonBinomial.tail(Array(repeating: 0.5, count: upper + keyedUpper), atLeast: upper)
            }
            return Option(label: label, keyed: keyed[index], count: count,
                          share: Descriptive.ratio(Double(count), Double(readStudents.count)), restCorrelation: r,
                          restCorrelationInterval: Interval.fisher(r, count: correlated.count, confidence: thresholds.confidence),
                          groups: marks[index], upperPreferenceP: preference)
        }
        groupSize = groups?.upper.count
        blankGroups = inGroups { $0?.isEmpty == true }
        unreadGroups = inGroups { $0 == nil }

        var flags: [String] = []
        if bubble.accepted == nil { flags.append("no answer key") }
        if bubble.accepted == AcceptedAnswers.any { flags.append("every answer counts (* in the key)") }
        let check = Self.keyCheck(options, question: question, groupSize: groupSize, thresholds: thresholds)
        likelyAnswer = check?.likely
        if let check { flags.append(check.flag) }
        let unused = options.filter { $0.count == 0 }.map(\.label)
        if read > 0, !unused.isEmpty {
            flags.append("nobody chose " + unused.joined(separator: ", "))
        }
        self.flags = flags
    }
}
