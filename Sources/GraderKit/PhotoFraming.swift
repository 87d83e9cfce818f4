import GraderCore
import GraderPDF

/// Where the sheet lies on a phone photo, found cheaply: the largest bright region of a small grey
/// copy (split from the background at Otsu's threshold). When it stands clearly against a darker
/// background, the photo's page is scaled so that region is as wide as the sheet; when the sheet
/// fills the frame (or nothing stands out), the photo's width is the sheet's. The page registration
/// and each block's projective fit then place the sheet exactly.
struct PhotoFraming: Sendable, Equatable {
    /// The size, in points, of the page the photo becomes.
    let pageSize: PageSize
    /// The sheet's bounding box as shares of the photo's width and height (x, y, width, height); nil when it fills the frame.
    let outline: [Double]?

    /// The width the sheet is looked for at.
    static let searchWidth = 320

    /// Frames `photo` for a sheet `sheet` points in size.
    init(_ photo: PhotoImage, sheet: PageSize) {
        let wholeWidth = PageSize(width: sheet.width, height: sheet.width * Double(photo.height) / Double(photo.width))
        guard let grey = photo.grey(minimumWidth: Self.searchWidth), let box = Self.sheetBox(grey) else {
            (pageSize, outline) = (wholeWidth, nil)
            return
        }
        let share = Double(box.width) / Double(grey.width)
        let pointsPerPixel = sheet.width / (share * Double(photo.width))
        pageSize = PageSize(width: Double(photo.width) * pointsPerPixel, height: Double(photo.height) * pointsPerPixel)
        outline = [Double(box.x) / Double(grey.width), Double(box.y) / Double(grey.height), share, Double(box.height) / Double(grey.height)]
    }

    /// The bounding box of the largest bright region when it is a sheet against a darker background:
    /// at least a sixth of the frame, not touching both sides, and the rest of the frame at most 70 % as bright.
    static func sheetBox(_ grey: GrayPixels) -> (x: Int, y: Int, width: Int, height: Int)? {
        let (w, h, pixels) = (grey.width, grey.height, grey.bytes)
        guard w > 8, h > 8 else { return nil }
        let threshold = otsu(pixels)
        var label = [Int32](repeating: 0, count: w * h), best: (count: Int, label: Int32, box: (Int, Int, Int, Int)) = (0, 0, (0, 0, 0, 0))
        var next: Int32 = 0, stack: [Int] = []
        for start in 0..<(w * h) where label[start] == 0 && pixels[start] > threshold {
            next += 1
            label[start] = next
            stack.append(start)
            var count = 0, (minX, minY, maxX, maxY) = (w, h, 0, 0)
            while let index = stack.popLast() {
                count += 1
                let x = index % w, y = index / w
                (minX, minY, maxX, maxY) = (min(minX, x), min(minY, y), max(maxX, x), max(maxY, y))
                for neighbour in [x > 0 ? index - 1 : -1, x < w - 1 ? index + 1 : -1, y > 0 ? index - w : -1, y < h - 1 ? index + w : -1]
                where neighbour >= 0 && label[neighbour] == 0 && pixels[neighbour] > threshold {
                    label[neighbour] = next
                    stack.append(neighbour)
                }
            }
            if count > best.count { best = (count, next, (minX, minY, maxX - minX + 1, maxY - minY + 1)) }
        }
        let (x, y, bw, bh) = best.box
        guard best.count * 6 >= w * h, bw * 100 <= w * 92 else { return nil }
        var inside = 0, insideCount = 0, outside = 0, outsideCount = 0
        for index in pixels.indices {
            let px = index % w, py = index / w
            if px >= x, px < x + bw, py >= y, py < y + bh {
                if label[index] == best.label { inside += Int(pixels[index]); insideCount += 1 }
            } else {
                outside += Int(pixels[index]); outsideCount += 1
            }
        }
        guard outsideCount * 12 >= w * h, insideCount > 0,
              Double(outside) / Double(outsideCount) <= 0.7 * Double(inside) / Double(insideCount) else { return nil }
        return (x, y, bw, bh)
    }

    /// Otsu's threshold: the grey level that best splits the histogram in two.
    static func otsu(_ pixels: [UInt8]) -> UInt8 {
        var histogram = [Int](repeating: 0, count: 256)
        for value in pixels { histogram[Int(value)] += 1 }
        let total = Double(pixels.count), sum = histogram.enumerated().reduce(0.0) { $0 + Double($1.offset * $1.element) }
        var (weightBelow, sumBelow, best, threshold) = (0.0, 0.0, -1.0, 0)
        for level in 0..<256 {
            weightBelow += Double(histogram[level])
            sumBelow += Double(level * histogram[level])
            let weightAbove = total - weightBelow
            guard weightBelow > 0, weightAbove > 0 else { continue }
            let between = weightBelow * weightAbove * pow2(sumBelow / weightBelow - (sum - sumBelow) / weightAbove)
            if between > best { (best, threshold) = (between, level) }
        }
        return UInt8(threshold)
    }

    private static func pow2(_ value: Double) -> Double { value * value }
}
