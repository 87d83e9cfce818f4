import GraderAlignment

/// How much each pixel of a region lies on a thin printed line: how much darker it is than the
/// paper on both sides of it, across or down (a step between a shaded band and paper is dark on
/// one side only and scores nothing). Bubble outlines in light drop-out ink show; flat shading does not.
struct LineMap {
    let width: Int, height: Int
    /// Line strength in grey levels, row by row.
    let values: [Int]

    /// The map of `region` of `image`, looking up to `reach` pixels to each side.
    init(_ image: GrayImage, region: PixelRegion, reach: Int) {
        let width = region.width, height = region.height
        var out = [Int](repeating: 0, count: width * height)
        image.bytes.withUnsafeBufferPointer { pixels in
            let w = image.width, h = image.height
            for y in region.y0..<region.y1 {
                for x in region.x0..<region.x1 {
                    let v = Int(pixels[y * w + x])
                    var left = 0, right = 0, up = 0, down = 0
                    for k in 1...reach {
                        if x - k >= 0 { left = max(left, Int(pixels[y * w + x - k])) }
                        if x + k < w { right = max(right, Int(pixels[y * w + x + k])) }
                        if y - k >= 0 { up = max(up, Int(pixels[(y - k) * w + x])) }
                        if y + k < h { down = max(down, Int(pixels[(y + k) * w + x])) }
                    }
                    out[(y - region.y0) * width + x - region.x0] = max(0, max(min(left, right), min(up, down)) - v)
                }
            }
        }
        (self.width, self.height, values) = (width, height, out)
    }

    /// The 8-connected groups of pixels of strength `threshold` or more, as boxes (pixels of the region).
    func components(atLeast threshold: Int) -> [(minX: Int, maxX: Int, minY: Int, maxY: Int)] {
        var seen = values.map { $0 < threshold }
        var boxes: [(minX: Int, maxX: Int, minY: Int, maxY: Int)] = []
        var stack: [Int] = []
        for start in seen.indices where !seen[start] {
            seen[start] = true
            stack.append(start)
            var box = (minX: start % width, maxX: start % width, minY: start / width, maxY: start / width)
            while let at = stack.popLast() {
                let px = at % width, py = at / width
                box = (min(box.minX, px), max(box.maxX, px), min(box.minY, py), max(box.maxY, py))
                for ny in max(py - 1, 0)...min(py + 1, height - 1) {
                    for nx in max(px - 1, 0)...min(px + 1, width - 1) where !seen[ny * width + nx] {
                        seen[ny * width + nx] = true
                        stack.append(ny * width + nx)
                    }
                }
            }
            boxes.append(box)
        }
        return boxes
    }
}
