import GraderCore

/// A reference page prepared once for registering every student's copy of it: its ink at three
/// resolutions and the spots of printed structure (corners of text, frames, lines crossing) that
/// are matched on each copy.
public struct ReferencePage: Sendable {
    /// Ink at the render's resolution (`PageRegistrar.pixelsPerPoint`), at half and at a quarter of it.
    let fine: InkMap, medium: InkMap, coarse: InkMap
    /// Centres of the squares to match, in points, spread over the page.
    let spots: [PagePoint]
    /// Pixels of `medium` on or next to printed ink: where the match score is measured.
    let printed: [Int]
    /// The page's size as displayed.
    public let size: PageSize

    /// Side of a matched square at the medium resolution, in pixels.
    static let spotSide = 24

    /// Prepares `image`, rendered at `PageRegistrar.pixelsPerPoint`.
    public init(_ image: GrayImage) {
        fine = InkMap(image)
        medium = fine.reduced(by: 2)
        coarse = fine.reduced(by: 4)
        size = image.pageSize
        spots = Self.spots(in: medium)
        printed = Self.printed(in: medium)
    }

    /// The pixels with ink or a neighbour (within one pixel) with ink.
    private static func printed(in map: InkMap) -> [Int] {
        var indices: [Int] = []
        for y in 1..<max(1, map.height - 1) {
            for x in 1..<max(1, map.width - 1) {
                var inked = false
                for j in -1...1 where !inked {
                    for i in -1...1 where map.values[(y + j) * map.width + x + i] > 0.02 { inked = true }
                }
                if inked { indices.append(y * map.width + x) }
            }
        }
        return indices
    }

    /// True when the page has printed structure to align on (a blank page has none).
    public var hasContent: Bool { spots.count >= PageRegistrar.minimumMatches }

    /// The best-structured square in each cell of a 5 × 8 grid: one whose ink changes both across
    /// and down (a ruled line alone matches anywhere along itself), clearly above the page's noise.
    private static func spots(in map: InkMap) -> [PagePoint] {
        let side = spotSide, step = 4
        guard map.width > side + 2, map.height > side + 2 else { return [] }
        var candidates: [(x: Int, y: Int, structure: Float)] = []
        map.values.withUnsafeBufferPointer { v in
            for y in stride(from: 1, to: map.height - side - 1, by: step) {
                for x in stride(from: 1, to: map.width - side - 1, by: step) {
                    var gx: Float = 0, gy: Float = 0
                    for j in 0..<side {
                        let row = (y + j) * map.width + x
                        for i in 0..<side {
                            let dx = v[row + i + 1] - v[row + i - 1], dy = v[row + i + map.width] - v[row + i - map.width]
                            gx += dx * dx
                            gy += dy * dy
                        }
                    }
                    candidates.append((x, y, min(gx, gy)))
                }
            }
        }
        let strongest = candidates.map(\.structure).max() ?? 0
        guard strongest > 0.5 else { return [] }
        let (columns, rows) = (5, 8)
        var best = [Int: (x: Int, y: Int, structure: Float)]()
        for candidate in candidates where candidate.structure >= strongest * 0.1 {
            let cell = min(rows - 1, (candidate.y + side / 2) * rows / map.height) * columns
                + min(columns - 1, (candidate.x + side / 2) * columns / map.width)
            if candidate.structure > best[cell]?.structure ?? 0 { best[cell] = candidate }
        }
        return best.keys.sorted().compactMap { best[$0] }.map {
            PagePoint(x: (Double($0.x) + Double(side) / 2) / map.pixelsPerPoint, y: (Double($0.y) + Double(side) / 2) / map.pixelsPerPoint)
        }
    }
}
