/// Where a bubble's fill counts as clearly empty, clearly filled, or unclear; tuned on
/// ScanFactory's generated sheets so that no confident reading there is wrong.
public struct FillThresholds: Sendable, Equatable {
    /// A bubble at or below this fill is clearly empty.
    public var empty: Double
    /// A bubble at or above this fill is clearly filled.
    public var filled: Double
    /// A clearly filled bubble outweighs an unclear one in the same row (an erased answer) only
    /// when it is at least this much fuller…
    public var erasureMargin: Double
    /// …and the unclear one is at most this full.
    public var erasureCeiling: Double

    /// Creates thresholds.
    public init(empty: Double, filled: Double, erasureMargin: Double, erasureCeiling: Double) {
        self.empty = empty
        self.filled = filled
        self.erasureMargin = erasureMargin
        self.erasureCeiling = erasureCeiling
    }

    /// The tuned defaults.
    public static let standard = FillThresholds(empty: 0.1, filled: 0.6, erasureMargin: 0.45, erasureCeiling: 0.35)
}
