import GraderCore

extension DigitBoxImage {
    /// Pen strokes drawn as a scanned box shows handwriting: black lines `penWidth` pixels wide on
    /// white paper, the strokes' units scaled by `scale` pixels, `margin` pixels of paper around
    /// and at least `smallestWidth` pixels wide (a 1 is a line: the box around it is not).
    public init(strokes: [[PagePoint]], scale: Double, penWidth: Double, margin: Int, smallestWidth: Int = 0) {
        let marks = strokes.compactMap(InkBounds.init)
        // No ink, or more than a box can hold (at most `largest` pixels a side): a box of paper.
        let largest = 4096.0
        guard let ink = marks.dropFirst().reduce(marks.first, { $0?.union($1) }), scale.isFinite, penWidth.isFinite,
              (0...largest).contains(ink.width * scale), (0...largest).contains(ink.height * scale), (0...largest).contains(penWidth) else {
            let side = 2 * max(0, min(margin, 64)) + 1
            self.init(width: side, height: side, grey: [Float](repeating: 255, count: side * side))
            return
        }
        let inkWidth = Int((ink.width * scale).rounded(.up)) + 1, inkHeight = Int((ink.height * scale).rounded(.up)) + 1
        let w = max(inkWidth, smallestWidth) + 2 * margin, h = inkHeight + 2 * margin
        let left = Double(margin + (max(inkWidth, smallestWidth) - inkWidth) / 2), top = Double(margin)
        var grey = [Float](repeating: 255, count: w * h)
        let radius = penWidth / 2
        func place(_ p: PagePoint) -> (Double, Double) { (left + (p.x - ink.minX) * scale, top + (p.y - ink.minY) * scale) }
        for stroke in strokes where InkBounds(stroke) != nil {
            let placed = stroke.map(place)
            for (a, b) in zip(placed, placed.dropFirst().isEmpty ? placed : Array(placed.dropFirst())) {
                // Each pixel near the segment is as dark as the pen covers it (a pixel's worth of antialiasing).
                let x0 = max(0, Int(min(a.0, b.0) - radius - 1)), x1 = min(w - 1, Int(max(a.0, b.0) + radius + 1))
                let y0 = max(0, Int(min(a.1, b.1) - radius - 1)), y1 = min(h - 1, Int(max(a.1, b.1) + radius + 1))
                guard x0 <= x1, y0 <= y1 else { continue }
                let (dx, dy) = (b.0 - a.0, b.1 - a.1), length = dx * dx + dy * dy
                for y in y0...y1 {
                    for x in x0...x1 {
                        let (px, py) = (Double(x) + 0.5, Double(y) + 0.5)
                        let t = length > 0 ? min(1, max(0, ((px - a.0) * dx + (py - a.1) * dy) / length)) : 0
                        let distance = ((px - a.0 - t * dx) * (px - a.0 - t * dx) + (py - a.1 - t * dy) * (py - a.1 - t * dy)).squareRoot()
                        let cover = min(1, max(0, radius + 0.5 - distance))
                        grey[y * w + x] = min(grey[y * w + x], Float(255 * (1 - cover)))
                    }
                }
            }
        }
        self.init(width: w, height: h, grey: grey)
    }
}
