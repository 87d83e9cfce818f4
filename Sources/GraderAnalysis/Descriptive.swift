import Foundation
import GraderCore

/// The descriptive statistics the item analysis is built from. Every function answers nil where
/// the statistic does not exist (no values, zero variance) instead of dividing by zero.
///
/// Variances and standard deviations are *population* figures (divided by n, not n − 1): the
/// class is the whole population the exam describes, and Cronbach's α and KR-20 are defined with
/// population variances.
public enum Descriptive {
    /// The arithmetic mean; nil for no values.
    public static func mean(_ values: [Double]) -> Double? {
        values.isEmpty ? nil : values.reduce(0, +) / Double(values.count)
    }

    /// The population variance Σ(x − mean)² / n; nil for no values.
    public static func variance(_ values: [Double]) -> Double? {
        guard let mean = mean(values) else { return nil }
        return values.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Double(values.count)
    }

    /// The population standard deviation; nil for no values.
    public static func standardDeviation(_ values: [Double]) -> Double? { variance(values).map { $0.squareRoot() } }

    /// The median (the mean of the middle two for an even count); nil for no values.
    public static func median(_ values: [Double]) -> Double? {
        guard !values.isEmpty else { return nil }
        let sorted = values.sorted(), middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }

    /// Pearson's correlation of paired values; nil for fewer than two pairs or when either side
    /// does not vary (everyone scored the same: no correlation exists).
    public static func correlation(_ x: [Double], _ y: [Double]) -> Double? {
        guard x.count == y.count, x.count >= 2, let mx = mean(x), let my = mean(y) else { return nil }
        var sxy = 0.0, sxx = 0.0, syy = 0.0
        for (a, b) in zip(x, y) {
            sxy += (a - mx) * (b - my)
            sxx += (a - mx) * (a - mx)
            syy += (b - my) * (b - my)
        }
        // Relative tolerance: sums of quarters are exact, but means of them need not be.
        let scale = max(1, mx * mx, my * my) * Double(x.count)
        guard sxx > 1e-12 * scale, syy > 1e-12 * scale else { return nil }
        return sxy / (sxx * syy).squareRoot()
    }

    /// `numerator / denominator`, nil when the denominator is zero (or either side is nil).
    public static func ratio(_ numerator: Double?, _ denominator: Double?) -> Double? {
        guard let numerator, let denominator, denominator != 0 else { return nil }
        return numerator / denominator
    }
}
