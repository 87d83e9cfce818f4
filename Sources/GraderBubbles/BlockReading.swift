import GraderCore

/// Everything read from one bubble block on one page: a reading per row and how the block was
/// found on the scan.
public struct BlockReading: Sendable, Equatable {
    /// How the block was placed on the scan, as fitted over its rings.
    public struct Registration: Sendable, Equatable {
        /// Shift of the block's first bubble from where the rubric puts it, in points.
        public var offset: (x: Double, y: Double)
        /// Rotation, in degrees (clockwise on the displayed page).
        public var rotationDegrees: Double
        /// Scale factor.
        public var scale: Double
        /// Rings matched and used in the fit, of `ringsExpected`.
        public var ringsMatched: Int
        /// Bubbles in the block.
        public var ringsExpected: Int
        /// Root-mean-square distance of the matched rings from the fit, in points.
        public var rmsResidual: Double
        /// Grey level of the paper near the bubbles.
        public var paperLevel: Double
        /// Grey level of the printed rings (a block read by its grid), or the grey level where a
        /// clear fill begins (a block read against the blank sheet).
        public var inkLevel: Double
        /// Where each bubble was placed on the scan, row-major, in points on the page as shown.
        public var centres: [PagePoint] = []

        /// Field by field (tuples are not `Equatable`, so this is written out).
        public static func == (lhs: Self, rhs: Self) -> Bool {
            lhs.offset == rhs.offset && lhs.rotationDegrees == rhs.rotationDegrees && lhs.scale == rhs.scale
                && lhs.ringsMatched == rhs.ringsMatched && lhs.ringsExpected == rhs.ringsExpected
                && lhs.rmsResidual == rhs.rmsResidual && lhs.paperLevel == rhs.paperLevel && lhs.inkLevel == rhs.inkLevel
                && lhs.centres == rhs.centres
        }
    }

    /// The block that was read.
    public var block: BubbleBlock
    /// One reading per row (question, or digit position of an ID grid), in order.
    public var rows: [BubbleRowReading]
    /// How the block was found; nil when it could not be registered (every row is then uncertain).
    public var registration: Registration?
    /// Why the block could not be read, in detail (rings found, fit residual), for audit; nil when it was.
    public var problem: String?

    /// The readings alone, in row order.
    public var readings: [BubbleReading] { rows.map(\.reading) }

    /// For a student-ID grid: the digits, when every position was read as exactly one digit.
    public var digits: String? {
        var text = ""
        for reading in readings {
            guard case .answered(let labels) = reading, labels.count == 1 else { return nil }
            text += labels[0]
        }
        return text
    }
}
