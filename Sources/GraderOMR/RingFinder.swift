/// Finds printed bubble rings in a region: dark connected blobs about one bubble across.
///
/// A ring (empty or filled) is one 8-connected dark component whose bounding box is close to the
/// bubble's size; its box centre is the bubble's centre. Text is smaller, ticks and crosses that
/// run past the ring make a larger box and are skipped; registration needs only most rings.
enum RingFinder {
    /// A ring found on the image: its centre in pixel space.
    struct Ring: Equatable, Sendable {
        var x: Double
        var y: Double
    }

    /// The rings in `region`, where a pixel is dark when its grey value is below `threshold`;
    /// `diameter` is the expected outer diameter in pixels.
    static func find(in image: GrayImage, region: PixelRegion, threshold: UInt8, diameter: Double) -> [Ring] {
        let w = region.width, h = region.height
        var label = [Int32](repeating: 0, count: w * h)  // 0 unvisited, -1 light, 1 dark-visited
        var rings: [Ring] = []
        var stack: [Int] = []
        let low = diameter * 0.78, high = diameter * 1.32
        image.bytes.withUnsafeBufferPointer { pixels in
            for y in 0..<h {
                for x in 0..<w where label[y * w + x] == 0 {
                    guard pixels[(y + region.y0) * image.width + x + region.x0] < threshold else {
                        label[y * w + x] = -1
                        continue
                    }
                    var minX = x, maxX = x, minY = y, maxY = y, count = 0
                    label[y * w + x] = 1
                    stack.append(y * w + x)
                    while let at = stack.popLast() {
                        let px = at % w, py = at / w
                        count += 1
                        minX = min(minX, px); maxX = max(maxX, px); minY = min(minY, py); maxY = max(maxY, py)
                        for ny in max(py - 1, 0)...min(py + 1, h - 1) {
                            for nx in max(px - 1, 0)...min(px + 1, w - 1) where label[ny * w + nx] == 0 {
                                if pixels[(ny + region.y0) * image.width + nx + region.x0] < threshold {
                                    label[ny * w + nx] = 1
                                    stack.append(ny * w + nx)
                                } else {
                                    label[ny * w + nx] = -1
                                }
                            }
                        }
                    }
                    let boxWidth = Double(maxX - minX + 1), boxHeight = Double(maxY - minY + 1)
                    // A ring's line covers at least ~half its circumference's worth of pixels.
                    guard (low...high).contains(boxWidth), (low...high).contains(boxHeight),
                          Double(count) >= diameter * 1.5 else { continue }
                    rings.append(Ring(x: Double(region.x0) + Double(minX + maxX + 1) / 2, y: Double(region.y0) + Double(minY + maxY + 1) / 2))
                }
            }
        }
        return rings
    }
}
