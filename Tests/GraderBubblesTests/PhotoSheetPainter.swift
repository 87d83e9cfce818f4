import Foundation
import GraderAlignment
import GraderCore
@testable import ScanFactory

/// Paints bubble sheets straight into grey pixels, unlike ScanFactory's PDFs: thin grey or dark
/// rings (letters printed inside, a solid example bubble), blocks that abut at one pitch, one-
/// and two-bubble fields, fills of any darkness, light ticks, handwriting over a grid, then what a
/// phone or a cheap scanner does to a page: a turn, perspective, uneven light, blur and noise.
struct PhotoSheetPainter {
    /// How the sheet was printed.
    struct Print {
        /// Grey of the rings' line, and its width in points.
        var ringGrey: Double = 60, ringWidth: Double = 0.9
        /// A letter printed inside each bubble (it darkens every empty bubble a little).
        var lettersInside = false
    }

    /// How the page was captured: image pixels → page points is the inverse of `pagePoint(ofPixel:)`.
    struct Capture {
        var pixelsPerPoint = 2.0
        var degrees = 0.0, scale = 1.0, shift = (x: 0.0, y: 0.0)
        /// Perspective: the image shrinks by this share per 100 pt to the right and down.
        var tilt = (x: 0.0, y: 0.0)
        /// Darkening from the top-left to the bottom-right corner, in grey levels.
        var shade = 0.0
        var blurPasses = 1, noise = 4.0

        static let scan = Capture(pixelsPerPoint: 2, degrees: 0.6, shift: (4, -3), blurPasses: 1, noise: 4)
    }

    /// A mark a student made.
    enum Mark {
        case fill(darkness: Double)
        case lightTick
        case scribble(points: [(x: Double, y: Double)])
    }

    static let pageSize = PageSize(width: 612, height: 792)
    let print: Print
    /// Page raster: 3 pixels per point, 255 paper.
    private var page: [UInt8]
    private let pageScale = 3.0
    private let pageWidth: Int, pageHeight: Int
    private var random: SplitMix64

    init(print: Print, seed: UInt64) {
        self.print = print
        pageWidth = Int(Self.pageSize.width * pageScale)
        pageHeight = Int(Self.pageSize.height * pageScale)
        page = [UInt8](repeating: 250, count: pageWidth * pageHeight)
        random = SplitMix64(seed: seed)
    }

    /// Prints every ring of `block` (and, inside each, a small letter when the print has them).
    mutating func printRings(_ block: BubbleBlock) {
        for row in 0..<block.rows {
            for choice in block.choices.indices {
                let c = block.centre(row: row, choice: choice)
                ring(at: (c.x, c.y), radius: block.bubbleDiameter / 2 - print.ringWidth / 2, width: print.ringWidth, grey: print.ringGrey)
                if print.lettersInside {
                    let h = block.bubbleDiameter * 0.22
                    stroke([(c.x - h * 0.7, c.y + h), (c.x, c.y - h), (c.x + h * 0.7, c.y + h)], width: 0.5, grey: print.ringGrey + 30)
                }
            }
        }
    }

    /// A bubble printed solid (a "fill like this" example), centred at `centre`.
    mutating func printSolid(at centre: (x: Double, y: Double), diameter: Double) {
        disc(at: centre, radius: diameter / 2, grey: 20, wobble: 0)
    }

    /// The student's `mark` on the bubble of `row` and `choice` of `block`.
    mutating func mark(_ mark: Mark, block: BubbleBlock, row: Int, choice: Int) {
        let c = block.centre(row: row, choice: choice), r = block.bubbleDiameter / 2
        switch mark {
        case .fill(let darkness):
            disc(at: (c.x + random.uniform(-0.6, 0.6), c.y + random.uniform(-0.6, 0.6)), radius: r * 0.85,
                 grey: 250 - 230 * darkness, wobble: 0.6)
        case .lightTick:
            stroke([(c.x - r * 0.5, c.y), (c.x - r * 0.1, c.y + r * 0.45), (c.x + r * 0.6, c.y - r * 0.6)], width: 0.9, grey: 150)
        case .scribble(let points):
            stroke(points, width: 1.3, grey: 45)
        }
    }

    /// The sheet as `capture` sees it, and the page's alignment (page points → image points) a
    /// registration would find: the best similarity, off by `alignmentError` points.
    func captured(_ capture: Capture, alignmentError: (x: Double, y: Double) = (0, 0)) -> (image: GrayImage, alignment: SimilarityTransform) {
        let ppp = capture.pixelsPerPoint
        let width = Int(Self.pageSize.width * ppp), height = Int(Self.pageSize.height * ppp)
        var pixels = [Double](repeating: 250, count: width * height)
        for y in 0..<height {
            for x in 0..<width {
                let p = pagePoint(ofImage: ((Double(x) + 0.5) / ppp, (Double(y) + 0.5) / ppp), capture)
                pixels[y * width + x] = sample(p) - capture.shade * (Double(x) / Double(width) + Double(y) / Double(height)) / 2
            }
        }
        for _ in 0..<capture.blurPasses { pixels = boxBlur(pixels, width: width, height: height) }
        var noise = random
        let bytes = pixels.map { UInt8(max(0, min(255, ($0 + noise.gaussian() * capture.noise).rounded()))) }
        // The alignment: a similarity fitted over a grid of points of the page, then moved by the error.
        var from: [(x: Double, y: Double)] = [], to: [(x: Double, y: Double)] = []
        for gy in stride(from: 20.0, to: Self.pageSize.height, by: 40) {
            for gx in stride(from: 20.0, to: Self.pageSize.width, by: 40) {
                to.append((gx, gy))
                from.append(pagePoint(ofImage: (gx, gy), capture))
            }
        }
        let fitted = SimilarityTransform.fit(from: from, to: to) ?? .identity
        let alignment = SimilarityTransform(a: fitted.a, b: fitted.b, tx: fitted.tx + alignmentError.x, ty: fitted.ty + alignmentError.y)
        return (GrayImage(width: width, height: height, bytes: bytes, pixelsPerPoint: ppp), alignment)
    }

