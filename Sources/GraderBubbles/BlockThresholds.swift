/// Thresholds learned from one block's own bubbles on one sheet (read by its printed grid): the
/// empty bubbles gather low and tight, and where the student's fills stand clearly apart from
/// them (the largest gap between sorted fills, as OMRChecker finds it), "clearly filled" begins
/// in the middle of that gap, never lower than a light but deliberate fill. A mark inside no gap
/// (a light tick among dark fills) stays between the two levels: uncertain, never blank.
enum BlockThresholds {
    /// A gap narrower than this between empty and marked bubbles is no evidence of the fill level.
    static let minimumGap = 0.2
    /// "Clearly filled" never drops below this, however light the student's fills.
    static let lowestFilled = 0.35

    static func learn(from fills: [Double], standard: FillThresholds = .standard) -> FillThresholds {
        let sorted = fills.filter(\.isFinite).sorted()
        guard sorted.count >= 4 else { return standard }
        // The empty level: the lower quartile (most bubbles are empty; a checkbox column may be
        // half filled), widened by the spread of the lower half; never tighter than the standard.
        let quartile = sorted[sorted.count / 4]
        let deviations = sorted.prefix(sorted.count / 2).map { abs($0 - quartile) }.sorted()
        let noise = deviations.isEmpty ? 0 : 1.4826 * deviations[deviations.count / 2]
        let empty = max(standard.empty, min(quartile + 0.12, quartile + max(0.05, 6 * noise)))
        // The largest gap above the empty level, starting from it.
        let steps = [empty] + sorted.filter { $0 > empty }
        var gap = (width: 0.0, low: empty, high: empty)
        for (low, high) in zip(steps, steps.dropFirst()) where high - low > gap.width { gap = (high - low, low, high) }
        var learned = standard
        learned.empty = empty
        learned.filled = gap.width >= minimumGap
            ? min(standard.filled, max(lowestFilled, empty + 0.15, (gap.low + gap.high) / 2))
            : max(standard.filled, empty + 0.15)
        return learned
    }

    /// The fills to classify: a bubble whose inked share stands out from the block's (a light
    /// tick, a thin cross) while its mean fill looks empty is lifted just above "clearly empty",
    /// so that it is unclear, never blank.
    static func liftingMarks(_ measures: [FillMeter.Measure?], empty: Double) -> [Double?] {
        let shares = measures.compactMap { $0?.inkedShare }.sorted()
        // Too few bubbles to learn from (a checkbox, a two-bubble field): any inked speck counts.
        var limit = 0.05
        if shares.count >= 4 {
            let quartile = shares[shares.count / 4]
            let deviations = shares.prefix(shares.count / 2).map { abs($0 - quartile) }.sorted()
            limit = quartile + max(0.05, 6 * 1.4826 * deviations[deviations.count / 2])
        }
        return measures.map { measure in
            measure.map { $0.inkedShare > limit && $0.fill <= empty ? empty + 0.01 : $0.fill }
        }
    }
}
