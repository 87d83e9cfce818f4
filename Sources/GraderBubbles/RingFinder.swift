import GraderAlignment

/// Finds printed bubble rings in a region: dark connected blobs about one bubble across.
///
/// A ring (empty or filled) is one 8-connected dark component whose bounding box is close to the
/// bubble's size; its box centre is the bubble's centre. Text is smaller, ticks and crosses that
/// run past the ring make a larger box and are skipped (and counted, as marks); registration needs
/// only most rings.
enum RingFinder {
    /// A ring found on the image: its centre in pixel space.
    struct Ring: Equatable, Sendable {
        var x: Double
        var y: Double
        /// The ring's bounding box in pixels.
        var width: Double = 0, height: Double = 0
    }

    /// A dark component larger than a bubble (handwriting, a frame, a stroke across rings): its box in pixels.
    struct Mark: Equatable, Sendable {
        var minX: Int, minY: Int, maxX: Int, maxY: Int
    }

    /// What one pass over a region found.
    struct Found: Sendable {
        var rings: [Ring] = []
        var marks: [Mark] = []
    }

    /// The rings of `region` at the printed rings' own darkness, never at the fills': a pass at
    /// 40 % of the way from paper to the darkest ink (the fills, often) finds rings printed about
    /// as dark, and one just darker than the paper's grain finds thin grey rings (and blurred
    /// ones); the pass that finds more rings wins. When neither finds the `expected` rings (a
    /// photo's thin grey rings blurred into its grain), the region is smoothed and swept from the
    /// fills' level to just above the smoothed grain, and the level finding the most rings alike
    /// wins. Nil when the region has no ink at all.
    static func printedRings(in image: GrayImage, region: PixelRegion, diameter: Double, expected: Int = 0) -> Found? {
        let histogram = GreyHistogram(of: image, in: region)
        let paper = histogram.percentile(0.5), dark = histogram.percentile(0.005)
        guard paper - dark >= 40 else { return nil }
        let dark40 = find(in: image, region: region, threshold: UInt8(paper - (paper - dark) * 2 / 5), diameter: diameter)
        // Just darker than the paper's grain: three times its spread (from the quartile below the median).
        let grain = max(3, Double(paper - histogram.percentile(0.25)) / 0.674)
        let light = find(in: image, region: region, threshold: UInt8(Double(paper) - min(Double(paper - dark) * 0.4, max(10, 3 * grain))),
                         diameter: diameter)
        let (printed, fromLight) = (alike(dark40), alike(light))
        let best = fromLight.rings.count > printed.rings.count ? fromLight : printed
        guard best.rings.count < expected else { return best }
        return swept(image.smoothed(region), diameter: diameter).map { $0.moved(by: (region.x0, region.y0)) }
            .flatMap { $0.rings.count > best.rings.count ? $0 : nil } ?? best
    }

    /// The rings of all of `image` (a smoothed region) at the level, from 40 % of the way from
    /// paper to ink down to three times the grain (measured above the median: below it lie the
    /// print and the dark beyond a photo's sheet), that finds the most rings alike.
    private static func swept(_ image: GrayImage, diameter: Double) -> Found? {
        let whole = PixelRegion(x0: 0, y0: 0, x1: image.width, y1: image.height)
        let histogram = GreyHistogram(of: image, in: whole)
        let paper = Double(histogram.percentile(0.5)), contrast = paper - Double(histogram.percentile(0.005))
        let floor = max(6, 3 * Double(histogram.percentile(0.75) - histogram.percentile(0.5)) / 0.674)
        var best: Found?
        var offset = contrast * 0.4
        while offset >= floor {
            let found = alike(find(in: image, region: whole, threshold: UInt8(max(0, paper - offset)), diameter: diameter))
            if found.rings.count > best?.rings.count ?? 0 { best = found }
            offset *= 0.75
        }
        return best
    }

    /// The rings sized like most of them: printed rings are all alike, a handwritten "0" or a
    /// letter about a bubble across is not (digits written in boxes a row above an ID grid fit
    /// the grid moved up a row as well as its own last row does).
    static func alike(_ found: Found) -> Found {
        guard found.rings.count >= 4 else { return found }
        let widths = found.rings.map(\.width).sorted(), heights = found.rings.map(\.height).sorted()
        let width = widths[widths.count / 2], height = heights[heights.count / 2]
        var kept = found
        kept.rings = found.rings.filter { abs($0.width - width) <= max(2, 0.15 * width) && abs($0.height - height) <= max(2, 0.15 * height) }
        return kept
    }

