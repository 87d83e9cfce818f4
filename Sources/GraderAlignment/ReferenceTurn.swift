import GraderCore

/// A student's booklet taken as the reference with a page scanned upside down: every other
/// student's page then matches it only turned, and would be shown upside down with the name
/// region covering empty paper. Such a reference page is taken turned upright instead.
public enum ReferenceTurn {
    /// True when a reference page is to be taken turned upright: more of the other students'
    /// copies match it turned than as scanned, at least two of them, and more than half.
    public static func prefersTurned(matchedAsScanned: Int, matchedTurned: Int) -> Bool {
        matchedTurned >= 2 && matchedTurned > matchedAsScanned && matchedTurned * 2 > matchedAsScanned + matchedTurned
    }
}
