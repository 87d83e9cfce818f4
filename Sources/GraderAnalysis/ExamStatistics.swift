import GraderCore

/// What an exam tells the instructor: how each question worked, how the bubble choices were used,
/// and how reliable the total is.
///
/// Who counts where:
/// - a question's graded count, mean, SD, facility and distribution use every student graded on
///   it; ungraded ("?") scores are left out and counted;
/// - totals, α, SEM, the correlations and the discrimination index use the *complete* students,
///   graded on every question that anyone was graded on; the others are counted in `incomplete`.
///   A question nobody was graded on is left out of the totals (and says so);
/// - standard deviations and variances are population figures (÷ n);
/// - a statistic that does not exist (no students, one question, zero variance) is nil ("n/a").
public struct ExamStatistics: Sendable, Equatable {
    /// The students in the class.
    public let students: Int
    /// Students graded on every question in the totals.
    public let complete: Int
    /// Students left out of the totals for an ungraded score.
    public let incomplete: Int
    /// Bubble rows in the totals that the machine could not read with certainty and nobody has
    /// graded, and the students they belong to (left out of the totals for them).
    public let unreadBubbleRows: Int, studentsWithUnreadRows: Int
    /// Questions in the totals (those with at least one score).
    public let questionsInTotal: Int
    /// The maximum total of those questions.
    public let maxTotal: Double
    /// Every complete student's total, in student order.
    public let totals: [Double]
    /// Mean total.
    public let mean: Double?
    /// Median total.
    public let median: Double?
    /// Population standard deviation of the totals.
    public let standardDeviation: Double?
    /// Lowest total.
    public let minimum: Double?
    /// Highest total.
    public let maximum: Double?
    /// Cronbach's α = k/(k−1)·(1 − Σσᵢ²/σₓ²) over the questions in the total.
    public let alpha: Double?
    /// Feldt's interval for α (see `Interval`).
    public let alphaInterval: Interval?
    /// KR-20 = k/(k−1)·(1 − Σpᵢqᵢ/σₓ²) on the right/wrong scale, when every score is 0 or the
    /// maximum (then it equals α); nil otherwise.
    public let kr20: Double?
    /// Standard error of measurement SD·√(1 − α), in points.
    public let standardError: Double?
    /// Each question, in reading order.
    public let questions: [ItemStatistics]
    /// Each question read from bubbles.
    public let bubbleQuestions: [OptionStatistics]
    /// What deserves a look about the exam as a whole.
    public let flags: [String]
    /// The limits the flags use.
    public let thresholds: StatisticsThresholds

