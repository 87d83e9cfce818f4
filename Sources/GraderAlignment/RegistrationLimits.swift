import Foundation
import GraderCore

/// How far a scan may be misplaced and still be registered; the search covers these ranges.
public struct RegistrationLimits: Sendable, Equatable {
    /// Largest shift of the page, in points.
    public var maxOffset: Double
    /// Largest rotation, in degrees.
    public var maxRotationDegrees: Double
    /// Largest change of scale (0.03 = ±3 %).
    public var maxScaleChange: Double

    /// Creates limits.
    public init(maxOffset: Double = 12, maxRotationDegrees: Double = 3, maxScaleChange: Double = 0.035) {
        self.maxOffset = maxOffset
        self.maxRotationDegrees = maxRotationDegrees
        self.maxScaleChange = maxScaleChange
    }

    /// A copier's usual range: a few millimetres, a couple of degrees, a few percent.
    public static let standard = RegistrationLimits()

    /// How far (in points) a point at `distance` points from the page centre can move: the shift,
    /// plus what rotation and scaling about the centre add.
    package func reach(fromCentre distance: Double) -> Double {
        maxOffset + distance * (abs(sin(maxRotationDegrees * .pi / 180)) + maxScaleChange)
    }
}
