import GraderCore

// The pixel loops are `while` loops over pointers: debug builds (the tests) run them many times
// faster than ranges, closures and array subscripts.

/// How much ink covers each pixel of a grey page image (0 = paper, up to 1 = black), measured from
/// the page's own paper level so a light or dark scan gives the same map. Page registration
/// correlates these maps.
struct InkMap: Sendable {
    let width: Int
    let height: Int
    /// `width × height` ink values, row by row from the top-left corner.
    let values: [Float]
    /// Pixels per PDF point.
    let pixelsPerPoint: Double

    init(width: Int, height: Int, values: [Float], pixelsPerPoint: Double) {
        (self.width, self.height, self.values, self.pixelsPerPoint) = (width, height, values, pixelsPerPoint)
    }

    /// The ink of `image`: how far each pixel is below the paper level (the 90th percentile),
    /// relative to it.
    init(_ image: GrayImage) {
        var histogram = GreyHistogram()
        image.bytes.withUnsafeBufferPointer { pixels in
            for i in stride(from: 0, to: pixels.count, by: 7) { histogram.add(pixels[i]) }
        }
        // Below 6 % of the paper's brightness is grain and the scanner's shading, not ink.
        let paper = Float(max(histogram.percentile(0.9), 1))
        let values = [Float](unsafeUninitializedCapacity: image.bytes.count) { values, initialized in
            image.bytes.withUnsafeBufferPointer { pixels in
                let (count, source, target) = (pixels.count, pixels.baseAddress!, values.baseAddress!)
                var i = 0
                while i < count {
                    let ink = (paper - Float(source[i])) / paper - 0.06
                    target[i] = ink >= 0 ? ink : 0
                    i &+= 1
                }
            }
            initialized = image.bytes.count
        }
        self.init(width: image.width, height: image.height, values: values, pixelsPerPoint: image.pixelsPerPoint)
    }

    /// The map at 1/`factor` of the resolution: each pixel the mean of a `factor`² block.
    func reduced(by factor: Int) -> InkMap {
        let w = max(1, width / factor), h = max(1, height / factor), width = width
        var out = [Float](repeating: 0, count: w * h)
        let norm = 1 / Float(factor * factor)
        values.withUnsafeBufferPointer { v in
            out.withUnsafeMutableBufferPointer { out in
                var target = out.baseAddress!
                var y = 0
                while y < h {
                    var x = 0
                    while x < w {
                        var sum: Float = 0
                        var row = v.baseAddress! + y * factor * width + x * factor, dy = 0
                        while dy < factor {
                            var dx = 0
                            while dx < factor { sum += row[dx]; dx &+= 1 }
                            row += width
                            dy &+= 1
                        }
                        target.pointee = sum * norm
                        target += 1
                        x &+= 1
                    }
                    y &+= 1
                }
            }
        }
        return InkMap(width: w, height: h, values: out, pixelsPerPoint: pixelsPerPoint / Double(factor))
    }

    /// The map turned by 180° (a page scanned upside down, shown upright).
    var turned: InkMap { InkMap(width: width, height: height, values: values.reversed(), pixelsPerPoint: pixelsPerPoint) }

    /// The ink at pixel-space position (`x`, `y`) (pixel centres at half-integers), bilinear; 0 off the map.
    func sample(x: Double, y: Double) -> Float {
        let fx = x - 0.5, fy = y - 0.5
        guard fx >= 0, fy >= 0, fx < Double(width - 1), fy < Double(height - 1) else { return 0 }
        // Non-negative here: truncation is the floor.
        let x0 = Int(fx), y0 = Int(fy)
        let ax = Float(fx - Double(x0)), ay = Float(fy - Double(y0))
        return values.withUnsafeBufferPointer { values in
            let i = y0 &* width &+ x0
            let top = values[i] * (1 - ax) + values[i &+ 1] * ax
            let bottom = values[i &+ width] * (1 - ax) + values[i &+ width &+ 1] * ax
            return top * (1 - ay) + bottom * ay
        }
    }

    /// True when next to nothing is printed or written: fewer than one pixel in 2,000 clearly
    /// inked (grain, dust and a scanner's shading stay below that ink).
    var isBlank: Bool { values.reduce(0) { $1 >= 0.3 ? $0 + 1 : $0 } * 2000 < values.count }

    /// Total ink: a blank page has next to none.
    var totalInk: Double { values.reduce(0) { $0 + Double($1) } }
}