    /// The statistics of `matrix`.
    public init(_ matrix: ScoreMatrix, thresholds: StatisticsThresholds = StatisticsThresholds()) {
        let inTotal = matrix.items.indices.filter { matrix.items[$0].scores.contains { $0 != nil } }
        let complete = inTotal.isEmpty ? [] : matrix.students.indices.filter { student in
            inTotal.allSatisfy { matrix.items[$0].scores[student] != nil }
        }
        let totals = complete.map { student in inTotal.reduce(0.0) { $0 + (matrix.items[$1].scores[student] ?? 0) } }
        let groups = Self.groups(totals, share: thresholds.groupShare)

        students = matrix.students.count
        self.complete = complete.count
        incomplete = matrix.students.count - complete.count
        let unread = matrix.bubbleItems.filter { inTotal.contains($0.item) }.flatMap { bubble in
            matrix.students.indices.filter { bubble.responses[$0] == nil && matrix.items[bubble.item].scores[$0] == nil }
        }
        unreadBubbleRows = unread.count
        studentsWithUnreadRows = Set(unread).count
        questionsInTotal = inTotal.count
        maxTotal = inTotal.reduce(0) { $0 + matrix.items[$1].maxPoints }
        self.totals = totals
        mean = Descriptive.mean(totals)
        median = Descriptive.median(totals)
        let deviation = Descriptive.standardDeviation(totals)
        standardDeviation = deviation
        minimum = totals.min()
        maximum = totals.max()

        let itemScores = inTotal.map { item in complete.map { matrix.items[item].scores[$0] ?? 0 } }
        let totalVariance = Descriptive.variance(totals)
        let alpha = Self.alpha(itemScores)
        var kr20: Double?
        if alpha != nil, let totalVariance {
            let k = Double(inTotal.count)
            let dichotomous = zip(inTotal, itemScores).allSatisfy { item, scores in
                scores.allSatisfy { $0 == 0 || $0 == matrix.items[item].maxPoints }
            }
            if dichotomous {
                // On the right/wrong scale each question weighs its maximum; pq is then the
                // variance of a 0/1 score, times the maximum squared in points.
                let pq = zip(inTotal, itemScores).reduce(0.0) { sum, pair in
                    let max = matrix.items[pair.0].maxPoints
                    let p = Double(pair.1.filter { $0 == max && max > 0 }.count) / Double(complete.count)
                    return sum + p * (1 - p) * max * max
                }
                kr20 = k / (k - 1) * (1 - pq / totalVariance)
            }
        }
        self.alpha = alpha
        alphaInterval = Interval.feldt(alpha, students: complete.count, items: inTotal.count, confidence: thresholds.confidence)
        self.kr20 = kr20
        standardError = alpha.flatMap { alpha in deviation.map { $0 * max(0, 1 - alpha).squareRoot() } }

        let questions = matrix.items.indices.map { index in
            // α if deleted needs 2 questions left; α of 1 question does not exist.
            let alphaIfDeleted = inTotal.firstIndex(of: index).flatMap { position in
                Self.alpha(itemScores.indices.filter { $0 != position }.map { itemScores[$0] })
            }
            return ItemStatistics(matrix.items[index], complete: complete, totals: totals, groups: groups,
                                  alphaIfDeleted: alphaIfDeleted, thresholds: thresholds)
        }
        self.questions = questions
        bubbleQuestions = matrix.bubbleItems.map {
            OptionStatistics($0, item: matrix.items[$0.item], question: questions[$0.item], complete: complete, totals: totals,
                             groups: groups, thresholds: thresholds)
        }

        var flags: [String] = []
        if let flag = thresholds.flag("low reliability: α", alpha, alphaInterval, below: true, limit: thresholds.reliability) {
            flags.append(flag)
        }
        if complete.count < matrix.students.count {
            flags.append("\(matrix.students.count - complete.count) of \(matrix.students.count) students left out of the totals: they have ungraded scores (grade them to include them)")
        }
        if unreadBubbleRows > 0 {
            flags.append("\(studentsWithUnreadRows) of \(matrix.students.count) students have bubble rows not read with certainty "
                + "(\(unreadBubbleRows) rows: unclear marks, several marks or a block not placed): review them (ezgrader omr) to include them")
        }
        let notGraded = matrix.items.count - inTotal.count
        if notGraded > 0 { flags.append("\(notGraded) of \(matrix.items.count) questions not graded yet: left out of the totals") }
        if complete.count < thresholds.fewStudents {
            flags.append("students graded on every question: \(complete.count), fewer than \(thresholds.fewStudents): treat every figure as rough")
        }
        self.flags = flags
        self.thresholds = thresholds
    }

    /// Cronbach's α = k/(k−1)·(1 − Σσᵢ²/σₓ²) of `items` (each one score per student, same
    /// students); nil for fewer than 2 items or students, or totals that do not vary.
    static func alpha(_ items: [[Double]]) -> Double? {
        guard items.count >= 2, let first = items.first, first.count >= 2 else { return nil }
        let totals = first.indices.map { student in items.reduce(0.0) { $0 + $1[student] } }
        guard let totalVariance = Descriptive.variance(totals), totalVariance > 0 else { return nil }
        let k = Double(items.count), itemVariances = items.reduce(0.0) { $0 + (Descriptive.variance($1) ?? 0) }
        return k / (k - 1) * (1 - itemVariances / totalVariance)
    }

    /// The upper and lower groups (indices into `totals`): the top and bottom `share` of the
    /// students by total, rounded, at least one each; ties at a boundary go by student order.
    /// Nil for fewer than two students.
    static func groups(_ totals: [Double], share: Double) -> (upper: [Int], lower: [Int])? {
        guard totals.count >= 2 else { return nil }
        let size = min(totals.count / 2, max(1, Int((share * Double(totals.count)).rounded())))
        let ranked = totals.indices.sorted { (totals[$0], -$0) > (totals[$1], -$1) }
        return (Array(ranked.prefix(size)), Array(ranked.suffix(size)))
    }
}
