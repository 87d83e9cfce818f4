import GraderCore

/// What a filled sheet holds, for judging a reader.
public struct FilledSheetTruth: Sendable {
    /// Per field id, per row: what was drawn and what a correct reading is.
    public var marks: [String: [BubbleMarkTruth]]
    /// How the sheet lay on the scanner or under the camera.
    public var placement: BubbleSheetPlacement
    let pageWidth: Double, pageHeight: Double
    let tilt: CameraTilt

    /// Where a point of the printed page (points) landed on the captured page (points).
    public func captured(_ point: PagePoint) -> PagePoint {
        tilt.apply(placement.apply(point, pageWidth: pageWidth, pageHeight: pageHeight))
    }
}
