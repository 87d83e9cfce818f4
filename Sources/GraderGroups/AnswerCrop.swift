import GraderAlignment
import GraderCore

/// One student's answer region as seen through their page's alignment: grey values (0 black …
/// 255 white) of a rectangle given in reference-page points, sampled at `pixelsPerPoint`, so the
/// same pixel of every student's crop shows the same printed spot.
public struct AnswerCrop: Sendable, Equatable {
    /// Width and height in pixels.
    public let width: Int, height: Int
    /// Grey values row by row from the top-left corner.
    public let grey: [Float]

    /// Pixels per point of every answer crop: handwriting strokes (1–2 pt) span two to three pixels.
    public static let pixelsPerPoint = 1.5

    /// Wraps grey values.
    public init(width: Int, height: Int, grey: [Float]) {
        self.width = width
        self.height = height
        self.grey = grey
    }

    /// The rectangle `rect` (reference-page points) of the page `image`, placed through `transform`
    /// (reference points → points on that page); what falls off the page is paper.
    public init(cropping rect: PageRect, from image: GrayImage, transform: SimilarityTransform) {
        let s = Self.pixelsPerPoint
        let w = max(1, Int((rect.width * s).rounded())), h = max(1, Int((rect.height * s).rounded()))
        let grey = image.greys(width: w, height: h, from: rect.origin, gridPixelsPerPoint: s, through: transform)
        self.init(width: w, height: h, grey: grey)
    }
}
