import GraderAlignment
import GraderCore

/// The grey levels of a block's own paper and printed ink, measured around its registered rings,
/// so that darkness is judged relative to this scan and not against a fixed threshold.
struct InkLevels: Equatable, Sendable {
    /// Grey level of bare paper near the bubbles.
    var paper: Double
    /// Grey level of the printed rings' line (the darkest pixel of each ring, median over rings).
    var ink: Double

    /// Paper minus ink, in grey levels.
    var contrast: Double { paper - ink }

    /// Darkness of grey `value`: 0 at paper, 1 at printed ink and beyond.
    @inline(__always)
    func darkness(_ value: UInt8) -> Double {
        let d = (paper - Double(value)) / contrast
        return d < 0 ? 0 : (d > 1 ? 1 : d)
    }

    /// Measures paper in a band just outside each ring and ink on the ring's line.
    /// `centres` are image pixel positions; `radius` is the ring line's radius in pixels.
    static func measure(in image: GrayImage, centres: [(x: Double, y: Double)], radius: Double) -> InkLevels? {
        var paperHistogram = GreyHistogram()
        var ringMinima: [UInt8] = []
        ringMinima.reserveCapacity(centres.count)
        let band = max(1.0, radius * 0.2)
        image.bytes.withUnsafeBufferPointer { pixels in
            for c in centres {
                guard let box = PixelRegion(minX: c.x - radius * 1.6, minY: c.y - radius * 1.6,
                                            maxX: c.x + radius * 1.6, maxY: c.y + radius * 1.6, in: image)
                else { continue }
                var ringMin: UInt8 = 255
                for y in box.y0..<box.y1 {
                    let dy = Double(y) + 0.5 - c.y
                    for x in box.x0..<box.x1 {
                        let dx = Double(x) + 0.5 - c.x
                        let r = (dx * dx + dy * dy).squareRoot()
                        let value = pixels[y * image.width + x]
                        if abs(r - radius) <= band {
                            ringMin = min(ringMin, value)
                        } else if r >= radius * 1.3 && r <= radius * 1.6 {
                            paperHistogram.add(value)
                        }
                    }
                }
                ringMinima.append(ringMin)
            }
        }
        guard !ringMinima.isEmpty, paperHistogram.total > 0 else { return nil }
        ringMinima.sort()
        return InkLevels(paper: Double(paperHistogram.percentile(0.5)), ink: Double(ringMinima[ringMinima.count / 2]))
    }
}
