import GraderCore

extension GrayImage {
    /// This image shrunk to `width × height` pixels at `pixelsPerPoint`, each new pixel the mean of
    /// the source pixels it covers (partly covered ones weighted by how much): what a renderer's
    /// box filter gives when it draws a page small.
    public func shrunk(toWidth width: Int, height: Int, pixelsPerPoint: Double) -> GrayImage {
        let columns = BoxSpans(count: width, source: self.width), rows = BoxSpans(count: height, source: self.height)
        var line = [Float](repeating: 0, count: self.width)
        let output = [UInt8](unsafeUninitializedCapacity: width * height) { out, initialized in
            bytes.withUnsafeBufferPointer { source in
                line.withUnsafeMutableBufferPointer { line in
                    let sourceWidth = self.width
                    for y in 0..<height {
                        // Down first: the source rows the new row covers, weighted, into one line.
                        for i in 0..<sourceWidth { line[i] = 0 }
                        for k in rows.range(y) {
                            let row = source.baseAddress! + rows.source[k] * sourceWidth, weight = rows.weight[k]
                            for i in 0..<sourceWidth { line[i] += Float(row[i]) * weight }
                        }
                        // Then across.
                        for x in 0..<width {
                            var sum: Float = 0
                            for k in columns.range(x) { sum += line[columns.source[k]] * columns.weight[k] }
                            out[y * width + x] = UInt8(min(255, max(0, sum.rounded())))
                        }
                    }
                }
            }
            initialized = width * height
        }
        return GrayImage(width: width, height: height, bytes: output, pixelsPerPoint: pixelsPerPoint)
    }
}

/// For each of `count` target pixels along one axis, the source pixels it covers when `source`
/// pixels are shrunk to `count`, and the share of the target each gives (weights sum to 1).
private struct BoxSpans {
    /// Source pixel and weight of every (target, source) pair, target by target.
    let source: [Int], weight: [Float]
    /// Where each target's pairs start; the last entry closes the last target's.
    private let starts: [Int]

    init(count: Int, source limit: Int) {
        let scale = Double(limit) / Double(count)
        var source: [Int] = [], weight: [Float] = [], starts = [0]
        for target in 0..<count {
            let start = Double(target) * scale, end = min(start + scale, Double(limit))
            for pixel in Int(start)..<min(limit, Int(end.rounded(.up))) {
                let covered = min(end, Double(pixel + 1)) - max(start, Double(pixel))
                guard covered > 0 else { continue }
                source.append(pixel)
                weight.append(Float(covered / scale))
            }
            starts.append(source.count)
        }
        (self.source, self.weight, self.starts) = (source, weight, starts)
    }

    /// The pairs of target pixel `target`.
    func range(_ target: Int) -> Range<Int> { starts[target]..<starts[target + 1] }
}
