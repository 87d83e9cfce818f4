import GraderCore

extension GrayImage {
    /// The grey value at pixel-space position (`x`, `y`), interpolated between the four nearest
    /// pixel centres; positions off the image read as white paper.
    @inline(__always)
    package func sample(x: Double, y: Double) -> Double {
        let fx = x - 0.5, fy = y - 0.5
        guard fx >= 0, fy >= 0, fx < Double(width - 1), fy < Double(height - 1) else {
            guard x >= 0, y >= 0, x < Double(width), y < Double(height) else { return 255 }
            return Double(bytes[Int(y) * width + Int(x)])
        }
        // Non-negative here: truncation is the floor.
        let x0 = Int(fx), y0 = Int(fy)
        let ax = fx - Double(x0), ay = fy - Double(y0)
        return bytes.withUnsafeBufferPointer { pixels in
            let i = y0 &* width &+ x0
            let top = Double(pixels[i]) * (1 - ax) + Double(pixels[i &+ 1]) * ax
            let bottom = Double(pixels[i &+ width]) * (1 - ax) + Double(pixels[i &+ width &+ 1]) * ax
            return top * (1 - ay) + bottom * ay
        }
    }

    /// The image turned by 180° (a sheet fed upside down, shown upright).
    public var turned: GrayImage {
        GrayImage(width: width, height: height, bytes: bytes.reversed(), pixelsPerPoint: pixelsPerPoint)
    }

    /// The image at `pixelsPerPoint`: box-filtered when smaller, interpolated when larger.
    public func resampled(toPixelsPerPoint target: Double) -> GrayImage {
        let size = pageSize
        let w = max(1, Int((size.width * target).rounded())), h = max(1, Int((size.height * target).rounded()))
        if w == width, h == height { return self }
        if w <= width, h <= height { return shrunk(toWidth: w, height: h, pixelsPerPoint: target) }
        guard width >= 2, height >= 2 else { return self }
        // Bilinear with weights of 1/256: each output column's and row's two source neighbours and
        // weight, found once; across first (each source row once, kept while two output rows use
        // it), then down.
        func taps(_ count: Int, _ source: Int) -> (index: [Int], weight: [UInt32]) {
            let scale = Double(source) / Double(count)
            let taps = (0..<count).map { i in
                let f = min(max((Double(i) + 0.5) * scale - 0.5, 0), Double(source - 1))
                let index = min(Int(f), source - 2)
                return (index, UInt32(((f - Double(index)) * 256).rounded()))
            }
            return (taps.map(\.0), taps.map(\.1))
        }
        let columns = taps(w, width), rows = taps(h, height)
        // Source row r mixed across is kept in line r % 2 (the two rows an output row needs differ by one).
        // The pixel loops are `while` loops over pointers: a debug build (the tests) runs them many
        // times faster than ranges and array subscripts.
        var lines = [UInt16](repeating: 0, count: 2 * w), held = [-1, -1]
        let width = width
        let output = [UInt8](unsafeUninitializedCapacity: w * h) { out, initialized in
            bytes.withUnsafeBufferPointer { pixels in
                lines.withUnsafeMutableBufferPointer { lines in
                    columns.index.withUnsafeBufferPointer { columnIndex in
                        columns.weight.withUnsafeBufferPointer { columnWeight in
                            let (columnIndex, columnWeight) = (columnIndex.baseAddress!, columnWeight.baseAddress!)
                            var y = 0
                            while y < h {
                                let index = rows.index[y]
                                for r in [index, index + 1] where held[r % 2] != r {
                                    let source = pixels.baseAddress! + r * width, line = lines.baseAddress! + (r % 2) * w
                                    var x = 0
                                    while x < w {
                                        let i = columnIndex[x], ax = columnWeight[x]
                                        line[x] = UInt16(truncatingIfNeeded: UInt32(source[i]) &* (256 &- ax) &+ UInt32(source[i &+ 1]) &* ax)
                                        x &+= 1
                                    }
                                    held[r % 2] = r
                                }
                                let top = lines.baseAddress! + (index % 2) * w, bottom = lines.baseAddress! + ((index + 1) % 2) * w
                                let target = out.baseAddress! + y * w, ay = rows.weight[y]
                                var x = 0
                                while x < w {
                                    target[x] = UInt8(truncatingIfNeeded: (UInt32(top[x]) &* (256 &- ay) &+ UInt32(bottom[x]) &* ay &+ 32768) &>> 16)
                                    x &+= 1
                                }
                                y &+= 1
                            }
                        }
                    }
                }
            }
            initialized = w * h
        }
        return GrayImage(width: w, height: h, bytes: output, pixelsPerPoint: target)
    }
}
