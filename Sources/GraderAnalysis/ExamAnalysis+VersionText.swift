extension ExamAnalysis {
    /// The per-version lines of the report: each version's students and mean total, then each exam
    /// question's mean and facility on every version side by side, then each bubble question's
    /// options on every version, as the exam labels them (none for an exam of one version).
    func versionLines() -> [String] {
        guard !versions.isEmpty else { return [] }
        func d(_ value: Double?) -> String { StatisticText.decimal(value) }
        var lines = ["By version (students, mean total" + (versionUnknown > 0 ? "; \(versionUnknown) of unknown version in none" : "") + "): "
            + versions.map { "\($0.name) \($0.statistics.students), \(d($0.statistics.mean))" }.joined(separator: "; ")]
        lines.append("  question\t" + versions.map { "\($0.name) mean\t\($0.name) facility" }.joined(separator: "\t"))
        for (index, question) in statistics.questions.enumerated() {
            let cells = versions.flatMap { version -> [String] in
                let item = version.statistics.questions.indices.contains(index) ? version.statistics.questions[index] : nil
                return [d(item?.mean), d(item?.facility)]
            }
            lines.append("  " + ([question.name] + cells).joined(separator: "\t"))
        }
        guard !statistics.bubbleQuestions.isEmpty else { return lines }
        lines.append("  options by version (the exam's choices, each version's marks read through its key; * keyed):")
        for question in statistics.bubbleQuestions {
            let cells = versions.map { version -> String in
                let options = version.statistics.bubbleQuestions.first { $0.name == question.name }?.options ?? []
                return version.name + " " + options.map { o in
                    o.label + (o.keyed ? "*" : "") + " " + (o.share.map { StatisticText.decimal($0 * 100, places: 0) + "%" } ?? "n/a")
                }.joined(separator: " ")
            }
            lines.append("  " + ([question.name] + cells).joined(separator: "\t"))
        }
        return lines
    }
}
