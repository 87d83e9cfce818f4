import GraderCore

extension GrayImage {
    /// The image with uneven lighting taken out (a phone photo darker in one corner): each pixel
    /// scaled by the paper's brightness around it, measured as the bright end of 24-point tiles
    /// and interpolated between them. Unchanged when the paper is even within 8 %.
    public func flattened() -> GrayImage {
        let tile = max(8, Int((24 * pixelsPerPoint).rounded()))
        let columns = (width + tile - 1) / tile, rows = (height + tile - 1) / tile
        var paper = [Double](repeating: 255, count: columns * rows)
        bytes.withUnsafeBufferPointer { pixels in
            for ty in 0..<rows {
                for tx in 0..<columns {
                    var histogram = GreyHistogram()
                    for y in stride(from: ty * tile, to: min(height, ty * tile + tile), by: 2) {
                        for x in stride(from: tx * tile, to: min(width, tx * tile + tile), by: 2) { histogram.add(pixels[y * width + x]) }
                    }
                    paper[ty * columns + tx] = Double(max(histogram.percentile(0.9), 1))
                }
            }
        }
        // A tile that is mostly print (a black bar, a dark photo of a logo) says little: take its neighbours' brightest.
        let smoothed = paper.indices.map { index -> Double in
            let tx = index % columns, ty = index / columns
            var best = 0.0
            for j in max(0, ty - 1)...min(rows - 1, ty + 1) { for i in max(0, tx - 1)...min(columns - 1, tx + 1) { best = max(best, paper[j * columns + i]) } }
            return best
        }
        let sorted = smoothed.sorted()
        guard let brightest = sorted.last, sorted[sorted.count / 20] < brightest * 0.92 else { return self }
        // The paper's level between tile centres: each pixel column's two tiles and weight, found once.
        let positions = (0..<width).map { x in min(max((Double(x) + 0.5) / Double(tile) - 0.5, 0), Double(columns - 1)) }
        let lefts = positions.map { Int($0) }, rights = lefts.map { min($0 + 1, columns - 1) }
        let weights = positions.map { Float($0 - Double(Int($0))) }
        let top = Float(brightest)
        var rowLevels = [Float](repeating: 255, count: columns)
        // The per-pixel loops are `while` loops over pointers: a debug build (the tests) runs them
        // many times faster than ranges, array subscripts and generic `min`/`max`.
        let output = [UInt8](unsafeUninitializedCapacity: bytes.count) { out, initialized in
            bytes.withUnsafeBufferPointer { pixels in
                rowLevels.withUnsafeMutableBufferPointer { rowLevels in
                    lefts.withUnsafeBufferPointer { lefts in
                        rights.withUnsafeBufferPointer { rights in
                            weights.withUnsafeBufferPointer { weights in
                                let (levels, lefts, rights, weights) = (rowLevels.baseAddress!, lefts.baseAddress!, rights.baseAddress!, weights.baseAddress!)
                                for y in 0..<height {
                                    let fy = min(max((Double(y) + 0.5) / Double(tile) - 0.5, 0), Double(rows - 1))
                                    let y0 = Int(fy), y1 = min(y0 + 1, rows - 1), ay = fy - Double(y0)
                                    for tx in 0..<columns { levels[tx] = Float(smoothed[y0 * columns + tx] * (1 - ay) + smoothed[y1 * columns + tx] * ay) }
                                    let source = pixels.baseAddress! + y * width, target = out.baseAddress! + y * width
                                    var x = 0
                                    while x < width {
                                        let weight = weights[x]
                                        let level = levels[lefts[x]] * (1 - weight) + levels[rights[x]] * weight
                                        let gain = top / (1 >= level ? 1 : level)
                                        let value = Float(source[x]) * gain + 0.5
                                        target[x] = UInt8(value < 255 ? value : 255)
                                        x &+= 1
                                    }
                                }
                            }
                        }
                    }
                }
            }
            initialized = bytes.count
        }
        return GrayImage(width: width, height: height, bytes: output, pixelsPerPoint: pixelsPerPoint)
    }
}
