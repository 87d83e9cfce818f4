import GraderCore
import GraderPDF
import Testing

/// What changed between two renders of the same page, in points from the displayed top-left corner.
struct PixelDiff {
    let base: PageBitmap
    let changed: PageBitmap

    /// True when a pixel differs by more than anti-aliasing noise.
    private func differs(_ x: Int, _ y: Int) -> Bool {
        let a = base[x, y], b = changed[x, y]
        return abs(Int(a.red) - Int(b.red)) > 24 || abs(Int(a.green) - Int(b.green)) > 24 || abs(Int(a.blue) - Int(b.blue)) > 24
    }

    private var pixel: Double { 72 / base.dpi }

    private func pixels(in rect: PageRect) -> [(x: Int, y: Int)] {
        let scale = base.dpi / 72
        let x0 = max(0, Int(rect.origin.x * scale)), y0 = max(0, Int(rect.origin.y * scale))
        let x1 = min(base.width - 1, Int((rect.origin.x + rect.width) * scale))
        let y1 = min(base.height - 1, Int((rect.origin.y + rect.height) * scale))
        guard x0 <= x1, y0 <= y1 else { return [] }
        return (y0...y1).flatMap { y in (x0...x1).map { (x: $0, y: y) } }
    }

    /// The bounding box of the changed pixels inside `rect`, or nil when nothing changed there.
    func changedBounds(in rect: PageRect) -> PageRect? {
        let hits = pixels(in: rect).filter { differs($0.x, $0.y) }
        guard let minX = hits.map(\.x).min(), let maxX = hits.map(\.x).max(),
              let minY = hits.map(\.y).min(), let maxY = hits.map(\.y).max() else { return nil }
        return PageRect(origin: PagePoint(x: Double(minX) * pixel, y: Double(minY) * pixel),
                        width: Double(maxX - minX + 1) * pixel, height: Double(maxY - minY + 1) * pixel)
    }

    /// How many pixels changed outside all of `rects`.
    func changesOutside(_ rects: [PageRect]) -> Int {
        let scale = base.dpi / 72
        var count = 0
        for y in 0..<base.height {
            for x in 0..<base.width where differs(x, y) {
                let point = PagePoint(x: (Double(x) + 0.5) / scale, y: (Double(y) + 0.5) / scale)
                if !rects.contains(where: { $0.contains(point) }) { count += 1 }
            }
        }
        return count
    }

    /// How many pixels inside `rect` of the changed render are close to `color`.
    func count(_ color: RGBColor, in rect: PageRect) -> Int {
        pixels(in: rect).filter { changed[$0.x, $0.y].isClose(to: color) }.count
    }
}

extension PageRect {
    /// The rectangle grown by `margin` points on every side.
    func grown(by margin: Double) -> PageRect {
        PageRect(origin: PagePoint(x: origin.x - margin, y: origin.y - margin), width: width + 2 * margin, height: height + 2 * margin)
    }

    func contains(_ point: PagePoint) -> Bool {
        point.x >= origin.x && point.x <= origin.x + width && point.y >= origin.y && point.y <= origin.y + height
    }

    /// True when every edge is within `tolerance` points of `other`'s.
    func matches(_ other: PageRect, within tolerance: Double) -> Bool {
        abs(origin.x - other.origin.x) <= tolerance && abs(origin.y - other.origin.y) <= tolerance
            && abs(origin.x + width - other.origin.x - other.width) <= tolerance
            && abs(origin.y + height - other.origin.y - other.height) <= tolerance
    }
}

extension RGBColor {
    /// True when each channel is within 40 of `other`'s (the colour as a viewer shows it).
    func isClose(to other: RGBColor) -> Bool {
        abs(Int(red) - Int(other.red)) <= 40 && abs(Int(green) - Int(other.green)) <= 40 && abs(Int(blue) - Int(other.blue)) <= 40
    }
}

extension PixelDiff: CustomTestStringConvertible {
    var testDescription: String { "renders of \(base)" }
}
