import GraderCore

extension GrayImage {
    /// This image shrunk to `width × height` pixels at `pixelsPerPoint`, each new pixel the mean of
    /// the source pixels it covers (partly covered ones weighted by how much): what a renderer's
    /// box filter gives when it draws a page small.
    public func shrunk(toWidth width: Int, height: Int, pixelsPerPoint: Double) -> GrayImage {
        shrunk(toWidth: width, height: height, pixelsPerPoint: pixelsPerPoint, keeping: PixelWindow(x: 0, y: 0, width: width, height: height))
    }

    /// The pixels in `window` of this image shrunk to `width × height` (`window` is cut to that
    /// size): the same values, pixel for pixel, as shrinking it whole and cutting the window out,
    /// for the work of the window's pixels alone.
    public func shrunk(toWidth width: Int, height: Int, pixelsPerPoint: Double, keeping window: PixelWindow) -> GrayImage {
        let window = window.clamped(toWidth: width, height: height)
        let columns = BoxSpans(count: width, source: self.width), rows = BoxSpans(count: height, source: self.height)
        var line = [Float](repeating: 0, count: self.width)
        let (left, top, right, bottom) = (window.x, window.y, window.x + window.width, window.y + window.height)
        // `while` loops over pointers: debug builds (the tests) run them many times faster than
        // ranges and array subscripts.
        let output = [UInt8](unsafeUninitializedCapacity: window.width * window.height) { out, initialized in
            bytes.withUnsafeBufferPointer { source in
                line.withUnsafeMutableBufferPointer { line in
                    rows.withPointers { rowStarts, rowSources, rowWeights in
                        columns.withPointers { columnStarts, columnSources, columnWeights in
                            let sourceWidth = self.width, line = line.baseAddress!
                            // The source columns the window's pixels cover.
                            let first = columnSources[columnStarts[left]], end = columnSources[columnStarts[right] - 1] + 1
                            var target = out.baseAddress!
                            var y = top
                            while y < bottom {
                                // Down first: the source rows the new row covers, weighted, into one line.
                                (line + first).update(repeating: 0, count: end - first)
                                var k = rowStarts[y]
                                while k < rowStarts[y &+ 1] {
                                    let row = source.baseAddress! + rowSources[k] * sourceWidth, weight = rowWeights[k]
                                    var i = first
                                    while i < end {
                                        line[i] += Float(row[i]) * weight
                                        i &+= 1
                                    }
                                    k &+= 1
                                }
                                // Then across.
                                var x = left
                                while x < right {
                                    var sum: Float = 0
                                    var k = columnStarts[x]
                                    while k < columnStarts[x &+ 1] {
                                        sum += line[columnSources[k]] * columnWeights[k]
                                        k &+= 1
                                    }
                                    // Rounded half up (`sum` is not negative: the same as `rounded()`, without libm's call).
                                    let whole = Int(sum), level = sum - Float(whole) >= 0.5 ? whole &+ 1 : whole
                                    target[x &- left] = level >= 255 ? 255 : UInt8(truncatingIfNeeded: level)
                                    x &+= 1
                                }
                                target += window.width
                                y &+= 1
                            }
                        }
                    }
                }
            }
            initialized = window.width * window.height
        }
        return GrayImage(width: window.width, height: window.height, bytes: output, pixelsPerPoint: pixelsPerPoint)
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
