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
        let s = Self.pixelsPerPoint, ppp = image.pixelsPerPoint
        let w = max(1, Int((rect.width * s).rounded())), h = max(1, Int((rect.height * s).rounded()))
        // A similarity is linear: step along a row by a fixed vector instead of applying it per pixel.
        let origin = transform.apply((rect.origin.x + 0.5 / s, rect.origin.y + 0.5 / s))
        let alongX = (transform.a / s * ppp, transform.b / s * ppp), alongY = (-transform.b / s * ppp, transform.a / s * ppp)
        var grey = [Float](repeating: 255, count: w * h)
        let (iw, ih) = (image.width, image.height)
        image.bytes.withUnsafeBufferPointer { pixels in
            grey.withUnsafeMutableBufferPointer { out in
                for y in 0..<h {
                    // Pixel centres: sample between the four nearest (bilinear), paper off the page.
                    var px = origin.x * ppp + Double(y) * alongY.0 - 0.5, py = origin.y * ppp + Double(y) * alongY.1 - 0.5
                    for x in 0..<w {
                        if px >= 0, py >= 0, px < Double(iw - 1), py < Double(ih - 1) {
                            let x0 = Int(px), y0 = Int(py), ax = Float(px - Double(x0)), ay = Float(py - Double(y0))
                            let i = y0 &* iw &+ x0
                            let top = Float(pixels[i]) * (1 - ax) + Float(pixels[i &+ 1]) * ax
                            let bottom = Float(pixels[i &+ iw]) * (1 - ax) + Float(pixels[i &+ iw &+ 1]) * ax
                            out[y &* w &+ x] = top * (1 - ay) + bottom * ay
                        }
                        px += alongX.0
                        py += alongX.1
                    }
                }
            }
        }
        self.init(width: w, height: h, grey: grey)
    }
}
