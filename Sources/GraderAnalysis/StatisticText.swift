import Foundation
import GraderCore

/// How statistics are written for people: a fixed number of decimals (the same in every locale),
/// "n/a" for a statistic that does not exist.
public enum StatisticText {
    /// `value` with `places` decimals ("0.333", "-0.25" → "-0.250"), "n/a" for nil.
    public static func decimal(_ value: Double?, places: Int = 3) -> String {
        guard let value, value.isFinite else { return "n/a" }
        let text = String(format: "%.\(places)f", value)
        // "-0.000" reads as a negative statistic that is not there.
        return text.hasPrefix("-") && text.dropFirst().allSatisfy({ $0 == "0" || $0 == "." }) ? String(text.dropFirst()) : text
    }

    /// A figure with `places` decimals, or without any when it is a whole number ("3", not "3.000"):
    /// a count, a whole score or a whole mean reads as what it is.
    public static func figure(_ value: Double?, places: Int = 3) -> String {
        guard let value, value.isFinite else { return "n/a" }
        return abs(value - value.rounded()) < 1e-9 ? String(Int(value.rounded())) : decimal(value, places: places)
    }

    /// A figure and its interval: "0.600 [0.23, 0.88]"; the figure alone when it has none.
    public static func figure(_ value: Double?, _ interval: Interval?) -> String {
        figure(value) + (interval.map { " " + $0.text } ?? "")
    }

    /// Points in their shortest form ("2", "2.5", "0.25").
    public static func points(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : decimal(value, places: value * 2 == (value * 2).rounded() ? 1 : 2)
    }

    /// A total that students scored: points in their shortest form ("11", "11.5"), "n/a" for nil.
    public static func total(_ value: Double?) -> String {
        guard let value, value.isFinite else { return "n/a" }
        return points(value)
    }

    /// A probability: 3 significant digits in scientific notation when small ("2.31e-07").
    public static func probability(_ value: Double) -> String {
        value >= 0.001 ? decimal(value, places: 3) : String(format: "%.2e", value)
    }

    /// `value` rounded to 3 decimals for machine-readable output (JSON).
    public static func rounded(_ value: Double?) -> Double? {
        guard let value, value.isFinite else { return nil }
        let rounded = (value * 1000).rounded() / 1000
        return rounded == 0 ? 0 : rounded
    }
}
