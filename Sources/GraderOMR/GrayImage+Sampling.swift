extension GrayImage {
    /// The grey value at pixel-space position (`x`, `y`), interpolated between the four nearest
    /// pixel centres; positions off the image read as white paper.
    @inline(__always)
    func sample(x: Double, y: Double) -> Double {
        let fx = x - 0.5, fy = y - 0.5
        let x0 = Int(fx.rounded(.down)), y0 = Int(fy.rounded(.down))
        guard x0 >= 0, y0 >= 0, x0 + 1 < width, y0 + 1 < height else {
            let (ix, iy) = (Int(x.rounded(.down)), Int(y.rounded(.down)))
            return ix >= 0 && iy >= 0 && ix < width && iy < height ? Double(bytes[iy * width + ix]) : 255
        }
        let ax = fx - Double(x0), ay = fy - Double(y0)
        let i = y0 * width + x0
        let top = Double(bytes[i]) * (1 - ax) + Double(bytes[i + 1]) * ax
        let bottom = Double(bytes[i + width]) * (1 - ax) + Double(bytes[i + width + 1]) * ax
        return top * (1 - ay) + bottom * ay
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
        // weight, found once; down first (one source row mixed from its two neighbours), then across.
        func taps(_ count: Int, _ source: Int) -> [(index: Int, weight: UInt32)] {
            let scale = Double(source) / Double(count)
            return (0..<count).map { i in
                let f = min(max((Double(i) + 0.5) * scale - 0.5, 0), Double(source - 1))
                let index = min(Int(f), source - 2)
                return (index, UInt32(((f - Double(index)) * 256).rounded()))
            }
        }
        let columns = taps(w, width), rows = taps(h, height)
        var mixed = [UInt32](repeating: 0, count: width)
        let output = [UInt8](unsafeUninitializedCapacity: w * h) { out, initialized in
            bytes.withUnsafeBufferPointer { pixels in
                mixed.withUnsafeMutableBufferPointer { mixed in
                    columns.withUnsafeBufferPointer { columns in
                        for (y, row) in rows.enumerated() {
                            let top = pixels.baseAddress! + row.index * width, bottom = top + width, ay = row.weight
                            for i in 0..<width { mixed[i] = UInt32(top[i]) &* (256 &- ay) &+ UInt32(bottom[i]) &* ay }
                            let line = out.baseAddress! + y * w
                            for x in 0..<w {
                                let (i, ax) = columns[x]
                                line[x] = UInt8(truncatingIfNeeded: (mixed[i] &* (256 &- ax) &+ mixed[i + 1] &* ax &+ 32768) &>> 16)
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
