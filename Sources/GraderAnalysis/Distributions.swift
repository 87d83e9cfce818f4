import Foundation
import GraderCore

/// The few quantiles the intervals need, computed from Foundation's `erfc` and `lgamma` by
/// bisection (slow but exact to double precision, and only called a few times per question).
enum Distributions {
    /// The standard normal quantile: the z with Φ(z) = `probability`.
    static func normalQuantile(_ probability: Double) -> Double {
        bisect(from: -40, to: 40) { 0.5 * erfc(-$0 / 2.0.squareRoot()) < probability }
    }

    /// The `probability` quantile of the F distribution with `numerator` and `denominator` degrees of freedom.
    static func fQuantile(_ probability: Double, numerator: Double, denominator: Double) -> Double {
        // F ≤ x exactly when the beta variable t = d₁x / (d₁x + d₂) is at most its own t.
        let t = bisect(from: 0, to: 1) { regularizedBeta($0, numerator / 2, denominator / 2) < probability }
        return t >= 1 ? .infinity : denominator * t / (numerator * (1 - t))
    }

    /// The regularized incomplete beta function Iₓ(a, b), by its continued fraction (evaluated with
    /// the modified Lentz method) on the side of the mean where it converges fast.
    static func regularizedBeta(_ x: Double, _ a: Double, _ b: Double) -> Double {
        if x <= 0 { return 0 }
        if x >= 1 { return 1 }
        if x > (a + 1) / (a + b + 2) { return 1 - regularizedBeta(1 - x, b, a) }
        let front = exp(a * log(x) + b * log1p(-x) + lgamma(a + b) - lgamma(a) - lgamma(b)) / a
        let tiny = 1e-300
        var c = 1.0, d = 1 - (a + b) * x / (a + 1)
        d = 1 / (abs(d) < tiny ? tiny : d)
        var fraction = d
        for m in 1...20_000 {
            let m = Double(m)
            for numerator in [m * (b - m) * x / ((a + 2 * m - 1) * (a + 2 * m)),
                              -(a + m) * (a + b + m) * x / ((a + 2 * m) * (a + 2 * m + 1))] {
                d = 1 + numerator * d
                d = 1 / (abs(d) < tiny ? tiny : d)
                c = 1 + numerator / c
                if abs(c) < tiny { c = tiny }
                fraction *= c * d
            }
            if abs(c * d - 1) < 1e-16 { break }
        }
        return min(1, max(0, front * fraction))
    }

    /// The point between `low` and `high` where `below` turns from true to false.
    private static func bisect(from low: Double, to high: Double, below: (Double) -> Bool) -> Double {
        var low = low, high = high
        for _ in 0..<200 {
            let middle = (low + high) / 2
            if middle == low || middle == high { break }
            if below(middle) { low = middle } else { high = middle }
        }
        return (low + high) / 2
    }
}
