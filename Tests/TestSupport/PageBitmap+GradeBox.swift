import GraderCore
import GraderPDF

extension PageBitmap {
    /// The top-left corner (points) of a red grade box frame within 30 pt of `spot`: the topmost
    /// and leftmost red pixels there; nil when there are none.
    public func redBoxCorner(near spot: PagePoint) -> PagePoint? {
        let scale = dpi / 72
        var minX = Int.max, minY = Int.max
        for y in max(0, Int((spot.y - 30) * scale))..<max(0, min(height, Int((spot.y + 30) * scale))) {
            for x in max(0, Int((spot.x - 30) * scale))..<max(0, min(width, Int((spot.x + 30) * scale))) {
                let c = self[x, y]
                if Int(c.red) - Int(c.green) > 80, Int(c.red) - Int(c.blue) > 80 { (minX, minY) = (min(minX, x), min(minY, y)) }
            }
        }
        return minX == .max ? nil : PagePoint(x: Double(minX) / scale, y: Double(minY) / scale)
    }
}

extension PageBitmap {
    /// The colour of each side of a box frame drawn at `frame` (points) — left, right, top,
    /// bottom, at their middles — each the most colourful pixel within a point across the side:
    /// a frame placed through a page's alignment sits on fractional points, its border shared
    /// between pixels (render at 144 dpi or more so one of them is fully covered).
    public func frameSides(_ frame: PageRect) -> [RGBColor] {
        let (x0, y0) = (frame.origin.x, frame.origin.y), (x1, y1) = (x0 + frame.width, y0 + frame.height)
        let (midX, midY) = ((x0 + x1) / 2, (y0 + y1) / 2)
        let across = stride(from: -1.0, through: 1.0, by: 72 / dpi / 2)
        let sides: [(Double) -> PagePoint] = [
            { PagePoint(x: x0 + $0, y: midY) }, { PagePoint(x: x1 + $0, y: midY) },
            { PagePoint(x: midX, y: y0 + $0) }, { PagePoint(x: midX, y: y1 + $0) },
        ]
        return sides.map { side in
            across.map { self[side($0)] }.max { colourfulness($0) < colourfulness($1) }!
        }
    }

    private func colourfulness(_ c: RGBColor) -> Int {
        Int(max(c.red, c.green, c.blue)) - Int(min(c.red, c.green, c.blue))
    }
}
