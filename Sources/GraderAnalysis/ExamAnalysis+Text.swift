import GraderCore

/// The analysis as plain text, what `ezgrader stats` prints: the exam, each question, the bubble
/// choices and the screened pairs of sheets.
extension ExamAnalysis {
    /// The report's lines for `title` (the exam's name), tab-separated within a question's line.
    public func textLines(title: String) -> [String] {
        var lines: [String] = []
        func add(_ line: String) { lines.append(line) }
        let stats = statistics
        func d(_ value: Double?) -> String { StatisticText.figure(value) }
        add("\(title): \(count(stats.students, "student")), \(count(stats.questions.count, "question")); "
            + "totals over \(count(stats.complete, "student")) graded on every question (maximum \(StatisticText.points(stats.maxTotal))).")
        add("Totals: mean \(d(stats.mean)), median \(StatisticText.total(stats.median)), SD \(d(stats.standardDeviation)), "
            + "range \(StatisticText.total(stats.minimum)) – \(StatisticText.total(stats.maximum)); α \(StatisticText.figure(stats.alpha, stats.alphaInterval))"
            + (stats.kr20 == nil ? "" : " (= KR-20)") + ", SEM \(d(stats.standardError)).")
        stats.flags.forEach { add("  ! \($0)") }
        add("Questions (graded, ?, mean, SD, facility, r with the rest, D — each with its \(stats.thresholds.confidenceText) interval — "
            + "α if deleted):")
        for q in stats.questions {
            add("  " + ([q.name, "\(q.graded)", "\(q.ungraded)", d(q.mean), d(q.standardDeviation), StatisticText.figure(q.facility, q.facilityInterval),
                           StatisticText.figure(q.itemTotalCorrelation, q.itemTotalCorrelationInterval),
                           StatisticText.figure(q.discrimination, q.discriminationInterval), d(q.alphaIfDeleted)]
                        + (q.flags.isEmpty ? [] : [q.flags.joined(separator: "; ")]))
                .joined(separator: "\t"))
        }
        if !stats.bubbleQuestions.isEmpty {
            add("Bubble choices (share of the rows read, r with the rest, marks in the upper and lower "
                + "\(StatisticText.figure(stats.thresholds.groupShare * 100, places: 1)) %; * the key):")
            for b in stats.bubbleQuestions {
                let options = b.options.map { option in
                    "\(option.keyed ? "*" : "")\(option.label) \(option.summary)"
                        + (option.groups.map { " upper \($0.upper), lower \($0.lower)" } ?? "")
                }
                let groups = b.groupSize.map { ["groups of \($0)"] } ?? []
                let blank = b.blank > 0 ? ["blank \(b.blank)"] : [], unread = b.unread > 0 ? ["unread \(b.unread)"] : []
                add("  " + ([b.name] + options + blank + unread + groups + (b.flags.isEmpty ? [] : [b.flags.joined(separator: "; ")]))
                    .joined(separator: "\t"))
            }
        }
        lines += versionLines()
        // A written exam has no bubble sheets: no line about screening them.
        guard !stats.bubbleQuestions.isEmpty else { return lines }
        let screening = screening
        if screening.questions == 0 {
            add("Bubble sheets: no single-answer bubble question has a key, so no answers were screened.")
        } else if screening.pairs.isEmpty {
            add("Bubble sheets: no pair stands out (\(count(screening.pairsCompared, "pair")) compared on \(count(screening.questions, "question"))).")
        } else {
            add("Bubble sheets worth a look (identical wrong answers more than the class's answering explains; not evidence on its own):")
            for pair in screening.pairs {
                add("  \(pair.first) & \(pair.second): \(pair.identicalWrong) of \(pair.bothWrong) wrong answers identical where "
                    + "\(StatisticText.decimal(pair.expected, places: 1)) were expected (P \(StatisticText.probability(pair.probability))); "
                    + pair.shared.joined(separator: ", "))
            }
            add("  How this is computed: ezgrader stats --help, or the report.")
        }
        return lines
    }
}

/// "1 student", "3 students".
private func count(_ number: Int, _ noun: String) -> String { number == 1 ? "1 \(noun)" : "\(number) \(noun)s" }
