import GraderCore

extension ExamAnalysis {
    /// The report as blocks for the HTML and PDF writers; `title` names the exam.
    public func report(title: String) -> ReportDocument {
        let stats = statistics, limits = stats.thresholds
        func d(_ value: Double?) -> String { StatisticText.decimal(value) }
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
                ["Cronbach's α", d(stats.alpha)],
                ["KR-20 (every score right or wrong)", d(stats.kr20)],
                ["Standard error of measurement", d(stats.standardError)],
            ]),
        ]
        if !stats.flags.isEmpty { blocks.append(.list(stats.flags)) }
        if let histogram = StatisticsCharts.histogram(stats) { blocks.append(.figure(histogram)) }

        blocks.append(.heading("Questions"))
        blocks.append(.paragraph("Facility = mean ÷ maximum. r = correlation with the total of the other questions. "
            + "D = (mean of the top 27 % by total − mean of the bottom 27 %) ÷ maximum. Flagged: facility below "
            + "\(d(limits.hardFacility)) or above \(d(limits.easyFacility)), r below \(d(limits.itemTotalCorrelation)), "
            + "D below \(d(limits.discrimination)); α below \(d(limits.reliability))."))
        blocks.append(.table(
            header: ["Question", "Max", "Graded", "?", "Mean", "SD", "Facility", "r", "D", "Flags"],
            rows: stats.questions.map { q in
                [q.name, StatisticText.points(q.maxPoints), "\(q.graded)", "\(q.ungraded)", d(q.mean), d(q.standardDeviation),
                 d(q.facility), d(q.itemTotalCorrelation), d(q.discrimination), q.flags.joined(separator: "; ")]
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
                + "correlation of marking it with the total of the other questions. ✓ marks the key. A keyed choice with a "
                + "negative correlation is flagged \"check the key\"."))
            let labels = stats.bubbleQuestions.reduce(into: [String]()) { labels, question in
                for option in question.options where !labels.contains(option.label) { labels.append(option.label) }
            }
            blocks.append(.table(header: ["Question", "Read", "Blank"] + labels, rows: stats.bubbleQuestions.map { q in
                [q.name, "\(q.read)", "\(q.blank)"] + labels.map { label in
                    guard let option = q.options.first(where: { $0.label == label }) else { return "" }
                    return (option.keyed ? "✓ " : "") + option.summary
                }
            }))
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
