/// Thresholds learned from one sheet's own marks: the ink added inside every bubble of the page
/// (against the blank) gathers near zero for empty bubbles and high for filled ones; how tight the
/// empty ones sit (up to the first clear jump above them) and how dark this student's fills are set
/// where "clearly empty" and "clearly filled" begin. Between them a mark is uncertain, as always.
enum SheetThresholds {
    /// Fill of a typical dark pencil fill, used when the sheet has too few fills to learn from.
    static let typicalFill = 0.6

    static func learn(from added: [Double]) -> FillThresholds {
        let sorted = added.filter(\.isFinite).sorted()
        // Too few bubbles to tell empty from filled by their spread: the usual levels.
        guard sorted.count >= 20 else { return .againstBlank(empty: 0.1, filled: 0.45) }
        // Most bubbles are empty: the median is the empty level, the spread below the 75th
        // percentile is the paper's and the scan's noise.
        let median = sorted[sorted.count / 2]
        let deviations = sorted.prefix(sorted.count * 3 / 4).map { abs($0 - median) }.sorted()
        let noise = deviations.isEmpty ? 0 : 1.4826 * deviations[deviations.count / 2]
        var empty = min(0.2, median + min(0.12, max(0.05, 6 * noise)))
        // OMRChecker's largest-gap idea: the empty bubbles end where the sorted fills first jump by
        // clearly more than the grain; a mark past that jump is not empty however close to the
        // empty level it lies (a light tick on a 100 dpi scan).
        let jump = max(0.03, 2 * noise)
        var top = sorted.count / 2
        while top + 1 < sorted.count, sorted[top + 1] <= empty, sorted[top + 1] - sorted[top] < jump { top += 1 }
        if top + 1 < sorted.count, sorted[top + 1] <= empty { empty = sorted[top] + jump / 2 }
        let marked = sorted.filter { $0 >= empty + 0.15 }
        let fill = marked.count >= 3 ? marked[marked.count * 3 / 4] : typicalFill
        return .againstBlank(empty: empty, filled: max(empty + 0.12, min(0.45, 0.55 * fill)))
    }
}

extension FillThresholds {
    /// Thresholds for fills measured as ink added against the blank, with the erasure rule scaled to them.
    static func againstBlank(empty: Double, filled: Double) -> FillThresholds {
        FillThresholds(empty: empty, filled: filled, erasureMargin: filled * 0.8, erasureCeiling: filled * 0.6)
    }
}
