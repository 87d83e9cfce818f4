extension ExamAnalysis {
    /// The per-version lines of the report: each version's students and mean total, then each exam
    /// question's mean and facility on every version side by side (none for an exam of one version).
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
        return lines
    }
}
