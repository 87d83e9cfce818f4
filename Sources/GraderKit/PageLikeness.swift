import GraderAlignment
import GraderBubbles
import GraderPDF

/// How much two scanned pages look alike from their printed content: the correlation of coarse
/// grey renders (12 dpi, so handwriting, noise and a few points of copier shift hardly count).
/// One small function, to be swapped for the page-alignment engine's match score.
public enum PageLikeness {
    /// The resolution pages are compared at.
    static let pixelsPerPoint = 12.0 / 72

    /// The coarse render `similarity` compares.
    public static func thumbnail(of page: PDFPage) throws -> GrayImage {
        try GrayImage(rendering: page, pixelsPerPoint: pixelsPerPoint)
    }

    /// Pearson correlation of the two thumbnails' grey levels over the pixels they share:
    /// 1 for the same printed page, near 0 for unrelated ones.
    public static func similarity(_ a: GrayImage, _ b: GrayImage) -> Double {
        let width = min(a.width, b.width), height = min(a.height, b.height)
        var sumA = 0.0, sumB = 0.0, sumAA = 0.0, sumBB = 0.0, sumAB = 0.0
        for y in 0..<height {
            for x in 0..<width {
                let va = Double(a[x, y]), vb = Double(b[x, y])
                sumA += va; sumB += vb; sumAA += va * va; sumBB += vb * vb; sumAB += va * vb
            }
        }
        let n = Double(width * height)
        let covariance = sumAB - sumA * sumB / n
        let spread = ((sumAA - sumA * sumA / n) * (sumBB - sumB * sumB / n)).squareRoot()
        return spread > 0 ? covariance / spread : 0
    }

    /// The pixelwise median of `images` (cropped to the smallest): what the printed page looks like
    /// without any one copy's handwriting, noise or dust.
    public static func consensus(of images: [GrayImage]) -> GrayImage {
        guard let first = images.first, images.count > 1 else { return images.first ?? GrayImage(width: 1, height: 1, filledWith: 255, pixelsPerPoint: pixelsPerPoint) }
        let width = images.map(\.width).min()!, height = images.map(\.height).min()!
        var bytes = [UInt8](repeating: 0, count: width * height), column = [UInt8](repeating: 0, count: images.count)
        for y in 0..<height {
            for x in 0..<width {
                for (index, image) in images.enumerated() { column[index] = image[x, y] }
                column.sort()
                bytes[y * width + x] = column[column.count / 2]
            }
        }
        return GrayImage(width: width, height: height, bytes: bytes, pixelsPerPoint: first.pixelsPerPoint)
    }
}
