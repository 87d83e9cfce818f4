/// The name a user most likely meant when they mistyped one: the closest by edit distance, when
/// it is close enough to be a typo rather than a different word.
@_spi(Rules) public enum NearestName {
    /// The nearest of `names` to `typed` (first on ties), nil when none is within
    /// `max(2, typed.count / 3)` edits.
    public static func nearest(to typed: String, among names: [String]) -> String? {
        let distances = names.map { editDistance(typed, $0) }
        guard let best = distances.indices.min(by: { distances[$0] < distances[$1] }) else { return nil }
        return distances[best] <= tolerance(typed) ? names[best] : nil
    }

    /// How many edits still read as a typo of `typed`.
    public static func tolerance(_ typed: String) -> Int { max(2, typed.count / 3) }

    /// Levenshtein distance between two strings, by characters.
    public static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        var previous = Array(0...b.count)
        for (i, ca) in a.enumerated() {
            var current = [i + 1]
            for (j, cb) in b.enumerated() {
                current.append(min(previous[j + 1] + 1, current[j] + 1, previous[j] + (ca == cb ? 0 : 1)))
            }
            previous = current
        }
        return previous[b.count]
    }
}
