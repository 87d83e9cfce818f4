import GraderAlignment

/// Measures how filled a bubble is: the mean darkness (relative to paper and printed ink) over
/// the disc inside its ring, ignoring the faint grain of the paper; and the share of the disc
/// that is inked, which a light tick raises though it hardly moves the mean.
enum FillMeter {
    /// Darkness below this share of the paper-to-ink range counts as paper (grain, toner haze).
    static let grain = 0.12
    /// A pixel this dark (share of the paper-to-ink range) counts as inked.
    static let inked = 0.35

    /// A bubble's fill, 0 (paper) … 1 (solid ink), and the share of its disc inked.
    struct Measure: Equatable, Sendable {
        var fill: Double
        var inkedShare: Double
    }

    /// The fill and inked share of the bubble centred at `centre` (pixel space) over a disc of
    /// `radius` pixels; nil when the disc leaves the image.
    static func measure(in image: GrayImage, centre c: (x: Double, y: Double), radius: Double, levels: InkLevels) -> Measure? {
        guard c.x - radius >= 0, c.y - radius >= 0,
              c.x + radius <= Double(image.width), c.y + radius <= Double(image.height),
              let box = PixelRegion(minX: c.x - radius, minY: c.y - radius, maxX: c.x + radius, maxY: c.y + radius, in: image)
        else { return nil }
        var sum = 0.0, count = 0, dark = 0
        let limit = radius * radius
        image.bytes.withUnsafeBufferPointer { pixels in
            for y in box.y0..<box.y1 {
                let dy = Double(y) + 0.5 - c.y
                for x in box.x0..<box.x1 {
                    let dx = Double(x) + 0.5 - c.x
                    guard dx * dx + dy * dy <= limit else { continue }
                    let d = levels.darkness(pixels[y * image.width + x])
                    sum += d > grain ? (d - grain) / (1 - grain) : 0
                    if d >= inked { dark += 1 }
                    count += 1
                }
            }
        }
        return count > 0 ? Measure(fill: sum / Double(count), inkedShare: Double(dark) / Double(count)) : nil
    }
}
