import GraderAlignment

/// How dark the inside of a bubble is relative to the paper just around it: the measure a bubble
/// is read by, on the blank sheet (its letters, its shading) and on each scan (plus the pencil).
/// Measured against local paper, so shaded columns and uneven lighting cancel out.
enum BubbleInk {
    /// Share of the bubble's half-width and half-height measured inside: well within the outline.
    static let inside = 0.7
    /// The band around the bubble the paper is measured on, in multiples of its half-axes.
    static let paperBand = 1.25...1.6

    /// Mean darkness (0 paper … 1 black) inside the ellipse centred at `centre` with half-axes
    /// `radii` (pixel space), relative to the paper level of the band around it, and the same in
    /// each quarter of it (a mark over one side of a bubble shows there); nil off the image.
    static func darkness(in image: GrayImage, centre c: (x: Double, y: Double), radii r: (x: Double, y: Double))
        -> (ink: Double, paper: Double, quarters: [Double])? {
        let outer = (x: r.x * paperBand.upperBound, y: r.y * paperBand.upperBound)
        guard r.x > 0, r.y > 0, c.x - outer.x >= 0, c.y - outer.y >= 0,
              c.x + outer.x <= Double(image.width), c.y + outer.y <= Double(image.height) else { return nil }
        let x0 = Int(c.x - outer.x), x1 = min(image.width, Int((c.x + outer.x).rounded(.up)))
        let y0 = Int(c.y - outer.y), y1 = min(image.height, Int((c.y + outer.y).rounded(.up)))
        // Each column's and row's distance from the centre, in half-axes.
        let across = (x0..<x1).map { x in (Double(x) + 0.5 - c.x) / r.x }, down = (y0..<y1).map { y in (Double(y) + 0.5 - c.y) / r.y }
        let inner2 = inside * inside, band0 = paperBand.lowerBound * paperBand.lowerBound, band1 = paperBand.upperBound * paperBand.upperBound
        // The paper: the brighter part of the band (a neighbour's outline or a pencil stroke past
        // the bubble is not paper).
        var histogram = GreyHistogram()
        image.bytes.withUnsafeBufferPointer { pixels in
            for (j, dy) in down.enumerated() {
                let row = pixels.baseAddress! + (y0 + j) * image.width + x0
                for (i, dx) in across.enumerated() {
                    let rho = dx * dx + dy * dy
                    if rho >= band0 && rho <= band1 { histogram.add(row[i]) }
                }
            }
        }
        guard histogram.total > 0 else { return nil }
        let paper = max(Double(histogram.percentile(0.75)), 1)
        var sums = [Double](repeating: 0, count: 4), counts = [Double](repeating: 0, count: 4)
        image.bytes.withUnsafeBufferPointer { pixels in
            for (j, dy) in down.enumerated() where dy * dy <= inner2 {
                let row = pixels.baseAddress! + (y0 + j) * image.width + x0
                var ink = (left: 0.0, right: 0.0), count = (left: 0.0, right: 0.0)
                for (i, dx) in across.enumerated() where dx * dx + dy * dy <= inner2 {
                    let value = max(0, paper - Double(row[i]))
                    if dx < 0 { ink.left += value; count.left += 1 } else { ink.right += value; count.right += 1 }
                }
                let quarter = dy < 0 ? 0 : 2
                sums[quarter] += ink.left; sums[quarter + 1] += ink.right
                counts[quarter] += count.left; counts[quarter + 1] += count.right
            }
        }
        let measured = counts.reduce(0, +)
        guard measured > 0 else { return nil }
        let quarters = (0..<4).map { counts[$0] > 0 ? min(1, sums[$0] / paper / counts[$0]) : 0 }
        return (min(1, sums.reduce(0, +) / paper / measured), paper, quarters)
    }
}
