import GraderCore

extension GrayImage {
    /// Grey values (0 black … 255 white), row by row, of a `width` × `height` grid of pixels laid on
    /// the reference page from `origin` (its top-left corner, reference points) at `gridPixelsPerPoint`:
    /// each pixel's centre placed on this page through `transform` (reference points → points on
    /// this page) and read as `sample(x:y:)` reads it, so what falls off the page is paper.
    package func greys(width: Int, height: Int, from origin: PagePoint, gridPixelsPerPoint s: Double,
                       through transform: SimilarityTransform) -> [Float] {
        let ppp = pixelsPerPoint
        // A similarity is linear: step along a row by a fixed vector instead of applying it per pixel.
        let start = transform.apply((origin.x + 0.5 / s, origin.y + 0.5 / s))
        let alongX = (transform.a / s * ppp, transform.b / s * ppp), alongY = (-transform.b / s * ppp, transform.a / s * ppp)
        var grey = [Float](repeating: 255, count: width * height)
        let (iw, ih) = (self.width, self.height)
        bytes.withUnsafeBufferPointer { pixels in
            grey.withUnsafeMutableBufferPointer { out in
                for y in 0..<height {
                    // Relative to pixel centres: sample between the four nearest (bilinear).
                    var px = start.x * ppp + Double(y) * alongY.0 - 0.5, py = start.y * ppp + Double(y) * alongY.1 - 0.5
                    for x in 0..<width {
                        if px >= 0, py >= 0, px < Double(iw - 1), py < Double(ih - 1) {
                            let x0 = Int(px), y0 = Int(py), ax = Float(px - Double(x0)), ay = Float(py - Double(y0))
                            let i = y0 &* iw &+ x0
                            let top = Float(pixels[i]) * (1 - ax) + Float(pixels[i &+ 1]) * ax
                            let bottom = Float(pixels[i &+ iw]) * (1 - ax) + Float(pixels[i &+ iw &+ 1]) * ax
                            out[y &* width &+ x] = top * (1 - ay) + bottom * ay
                        } else {
                            // The outer half pixel has no four neighbours: the pixel itself.
                            let ex = px + 0.5, ey = py + 0.5
                            if ex >= 0, ey >= 0, ex < Double(iw), ey < Double(ih) { out[y &* width &+ x] = Float(pixels[Int(ey) &* iw &+ Int(ex)]) }
                        }
                        px += alongX.0
                        py += alongX.1
                    }
                }
            }
        }
        return grey
    }
}
