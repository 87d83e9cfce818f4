import GraderCore

/// What a pen wrote on one line, cut into characters left to right: a digit is the strokes that
/// share most of their width (a 4 or a crossed 7 takes two); a decimal point is a small mark in
/// the lower half of the line (a dot or a comma). A small mark higher up joins the digit it
/// touches, or is dropped (a stray tap).
struct WrittenLine {
    enum Character: Equatable {
        case digit([[PagePoint]])
        case point
    }

    /// The characters, left to right.
    let characters: [Character]
    /// The line's height (the ink's, top to bottom) in the strokes' units.
    let height: Double

    /// A mark no wider and no taller than this share of the line is a dot, not a digit.
    static let dotSize = 0.2
    /// Strokes sharing at least this share of the narrower one's width are one digit.
    static let sharedShare = 0.5

    /// The characters of `strokes` (each stroke the points the pen passed through); nil when the
    /// ink spans more than a finite number can say (points near the largest numbers).
    init?(_ strokes: [[PagePoint]]) {
        let marks = strokes.compactMap { stroke in InkBounds(stroke).map { (stroke, $0) } }
        guard let line = marks.dropFirst().reduce(marks.first?.1, { $0?.union($1.1) }) else {
            (characters, height) = ([], 0)
            return
        }
        guard line.width.isFinite, line.height.isFinite else { return nil }
        let height = max(line.height, line.width / 6, 1e-9)
        let small = Self.dotSize * height
        var groups: [(strokes: [[PagePoint]], bounds: InkBounds, point: Bool)] = []
        var higherMarks: [([PagePoint], InkBounds)] = []
        for (stroke, bounds) in marks.sorted(by: { $0.1.minX < $1.1.minX }) {
            if bounds.width <= small, bounds.height <= small {
                if bounds.midY >= line.minY + 0.55 * height { groups.append(([], bounds, true)) } else { higherMarks.append((stroke, bounds)) }
                continue
            }
            // A stroke narrower than a tenth of the line (the stem of a 4) counts as that wide around its middle.
            let least = 0.1 * height
            func widened(_ b: InkBounds) -> InkBounds {
                var wide = b
                if b.width < least { (wide.minX, wide.maxX) = ((b.minX + b.maxX - least) / 2, (b.minX + b.maxX + least) / 2) }
                return wide
            }
            let extent = widened(bounds)
            let joined = groups.indices.filter { !groups[$0].point }.max { a, b in
                widened(groups[a].bounds).sharedWidth(extent) < widened(groups[b].bounds).sharedWidth(extent)
            }
            if let index = joined, case let group = widened(groups[index].bounds),
               group.sharedWidth(extent) >= Self.sharedShare * min(group.width, extent.width) {
                groups[index].strokes.append(stroke)
                groups[index].bounds = groups[index].bounds.union(bounds)
            } else {
                groups.append(([stroke], bounds, false))
            }
        }
        for (stroke, bounds) in higherMarks {
            if let index = groups.indices.first(where: { !groups[$0].point && groups[$0].bounds.touches(bounds, margin: 0.1 * height) }) {
                groups[index].strokes.append(stroke)
            }
        }
        characters = groups.sorted { $0.bounds.minX + $0.bounds.maxX < $1.bounds.minX + $1.bounds.maxX }
            .map { $0.point ? .point : .digit($0.strokes) }
        self.height = height
    }
}
