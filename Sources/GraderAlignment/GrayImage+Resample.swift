import GraderCore

extension GrayImage {
    /// This image shrunk to `width × height` pixels at `pixelsPerPoint`, each new pixel the mean of
    /// the source pixels it covers (partly covered ones weighted by how much): what a renderer's
    /// box filter gives when it draws a page small.
    public func shrunk(toWidth width: Int, height: Int, pixelsPerPoint: Double) -> GrayImage {
        let columns = BoxSpans(count: width, source: self.width), rows = BoxSpans(count: height, source: self.height)
        var line = [Float](repeating: 0, count: self.width)
        // `while` loops over pointers: debug builds (the tests) run them many times faster than
        // ranges and array subscripts.
        let output = [UInt8](unsafeUninitializedCapacity: width * height) { out, initialized in
            bytes.withUnsafeBufferPointer { source in
                line.withUnsafeMutableBufferPointer { line in
                    rows.withPointers { rowStarts, rowSources, rowWeights in
                        columns.withPointers { columnStarts, columnSources, columnWeights in
                            let sourceWidth = self.width, line = line.baseAddress!
                            var target = out.baseAddress!
                            var y = 0
                            while y < height {
                                // Down first: the source rows the new row covers, weighted, into one line.
                                line.update(repeating: 0, count: sourceWidth)
                                var k = rowStarts[y]
                                while k < rowStarts[y &+ 1] {
                                    let row = source.baseAddress! + rowSources[k] * sourceWidth, weight = rowWeights[k]
                                    var i = 0
                                    while i < sourceWidth {
                                        line[i] += Float(row[i]) * weight
                                        i &+= 1
                                    }
                                    k &+= 1
                                }
                                // Then across.
                                var x = 0
                                while x < width {
                                    var sum: Float = 0
                                    var k = columnStarts[x]
                                    while k < columnStarts[x &+ 1] {
                                        sum += line[columnSources[k]] * columnWeights[k]
                                        k &+= 1
                                    }
                                    let level = sum.rounded()
                                    target[x] = level <= 0 ? 0 : level >= 255 ? 255 : UInt8(level)
                                    x &+= 1
                                }
                                target += width
                                y &+= 1
                            }
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

    /// Calls `body` with where each target's pairs start (and the end of the last), and the pairs' sources and weights.
    func withPointers<Result>(_ body: (UnsafePointer<Int>, UnsafePointer<Int>, UnsafePointer<Float>) -> Result) -> Result {
        starts.withUnsafeBufferPointer { starts in
            source.withUnsafeBufferPointer { source in
                weight.withUnsafeBufferPointer { weight in body(starts.baseAddress!, source.baseAddress!, weight.baseAddress!) }
            }
        }
    }
}
