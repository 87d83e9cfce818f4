import Foundation
import GraderCore

/// A confidence interval for a statistic: the range of values the class's answers are consistent
/// with. A flag is raised only when the whole interval lies beyond its limit, so that a question
/// of a small class is not flagged by its estimate alone.
///
/// Why these methods:
/// - **Facility: Wilson's score interval** with n = the students graded. It stays inside 0…1 and
///   keeps its coverage near 0 and 1 (where an easy or hard question sits), unlike p ± z·SE, which
///   gives [1, 1] for a question everyone got right. For partial credit the facility is the mean
///   of scores in 0…1, whose variance is at most p(1 − p) (Bhatia–Davis): the interval built on
///   p(1 − p)/n is then on the safe (wide) side.
/// - **Correlations: Fisher's z interval**, tanh(atanh r ± z/√(n − 3)): r's sampling
///   distribution is skewed near ±1, atanh r is close to normal; for a point-biserial it is the
///   usual approximation.
/// - **Discrimination D: Newcombe's hybrid score interval** for a difference of proportions
///   (upper group − lower group, each a facility over its group), built from the two groups'
///   Wilson intervals, so it agrees with the facility's.
/// - **Cronbach's α: Feldt's interval**, from (1 − α)/(1 − α̂) ~ F(n − 1, (n − 1)(k − 1)).
public struct Interval: Sendable, Equatable {
    /// The lower end.
    public let lower: Double
    /// The upper end.
    public let upper: Double

    /// Creates an interval.
    public init(lower: Double, upper: Double) {
        self.lower = lower
        self.upper = upper
    }

    /// "[0.23, 0.88]": both ends with 2 decimals (whole ends as whole numbers).
    public var text: String { "[\(StatisticText.figure(lower, places: 2)), \(StatisticText.figure(upper, places: 2))]" }

    /// The z of a two-sided interval at `confidence` (1.96 at 0.95).
    static func z(_ confidence: Double) -> Double { Distributions.normalQuantile(1 - (1 - confidence) / 2) }

    /// Wilson's score interval for a proportion `p` observed over `count` students; nil without students.
    static func wilson(_ proportion: Double?, count: Int, confidence: Double) -> Interval? {
        guard let proportion, count > 0 else { return nil }
        let p = min(1, max(0, proportion)), n = Double(count), z = z(confidence), z2 = z * z
        let centre = (p + z2 / (2 * n)) / (1 + z2 / n)
        let half = z / (1 + z2 / n) * (p * (1 - p) / n + z2 / (4 * n * n)).squareRoot()
        return Interval(lower: max(0, centre - half), upper: min(1, centre + half))
    }

    /// Fisher's z interval for a correlation `r` over `count` pairs; nil for fewer than 4 pairs.
    static func fisher(_ r: Double?, count: Int, confidence: Double) -> Interval? {
        guard let r, count >= 4 else { return nil }
        let centre = atanh(min(1, max(-1, r))), half = z(confidence) / Double(count - 3).squareRoot()
        return Interval(lower: tanh(centre - half), upper: tanh(centre + half))
    }

    /// Newcombe's hybrid score interval for `upper` − `lower`, two proportions over groups of `size`.
    static func newcombe(upper: Double?, lower: Double?, size: Int, confidence: Double) -> Interval? {
        guard let upper, let lower, let u = wilson(upper, count: size, confidence: confidence),
              let l = wilson(lower, count: size, confidence: confidence) else { return nil }
        let d = upper - lower
        return Interval(lower: d - ((upper - u.lower) * (upper - u.lower) + (l.upper - lower) * (l.upper - lower)).squareRoot(),
                        upper: d + ((u.upper - upper) * (u.upper - upper) + (lower - l.lower) * (lower - l.lower)).squareRoot())
    }

    /// Feldt's interval for Cronbach's `alpha` over `students` and `items`; nil for fewer than 2 of either.
    static func feldt(_ alpha: Double?, students: Int, items: Int, confidence: Double) -> Interval? {
        guard let alpha, students >= 2, items >= 2 else { return nil }
        let d1 = Double(students - 1), d2 = Double((students - 1) * (items - 1)), tail = (1 - confidence) / 2
        return Interval(lower: 1 - (1 - alpha) * Distributions.fQuantile(1 - tail, numerator: d1, denominator: d2),
                        upper: 1 - (1 - alpha) * Distributions.fQuantile(tail, numerator: d1, denominator: d2))
    }
}
