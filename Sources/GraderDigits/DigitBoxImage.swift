import GraderAlignment
import GraderCore

/// One handwritten-digit box as scanned, in the box's own frame: grey values (0 black … 255
/// white) of exactly the printed outline's rectangle, sampled at `pixelsPerPoint`, the outline
/// found on the scan (so a copy aligned a point or two off still puts the printed lines at the edges).
public struct DigitBoxImage: Sendable, Equatable {
    /// Width and height in pixels.
    public let width: Int, height: Int
    /// Grey values row by row from the top-left corner.
    public let grey: [Float]

    /// Pixels per point of every box image.
    public static let pixelsPerPoint = 2.0
    /// How far (points) around the aligned place the printed outline is looked for.
    public static let search = 3.0

    /// Wraps grey values.
    public init(width: Int, height: Int, grey: [Float]) {
        self.width = width
        self.height = height
        self.grey = grey
    }

    /// The box `rect` (reference-page points) of the page `image`, placed through `transform`
    /// (reference points → points on this page), then moved onto the printed outline nearby.
    public init(cropping rect: PageRect, from image: GrayImage, transform: SimilarityTransform) {
        let s = Self.pixelsPerPoint, pad = Int((Self.search * s).rounded())
        let w = max(4, Int((rect.width * s).rounded())), h = max(4, Int((rect.height * s).rounded()))
        let wide = w + 2 * pad, tall = h + 2 * pad
        let corner = PagePoint(x: rect.origin.x - Double(pad) / s, y: rect.origin.y - Double(pad) / s)
        let area = image.greys(width: wide, height: tall, from: corner, gridPixelsPerPoint: s, through: transform)
        let (dx, dy) = Self.outline(in: area, wide: wide, w: w, h: h, pad: pad)
        var grey = [Float](repeating: 255, count: w * h)
        for y in 0..<h { for x in 0..<w { grey[y * w + x] = area[(y + dy) * wide + x + dx] } }
        self.init(width: w, height: h, grey: grey)
    }

    /// Where (top-left, in `area`) a `w`×`h` outline is darkest: the printed box.
    private static func outline(in area: [Float], wide: Int, w: Int, h: Int, pad: Int) -> (Int, Int) {
        var best = (pad, pad), darkest = -Float.infinity
        for dy in 0...(2 * pad) {
            for dx in 0...(2 * pad) {
                var dark: Float = 0
                for x in 0..<w { dark += 510 - area[dy * wide + dx + x] - area[(dy + h - 1) * wide + dx + x] }
                for y in 0..<h { dark += 510 - area[(dy + y) * wide + dx] - area[(dy + y) * wide + dx + w - 1] }
                // Ties (a blank area) keep the aligned place.
                let distance = Float(abs(dx - pad) + abs(dy - pad))
                if dark - distance * 0.01 > darkest { darkest = dark - distance * 0.01; best = (dx, dy) }
            }
        }
        return best
    }

    /// The printed box alone as the reference shows it: at each pixel, a grey that all but the
    /// lightest seventh of `boxes` reach (the same box on many copies: what nearly every copy has
    /// dark there is print — handwriting varies, and even a box's centre is inked on few copies);
    /// with fewer than five copies, the outline drawn `lineWidth` points wide instead.
    public static func printedReference(of boxes: [DigitBoxImage], lineWidth: Double = 1) -> DigitBoxImage? {
        guard let first = boxes.first, boxes.allSatisfy({ $0.width == first.width && $0.height == first.height }) else { return nil }
        let (w, h) = (first.width, first.height)
        guard boxes.count >= 5 else {
            let band = max(1, Int((lineWidth * pixelsPerPoint).rounded()))
            let grey = (0..<(w * h)).map { i -> Float in
                let x = i % w, y = i / w
                return min(x, y, w - 1 - x, h - 1 - y) < band ? 0 : 255
            }
            return DigitBoxImage(width: w, height: h, grey: grey)
        }
        var grey = [Float](repeating: 255, count: w * h), column = [Float](repeating: 0, count: boxes.count)
        for i in 0..<(w * h) {
            for (k, box) in boxes.enumerated() { column[k] = box.grey[i] }
            column.sort()
            grey[i] = column[column.count * 6 / 7]
        }
        return DigitBoxImage(width: w, height: h, grey: grey)
    }
}
