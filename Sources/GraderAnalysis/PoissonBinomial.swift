import GraderCore

/// The number of successes of independent trials, each with its own probability.
public enum PoissonBinomial {
    /// P(X ≥ `atLeast`) for X the number of successes of independent trials with probabilities
    /// `probabilities` (exact, by the usual O(n²) recurrence over the trials).
    public static func tail(_ probabilities: [Double], atLeast: Int) -> Double {
        guard atLeast > 0 else { return 1 }
        guard atLeast <= probabilities.count else { return 0 }
        // distribution[j] = P(j successes so far)
        var distribution = [1.0] + Array(repeating: 0.0, count: probabilities.count)
        for (n, p) in probabilities.enumerated() {
            for j in stride(from: n + 1, through: 1, by: -1) {
                distribution[j] = distribution[j] * (1 - p) + distribution[j - 1] * p
            }
            distribution[0] *= 1 - p
        }
        return min(1, distribution[atLeast...].reduce(0, +))
    }
}
