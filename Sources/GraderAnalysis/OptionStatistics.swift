import GraderCore

/// How the choices of one bubble question were used: the share of students choosing each, and
/// how choosing it goes with the rest of the exam.
public struct OptionStatistics: Sendable, Equatable {
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

        /// Its share as a whole percentage and its correlation with the rest: "67% (0.42)".
        public var summary: String {
            (share.map { StatisticText.decimal($0 * 100, places: 0) + "%" } ?? "n/a")
                + " (\(StatisticText.decimal(restCorrelation, places: 2)))"
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
    /// What deserves a look: a keyed choice that goes against the rest of the exam ("check the
    /// key"), choices nobody marked, no key.
    public let flags: [String]

    /// The option analysis of `bubble`; `complete` are the students in the exam's totals and
    /// `totals` their totals.
    init(_ bubble: ScoreMatrix.BubbleItem, item: ScoreMatrix.Item, complete: [Int], totals: [Double]) {
        let responses = bubble.responses
        let readStudents = responses.indices.filter { responses[$0] != nil }
        name = item.name
        read = readStudents.count
        blank = readStudents.filter { responses[$0]?.isEmpty == true }.count
        unread = responses.count - read
        let correlated = zip(complete, totals).filter { responses[$0.0] != nil }
        let rest = correlated.map { $0.1 - (item.scores[$0.0] ?? 0) }
        options = bubble.choices.map { label in
            let count = readStudents.filter { responses[$0]?.contains(label) == true }.count
            let marked = correlated.map { responses[$0.0]?.contains(label) == true ? 1.0 : 0.0 }
            return Option(label: label, keyed: bubble.accepted?.keyedChoices.contains(label) == true, count: count,
                          share: Descriptive.ratio(Double(count), Double(readStudents.count)),
                          restCorrelation: Descriptive.correlation(marked, rest))
        }

        var flags: [String] = []
        if bubble.accepted == nil { flags.append("no answer key") }
        if bubble.accepted == AcceptedAnswers.any { flags.append("every answer counts (* in the key)") }
        for option in options where option.keyed {
            if let r = option.restCorrelation, r < 0 {
                flags.append("check the key: students who marked the keyed answer \(option.label) did worse on the rest "
                    + "of the exam (r = \(ItemStatistics.format(r)) < 0)")
            }
        }
        let unused = options.filter { $0.count == 0 }.map(\.label)
        if read > 0, !unused.isEmpty {
            flags.append("nobody chose " + unused.joined(separator: ", "))
        }
        self.flags = flags
    }
}