    /// The rings in `region`, where a pixel is dark when its grey value is below `threshold`;
    /// `diameter` is the expected outer diameter in pixels.
    static func find(in image: GrayImage, region: PixelRegion, threshold: UInt8, diameter: Double) -> Found {
        let w = region.width, h = region.height
        var label = [UInt8](repeating: 0, count: w * h)  // 0 dark and unvisited, 1 visited, 2 light
        var found = Found()
        var stack: [Int] = []
        let low = diameter * 0.78, high = diameter * 1.32
        // Light pixels are marked first in one pass; the fill then only walks dark ones.
        image.bytes.withUnsafeBufferPointer { pixels in
            label.withUnsafeMutableBufferPointer { label in
                for y in 0..<h {
                    let row = (y + region.y0) * image.width + region.x0
                    for x in 0..<w where pixels[row + x] >= threshold { label[y * w + x] = 2 }
                }
                for start in 0..<(w * h) where label[start] == 0 {
                    var minX = start % w, maxX = minX, minY = start / w, maxY = minY, count = 0
                    label[start] = 1
                    stack.append(start)
                    while let at = stack.popLast() {
                        let px = at % w, py = at / w
                        count += 1
                        minX = min(minX, px); maxX = max(maxX, px); minY = min(minY, py); maxY = max(maxY, py)
                        for ny in max(py - 1, 0)...min(py + 1, h - 1) {
                            for nx in max(px - 1, 0)...min(px + 1, w - 1) where label[ny * w + nx] == 0 {
                                label[ny * w + nx] = 1
                                stack.append(ny * w + nx)
                            }
                        }
                    }
                    let boxWidth = Double(maxX - minX + 1), boxHeight = Double(maxY - minY + 1)
                    // A ring's line covers at least ~half its circumference's worth of pixels.
                    guard Double(count) >= diameter * 1.5 else { continue }
                    if (low...high).contains(boxWidth), (low...high).contains(boxHeight) {
                        found.rings.append(Ring(x: Double(region.x0) + Double(minX + maxX + 1) / 2,
                                                y: Double(region.y0) + Double(minY + maxY + 1) / 2, width: boxWidth, height: boxHeight))
                    } else if boxWidth > high || boxHeight > high {
                        found.marks.append(Mark(minX: minX + region.x0, minY: minY + region.y0,
                                                maxX: maxX + region.x0, maxY: maxY + region.y0))
                    }
                }
            }
        }
        return found
    }
}

extension RingFinder.Found {
    /// The same rings and marks moved by `delta` pixels (found in a region cut out of the page).
    func moved(by delta: (x: Int, y: Int)) -> RingFinder.Found {
        RingFinder.Found(
            rings: rings.map { RingFinder.Ring(x: $0.x + Double(delta.x), y: $0.y + Double(delta.y), width: $0.width, height: $0.height) },
            marks: marks.map { RingFinder.Mark(minX: $0.minX + delta.x, minY: $0.minY + delta.y, maxX: $0.maxX + delta.x, maxY: $0.maxY + delta.y) })
    }
}

extension GreyHistogram {
    /// The grey levels of every other pixel of every other row of `region` (plenty for percentiles).
    init(of image: GrayImage, in region: PixelRegion) {
        self.init()
        image.bytes.withUnsafeBufferPointer { pixels in
            for y in stride(from: region.y0, to: region.y1, by: 2) {
                for x in stride(from: region.x0, to: region.x1, by: 2) { add(pixels[y * image.width + x]) }
            }
        }
    }
}

extension GrayImage {
    /// `region` cut out and smoothed by a 3 × 3 mean: a photo's grain a third as strong, a
    /// ring's line blurred by one pixel.
    func smoothed(_ region: PixelRegion) -> GrayImage {
        let w = region.width, h = region.height
        let out = [UInt8](unsafeUninitializedCapacity: w * h) { out, initialized in
            bytes.withUnsafeBufferPointer { pixels in
                for y in 0..<h {
                    let y0 = max(y - 1, 0) + region.y0, y1 = min(y + 1, h - 1) + region.y0
                    for x in 0..<w {
                        let x0 = max(x - 1, 0) + region.x0, x1 = min(x + 1, w - 1) + region.x0
                        var sum = 0, count = 0
                        for sy in y0...y1 {
                            for sx in x0...x1 { sum += Int(pixels[sy * width + sx]); count += 1 }
                        }
                        out[y * w + x] = UInt8(sum / count)
                    }
                }
            }
            initialized = w * h
        }
        return GrayImage(width: w, height: h, bytes: out, pixelsPerPoint: pixelsPerPoint)
    }
}

/// Rings sorted top to bottom, so that the rings near a height are found by binary search.
struct RingIndex {
    let rings: [RingFinder.Ring]

    init(_ rings: [RingFinder.Ring]) { self.rings = rings.sorted { ($0.y, $0.x) < ($1.y, $1.x) } }

    var count: Int { rings.count }

    /// The index of the first ring at or below height `y`.
    private func firstIndex(atOrBelow y: Double) -> Int {
        var low = 0, high = rings.count
        while low < high {
            let middle = (low + high) / 2
            if rings[middle].y < y { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// The rings whose height is within `reach` of `y`.
    func near(y: Double, reach: Double) -> ArraySlice<RingFinder.Ring> {
        let start = firstIndex(atOrBelow: y - reach)
        var end = start
        while end < rings.count && rings[end].y <= y + reach { end += 1 }
        return rings[start..<end]
    }
}
