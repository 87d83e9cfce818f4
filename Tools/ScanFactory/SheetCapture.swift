/// How a filled sheet was captured: a flatbed scan or a phone photo.
public struct SheetCapture: Sendable, Hashable {
    /// Shift, rotation and scale about the page centre (used as given, not drawn from the style).
    public var placement: BubbleSheetPlacement
    /// Camera tilt about the page's horizontal axis, degrees (0 = flat scan): the top of the page is
    /// farther than the bottom, so it is smaller (a phone photo), seen from 1.5 page heights away.
    public var perspectiveDegrees: Double
    /// Uneven lighting: 0 = even; 0.35 = paper brightness falls by up to 35 % across the page
    /// (a gradient from one corner plus a soft shadow).
    public var lighting: Double
    /// Resolution, JPEG quality and noise (its skew and offset ranges are not used).
    public var style: ScanStyle

    /// Creates a capture.
    public init(placement: BubbleSheetPlacement, perspectiveDegrees: Double, lighting: Double, style: ScanStyle) {
        self.placement = placement
        self.perspectiveDegrees = perspectiveDegrees
        self.lighting = lighting
        self.style = style
    }

    /// An office scan: 150 dpi grey, light noise, placed as given.
    public static func scan(_ placement: BubbleSheetPlacement = .identity) -> SheetCapture {
        SheetCapture(placement: placement, perspectiveDegrees: 0, lighting: 0,
                     style: ScanStyle(dpi: 150, jpegQuality: 75, maxSkewDegrees: 0, maxOffsetPoints: 0, noise: 0.3))
    }

    /// A phone photo: 8° perspective, lighting 0.35, 150 dpi equivalent, more noise.
    public static func photo(_ placement: BubbleSheetPlacement = .identity, perspectiveDegrees: Double = 8) -> SheetCapture {
        SheetCapture(placement: placement, perspectiveDegrees: perspectiveDegrees, lighting: 0.35,
                     style: ScanStyle(dpi: 150, jpegQuality: 70, maxSkewDegrees: 0, maxOffsetPoints: 0, noise: 0.6))
    }
}
