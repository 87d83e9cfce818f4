import GraderCore

/// Resamples a page raster through a point mapping (bilinear), e.g. a camera's perspective.
enum RasterWarp {
    /// Replaces `pixels` (`height` rows `stride` bytes apart, `pixelsPerPoint` pixels a point) by their
    /// image under a mapping: each output pixel takes the value at `source(point)` of the input;
    /// points that fall outside the input take `outside`.
    static func warp(
        _ pixels: UnsafeMutableBufferPointer<UInt8>, width: Int, height: Int, stride: Int,
        pixelsPerPoint ppp: Double, outside: UInt8, source: (PagePoint) -> PagePoint
    ) {
        let input = Array(pixels)
        input.withUnsafeBufferPointer { input in
            func at(_ x: Int, _ y: Int) -> Double {
                x < 0 || y < 0 || x >= width || y >= height ? Double(outside) : Double(input[y * stride + x])
            }
            for y in 0..<height {
                for x in 0..<width {
                    let from = source(PagePoint(x: (Double(x) + 0.5) / ppp, y: (Double(y) + 0.5) / ppp))
                    let sx = from.x * ppp - 0.5, sy = from.y * ppp - 0.5
                    let x0 = Int(sx.rounded(.down)), y0 = Int(sy.rounded(.down))
                    let fx = sx - Double(x0), fy = sy - Double(y0)
                    let top = at(x0, y0) * (1 - fx) + at(x0 + 1, y0) * fx
                    let bottom = at(x0, y0 + 1) * (1 - fx) + at(x0 + 1, y0 + 1) * fx
                    pixels[y * stride + x] = UInt8((top * (1 - fy) + bottom * fy).rounded())
                }
            }
        }
    }
}
