import GraderCore

extension ExamAnalysis {
    /// The report as blocks for the HTML and PDF writers; `title` names the exam.
    public func report(title: String) -> ReportDocument {
        let stats = statistics, limits = stats.thresholds
        func d(_ value: Double?) -> String { StatisticText.figure(value) }
        let confidence = limits.confidenceText, groupShare = StatisticText.figure(limits.groupShare * 100, places: 1) + " %"
        var blocks: [ReportDocument.Block] = [
            .paragraph("\(stats.students) students, \(stats.questions.count) questions. In the totals: the students graded on every "
                + "question (\(stats.complete)), on the \(stats.questionsInTotal) questions anyone was graded on (maximum "
                + "\(StatisticText.points(stats.maxTotal)) points). "
                + "Standard deviations are population figures (÷ n); n/a marks a figure that does not exist for these scores."),
            .heading("The exam"),
            .table(header: ["Statistic", "Value"], rows: [
                ["Students in the totals", "\(stats.complete) of \(stats.students)"],
                ["Mean", d(stats.mean)], ["Median", StatisticText.total(stats.median)], ["Standard deviation", d(stats.standardDeviation)],
                ["Lowest – highest", "\(StatisticText.total(stats.minimum)) – \(StatisticText.total(stats.maximum))"],
                ["Cronbach's α (\(confidence) interval)", StatisticText.figure(stats.alpha, stats.alphaInterval)],
                ["KR-20 (every score right or wrong)", d(stats.kr20)],
                ["Standard error of measurement", d(stats.standardError)],
            ] + (stats.bubbleQuestions.isEmpty ? [] : [
                ["Bubble rows not read with certainty", "\(stats.unreadBubbleRows) (\(stats.studentsWithUnreadRows) students)"],
            ])),
        ]
        if !stats.flags.isEmpty { blocks.append(.list(stats.flags)) }
        if let histogram = StatisticsCharts.histogram(stats) { blocks.append(.figure(histogram)) }

        blocks.append(.heading("Questions"))
        blocks.append(.paragraph("Facility = mean ÷ maximum. r = correlation with the total of the other questions. "
            + "D = (mean of the top \(groupShare) by total − mean of the bottom \(groupShare)) ÷ maximum. α if deleted = the "
            + "exam's α without the question: above the exam's α, the question lowers it. In brackets, each figure's "
            + "\(confidence) interval: Wilson's for the facility, Fisher's z for r, Newcombe's for D, Feldt's for α. A question "
            + "is flagged only when its whole interval lies beyond the limit — facility below \(d(limits.hardFacility)) or above "
            + "\(d(limits.easyFacility)), r below \(d(limits.itemTotalCorrelation)), D below \(d(limits.discrimination)); the "
            + "exam when α's lies below \(d(limits.reliability)) — so that in a small class a figure past a limit by chance is "
            + "not flagged: its interval shows how little the class can tell."))
        blocks.append(.table(
            header: ["Question", "Max", "Graded", "?", "Mean", "SD", "Facility", "r", "D", "α if deleted", "Flags"],
            rows: stats.questions.map { q in
                [q.name, StatisticText.points(q.maxPoints), "\(q.graded)", "\(q.ungraded)", d(q.mean), d(q.standardDeviation),
                 StatisticText.figure(q.facility, q.facilityInterval), StatisticText.figure(q.itemTotalCorrelation, q.itemTotalCorrelationInterval),
                 StatisticText.figure(q.discrimination, q.discriminationInterval), d(q.alphaIfDeleted), q.flags.joined(separator: "; ")]
            }))
        if let scatter = StatisticsCharts.facilityDiscrimination(stats) { blocks.append(.figure(scatter)) }
        if !rubricItems.isEmpty {
            blocks.append(.heading("Rubric items"))
            blocks.append(.table(header: ["Question", "Item", "Students"],
                                 rows: rubricItems.map { ["\($0.question) i\($0.number)", $0.label, "\($0.students)"] }))
        }
        blocks.append(.heading("Score distributions"))
        blocks += StatisticsCharts.distributions(stats).map(ReportDocument.Block.figure)

        if !stats.bubbleQuestions.isEmpty {
            blocks.append(.heading("Bubble questions"))
            blocks.append(.paragraph("Each choice: the share of students whose row was read who marked it, and (in brackets) the "
                + "correlation of marking it with the total of the other questions. ✓ marks the key. Rows not read with certainty "
                + "(unclear or several marks) are counted under Unread, not in the shares."))
            let labels = stats.bubbleQuestions.reduce(into: [String]()) { labels, question in
                for option in question.options where !labels.contains(option.label) { labels.append(option.label) }
            }
            func cells(_ q: OptionStatistics, _ text: (OptionStatistics.Option) -> String) -> [String] {
                labels.map { label in q.options.first { $0.label == label }.map { ($0.keyed ? "✓ " : "") + text($0) } ?? "" }
            }
            blocks.append(.table(header: ["Question", "Read", "Blank", "Unread"] + labels, rows: stats.bubbleQuestions.map { q in
                [q.name, "\(q.read)", "\(q.blank)", "\(q.unread)"] + cells(q, \.summary)
            }))
            if stats.bubbleQuestions.contains(where: { $0.groupSize != nil }) {
                blocks.append(.paragraph("How the upper and the lower \(groupShare) of the class by total marked each choice "
                    + "(upper / lower, out of the group size). The key is doubted (\"check the key\") when the keyed answer's "
                    + "markers did worse on the rest of the exam (r's whole \(confidence) interval below 0), when the upper "
                    + "group marked another choice more often than the key (a sign test) or when the lower group scored better "
                    + "(D's whole interval below 0); the choice whose markers did best on the rest is then named as the likely answer."))
                func split(_ counts: OptionStatistics.GroupCount?) -> String { counts.map { "\($0.upper) / \($0.lower)" } ?? "" }
                blocks.append(.table(header: ["Question", "Group size"] + labels + ["Blank", "Unread", "Likely answer"],
                                     rows: stats.bubbleQuestions.map { q in
                    [q.name, q.groupSize.map(String.init) ?? "n/a"] + cells(q) { split($0.groups) }
                        + [split(q.blankGroups), split(q.unreadGroups), q.likelyAnswer ?? ""]
                }))
            }
            let flagged = stats.bubbleQuestions.filter { !$0.flags.isEmpty }.map { "\($0.name): " + $0.flags.joined(separator: "; ") }
            if !flagged.isEmpty { blocks.append(.list(flagged)) }
        }
        // A written exam has no bubble sheets to screen: the section would be empty.
        guard !stats.bubbleQuestions.isEmpty else { return ReportDocument(title: title, blocks: blocks) }

        blocks.append(.heading("Bubble sheets worth a look"))
        blocks.append(.paragraph(screeningMethod))
        if screening.pairs.isEmpty {
            blocks.append(.paragraph(screening.questions == 0
                ? "No single-answer bubble question has a key, so no answers were screened."
                : "No pair stands out: \(screening.pairsCompared) pairs compared on \(screening.questions) questions."))
        } else {
            blocks.append(.table(header: ["Students", "Both wrong", "Same wrong answer", "Expected", "P", "Pairs by chance", "Shared wrong answers"],
                                 rows: screening.pairs.map { pair in
                [pair.first + " & " + pair.second, "\(pair.bothWrong)", "\(pair.identicalWrong)", StatisticText.decimal(pair.expected, places: 1),
                 StatisticText.probability(pair.probability), StatisticText.probability(pair.chancePairs), pair.shared.joined(separator: ", ")]
            }))
        }
        return ReportDocument(title: title, blocks: blocks)
    }

    /// What the screening computes and how to read it, for the report and the command's output.
    public var screeningMethod: String {
        "For each pair of students, the single-answer questions both got wrong are counted, and how many of those they "
            + "answered with the same wrong choice. If students chose independently, with each wrong choice as popular as "
            + "it was among the other students who got the question wrong (plus one imagined student per choice), the "
            + "number of identical wrong choices follows a Poisson-binomial distribution; P is the chance of at least as "
            + "many. A pair is listed when P × the \(screening.pairsCompared) pairs compared is below "
            + "\(StatisticText.probability(screening.threshold)). A listed pair is worth a look, not evidence: students "
            + "who studied together, sat near the same misprint or share a misconception also agree."
    }
}
