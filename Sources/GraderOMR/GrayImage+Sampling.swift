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
        // Bilinear: each output column's and row's two source neighbours and weight, found once.
        func taps(_ count: Int, _ source: Int) -> [(index: Int, weight: Float)] {
            let scale = Double(source) / Double(count)
            return (0..<count).map { i in
                let f = min(max((Double(i) + 0.5) * scale - 0.5, 0), Double(source - 1))
                let index = min(Int(f), source - 2)
                return (index, Float(f - Double(index)))
            }
        }
        let columns = taps(w, width), rows = taps(h, height)
        // Down first (one source row mixed from its two neighbours), then across.
        var mixed = [Float](repeating: 0, count: width)
        let output = [UInt8](unsafeUninitializedCapacity: w * h) { out, initialized in
            bytes.withUnsafeBufferPointer { pixels in
                for (y, row) in rows.enumerated() {
                    let top = row.index * width, bottom = top + width, ay = row.weight
                    for i in 0..<width { mixed[i] = Float(pixels[top + i]) * (1 - ay) + Float(pixels[bottom + i]) * ay }
                    for (x, column) in columns.enumerated() {
                        let i = column.index, ax = column.weight
                        out[y * w + x] = UInt8(mixed[i] * (1 - ax) + mixed[i + 1] * ax + 0.5)
                    }
                }
            }
            initialized = w * h
        }
        return GrayImage(width: w, height: h, bytes: output, pixelsPerPoint: target)
    }
}