    /// Where the image's point `p` (points) shows the page: the turn, scale and shift undone, then the tilt.
    private func pagePoint(ofImage p: (x: Double, y: Double), _ c: Capture) -> (x: Double, y: Double) {
        let w = 1 - c.tilt.x * p.x / 100 - c.tilt.y * p.y / 100
        let (u, v) = (p.x / w - c.shift.x, p.y / w - c.shift.y)
        let angle = -c.degrees * .pi / 180
        let centre = (x: Self.pageSize.width / 2, y: Self.pageSize.height / 2)
        let (dx, dy) = ((u - centre.x) / c.scale, (v - centre.y) / c.scale)
        return (centre.x + cos(angle) * dx - sin(angle) * dy, centre.y + sin(angle) * dx + cos(angle) * dy)
    }

    private func sample(_ p: (x: Double, y: Double)) -> Double {
        let fx = p.x * pageScale - 0.5, fy = p.y * pageScale - 0.5
        let x0 = Int(fx.rounded(.down)), y0 = Int(fy.rounded(.down))
        guard x0 >= 0, y0 >= 0, x0 + 1 < pageWidth, y0 + 1 < pageHeight else { return 120 }  // the desk around the sheet
        let ax = fx - Double(x0), ay = fy - Double(y0)
        let at = { (x: Int, y: Int) in Double(self.page[y * self.pageWidth + x]) }
        return (at(x0, y0) * (1 - ax) + at(x0 + 1, y0) * ax) * (1 - ay) + (at(x0, y0 + 1) * (1 - ax) + at(x0 + 1, y0 + 1) * ax) * ay
    }

    private func boxBlur(_ pixels: [Double], width: Int, height: Int) -> [Double] {
        var out = pixels
        for y in 1..<(height - 1) {
            for x in 1..<(width - 1) {
                var sum = 0.0
                for dy in -1...1 { for dx in -1...1 { sum += pixels[(y + dy) * width + x + dx] } }
                out[y * width + x] = sum / 9
            }
        }
        return out
    }

    /// Darkens every page pixel within the shape to `grey` (or keeps what is darker).
    private mutating func paint(box: (x0: Double, y0: Double, x1: Double, y1: Double), grey: Double, inside: ((x: Double, y: Double)) -> Bool) {
        let value = UInt8(max(0, min(255, grey)))
        for y in max(0, Int(box.y0 * pageScale))..<min(pageHeight, Int(box.y1 * pageScale) + 1) {
            for x in max(0, Int(box.x0 * pageScale))..<min(pageWidth, Int(box.x1 * pageScale) + 1) {
                let p = ((Double(x) + 0.5) / pageScale, (Double(y) + 0.5) / pageScale)
                if inside(p) { page[y * pageWidth + x] = min(page[y * pageWidth + x], value) }
            }
        }
    }

    private mutating func ring(at c: (x: Double, y: Double), radius: Double, width: Double, grey: Double) {
        let reach = radius + width
        paint(box: (c.x - reach, c.y - reach, c.x + reach, c.y + reach), grey: grey) { p in
            abs(hypot(p.x - c.x, p.y - c.y) - radius) <= width / 2
        }
    }

    private mutating func disc(at c: (x: Double, y: Double), radius: Double, grey: Double, wobble: Double) {
        let phase = random.uniform(0, 6.28)
        paint(box: (c.x - radius - wobble, c.y - radius - wobble, c.x + radius + wobble, c.y + radius + wobble), grey: grey) { p in
            let angle = atan2(p.y - c.y, p.x - c.x)
            return hypot(p.x - c.x, p.y - c.y) <= radius + wobble * sin(3 * angle + phase)
        }
    }

    private mutating func stroke(_ points: [(x: Double, y: Double)], width: Double, grey: Double) {
        for (a, b) in zip(points, points.dropFirst()) {
            let box = (min(a.x, b.x) - width, min(a.y, b.y) - width, max(a.x, b.x) + width, max(a.y, b.y) + width)
            paint(box: box, grey: grey) { p in
                let (vx, vy) = (b.x - a.x, b.y - a.y), length = vx * vx + vy * vy
                let t = length > 0 ? max(0, min(1, ((p.x - a.x) * vx + (p.y - a.y) * vy) / length)) : 0
                return hypot(p.x - a.x - t * vx, p.y - a.y - t * vy) <= width / 2
            }
        }
    }
}

extension SplitMix64 {
    /// A standard normal draw (Box–Muller).
    mutating func gaussian() -> Double {
        (-2 * log(max(unit(), 1e-12))).squareRoot() * cos(2 * .pi * unit())
    }
}
