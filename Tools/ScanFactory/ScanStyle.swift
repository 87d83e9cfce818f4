/// How a synthetic scan looks: resolution, JPEG quality and the copier's imperfections.
public struct ScanStyle: Sendable, Hashable {
    /// Render resolution of the scanned image, in pixels per inch.
    public var dpi: Double
    /// JPEG quality passed to libjpeg-turbo, 1…100.
    public var jpegQuality: Int
    /// Each page is rotated by a random angle within ±this many degrees, like a skewed copier feed.
    public var maxSkewDegrees: Double
    /// Each page's content is shifted by a random x and y offset within ±this many points.
    public var maxOffsetPoints: Double
    /// Strength of the paper grain, dust and shading, from 0 (clean) to 1 (dirty).
    public var noise: Double
    /// Bulk scans only: each sheet's content is reduced about the page centre by a random factor
    /// from this up to 1 (0.96 = a copier reducing to 96–100 %); 1 keeps every sheet full size.
    public var minScale: Double

    /// Creates a style; the defaults describe a quick, small office scan.
    public init(
        dpi: Double = 100, jpegQuality: Int = 60, maxSkewDegrees: Double = 1.2,
        maxOffsetPoints: Double = 8, noise: Double = 0.35, minScale: Double = 1
    ) {
        self.dpi = dpi
        self.jpegQuality = jpegQuality
        self.maxSkewDegrees = maxSkewDegrees
        self.maxOffsetPoints = maxOffsetPoints
        self.noise = noise
        self.minScale = minScale
    }

    /// The style of the bundled SamplePDFs folder, tuned to keep the folder well under 5 MB.
    public static let sample = ScanStyle(dpi: 100, jpegQuality: 60, maxSkewDegrees: 1.2, maxOffsetPoints: 8, noise: 0.35)

    /// A realistic copier scan (150 dpi, quality 75) for benchmarks.
    public static let benchmark = ScanStyle(dpi: 150, jpegQuality: 75)
}
