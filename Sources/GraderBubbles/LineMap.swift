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
        // `while` loops over pointers, without generic `min`/`max`: a debug build (the tests) runs
        // them many times faster than ranges and array subscripts.
        image.bytes.withUnsafeBufferPointer { pixels in
            out.withUnsafeMutableBufferPointer { out in
                let w = image.width, h = image.height
                var target = out.baseAddress!
                var y = region.y0
                while y < region.y1 {
                    let row = pixels.baseAddress! + y * w
                    var x = region.x0
                    while x < region.x1 {
                        let v = Int(row[x])
                        var left = 0, right = 0, up = 0, down = 0, k = 1
                        while k <= reach {
                            if x - k >= 0 { let p = Int(row[x &- k]); if p > left { left = p } }
                            if x + k < w { let p = Int(row[x &+ k]); if p > right { right = p } }
                            if y - k >= 0 { let p = Int(row[x &- k &* w]); if p > up { up = p } }
                            if y + k < h { let p = Int(row[x &+ k &* w]); if p > down { down = p } }
                            k &+= 1
                        }
                        let across = left < right ? left : right, upDown = up < down ? up : down
                        let line = (across > upDown ? across : upDown) - v
                        target.pointee = line > 0 ? line : 0
                        target += 1
                        x &+= 1
                    }
                    y &+= 1
                }
            }
        }
        (self.width, self.height, values) = (width, height, out)
    }

    /// A map of any other per-pixel strength (how much darker than the paper a solid blob is), for its components.
    init(width: Int, height: Int, values: [Int]) { (self.width, self.height, self.values) = (width, height, values) }

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
