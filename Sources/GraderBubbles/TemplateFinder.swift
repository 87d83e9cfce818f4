import Foundation
import GraderAlignment
import GraderCore

/// What an instructor tells about a block of the school's sheet: the centres of its first and
/// last bubbles, how many rows and choices, and which way the choices run.
public struct BlockOutline: Sendable, Hashable {
    /// Centre of the first bubble (row 0, choice 0) and of the last (last row, last choice), in points.
    public var first: PagePoint
    public var last: PagePoint
    /// Rows (questions, or digit positions of a digit grid).
    public var rows: Int
    /// Bubbles per row.
    public var choices: Int
    /// True when a row's choices run top to bottom and rows run left to right (digit grids).
    public var down: Bool

    /// Creates an outline.
    public init(first: PagePoint, last: PagePoint, rows: Int, choices: Int, down: Bool) {
        self.first = first
        self.last = last
        self.rows = rows
        self.choices = choices
        self.down = down
    }

    /// The step from one row to the next and from one choice to the next, in points, as if evenly spaced.
    var steps: (row: (x: Double, y: Double), choice: (x: Double, y: Double)) {
        let dx = last.x - first.x, dy = last.y - first.y
        let rowSpan = Double(max(rows - 1, 1)), choiceSpan = Double(max(choices - 1, 1))
        let alongX: Double = rows > 1 ? dx / rowSpan : 0, alongY: Double = rows > 1 ? dy / rowSpan : 0
        let acrossX: Double = choices > 1 ? dx / choiceSpan : 0, acrossY: Double = choices > 1 ? dy / choiceSpan : 0
        if down { return (row: (x: alongX, y: 0), choice: (x: 0, y: acrossY)) }
        return (row: (x: 0, y: alongY), choice: (x: acrossX, y: 0))
    }

    /// The room a bubble has across and down, in points: the step to its neighbour that way (the
    /// pitch where it has none). A fill may spill past its ring, never past its neighbour's.
    var room: (x: Double, y: Double) {
        let s = steps
        let across = [abs(s.row.x), abs(s.choice.x)].filter { $0 > 0.5 }.min(), down = [abs(s.row.y), abs(s.choice.y)].filter { $0 > 0.5 }.min()
        return (across ?? pitch, down ?? pitch)
    }

    /// The distance between neighbouring bubbles, in points (the smaller of the two steps in use).
    var pitch: Double {
        let s = steps
        let lengths = [hypot(s.row.x, s.row.y), hypot(s.choice.x, s.choice.y)].filter { $0 > 0.5 }
        return lengths.min() ?? 24
    }
}

/// Finds every bubble of a block on the school's blank sheet: near where even spacing from the
/// first to the last bubble puts it (following the sheet's own spacing row by row), the printed
/// outline — a thin line darker than the paper on both sides, so light drop-out ink counts and
/// shaded bands do not — and its box. Letters printed inside lie within it. A bubble printed solid
/// (a "fill like this" example), or filled on a student's copy given in place of a blank, has no
/// outline: its box is the solid blob's.
public enum TemplateFinder {
    /// Why a block could not be found on the blank.
    public enum Failure: Error, Equatable, CustomStringConvertible {
        case outOfPage(PagePoint)
        case notFound(row: Int, choice: Int, near: PagePoint)
        case oddSize(row: Int, choice: Int, size: (Double, Double), typical: (Double, Double))
        case tooClose(row: Int, choice: Int)
        case filledCopy(solid: Int, row: Int, choice: Int)

        public static func == (lhs: Self, rhs: Self) -> Bool { lhs.description == rhs.description }

        public var description: String {
            func at(_ p: PagePoint) -> String { String(format: "%.1f,%.1f pt", p.x, p.y) }
            switch self {
            case .outOfPage(let p): return "the bubble at \(at(p)) is off the blank page"
            case .notFound(let row, let choice, let p):
                return "no printed bubble near row \(row + 1), choice \(choice + 1) (\(at(p))) on the blank sheet"
            case .oddSize(let row, let choice, let size, let typical):
                return String(format: "the bubble of row %d, choice %d measures %.1f × %.1f pt where the others measure %.1f × %.1f pt",
                              row + 1, choice + 1, size.0, size.1, typical.0, typical.1)
            case .tooClose(let row, let choice):
                return "row \(row + 1), choice \(choice + 1) lands on the same printed bubble as its neighbour"
            case .filledCopy(let solid, let row, let choice):
                return "\(solid) bubbles are solid on the blank sheet (the first at row \(row + 1), choice \(choice + 1)): "
                    + "if it is a student's filled copy, add 'blank_sheet_filled: true' (one bubble printed solid as an example is fine)"
            }
        }
    }

    /// The resolution to render a blank at for finding an outline's bubbles: at least 20 pixels
    /// across a third of the pitch (so a thin outline is a solid line), 3 to 6 pixels per point.
    public static func pixelsPerPoint(for outline: BlockOutline) -> Double {
        min(6, max(3, 20 / (outline.pitch / 3)))
    }

    /// Every bubble of `outline`, row-major, found on `blank` (rendered at any resolution). When
    /// `filledSheet`, `blank` is a student's filled copy: a bubble far darker inside than the
    /// block's others is a fill, marked `filledOnSheet` and measured as its nearest empty neighbour.
    public static func find(_ outline: BlockOutline, on blank: GrayImage, filledSheet: Bool = false) -> Result<[BubbleShape], Failure> {
        let ppp = blank.pixelsPerPoint, steps = outline.steps, pitch = outline.pitch
        guard outline.rows > 0, outline.choices > 0 else { return .failure(.notFound(row: 0, choice: 0, near: outline.first)) }
        var found: [PagePoint?] = Array(repeating: nil, count: outline.rows * outline.choices)
        var boxes: [(w: Double, h: Double)] = Array(repeating: (0, 0), count: found.count)
        for row in 0..<outline.rows {
            for choice in 0..<outline.choices {
                let nominal = PagePoint(x: outline.first.x + Double(row) * steps.row.x + Double(choice) * steps.choice.x,
                                        y: outline.first.y + Double(row) * steps.row.y + Double(choice) * steps.choice.y)
                // Follow the sheet's own spacing: the previous row's (or choice's) offset from even spacing.
                var predicted = nominal
                let previous = row > 0 ? (row - 1) * outline.choices + choice : (choice > 0 ? choice - 1 : nil)
                if let previous, let seen = found[previous] {
                    let expected = PagePoint(x: outline.first.x + Double(previous / outline.choices) * steps.row.x + Double(previous % outline.choices) * steps.choice.x,
                                             y: outline.first.y + Double(previous / outline.choices) * steps.row.y + Double(previous % outline.choices) * steps.choice.y)
                    predicted = PagePoint(x: nominal.x + seen.x - expected.x, y: nominal.y + seen.y - expected.y)
                }
                let centre = (x: predicted.x * ppp, y: predicted.y * ppp)
                guard centre.x >= 0, centre.y >= 0, centre.x < Double(blank.width), centre.y < Double(blank.height) else {
                    return .failure(.outOfPage(nominal))
                }
                // On a filled copy a fill covering the ring's inside leaves only part of an outline: the larger box.
                let outlined = outlineBox(in: blank, near: centre, pitch: pitch * ppp)
                let room = (x: outline.room.x * ppp, y: outline.room.y * ppp)
                let solid = outlined == nil || filledSheet ? solidBox(in: blank, near: centre, pitch: pitch * ppp, room: room) : nil
                guard let box = [outlined, solid].compactMap({ $0 }).max(by: { $0.w * $0.h < $1.w * $1.h }) else {
                    return .failure(.notFound(row: row, choice: choice, near: predicted))
                }
                found[row * outline.choices + choice] = PagePoint(x: box.x / ppp, y: box.y / ppp)
                boxes[row * outline.choices + choice] = (box.w / ppp, box.h / ppp)
            }
        }
        let centres = found.compactMap { $0 }
        func measured(on image: GrayImage) -> [BubbleShape] {
            zip(centres, boxes).map { centre, box in
                let ink = BubbleInk.darkness(in: image, centre: (centre.x * ppp, centre.y * ppp), radii: (box.w / 2 * ppp, box.h / 2 * ppp))?.ink ?? 0
                return BubbleShape(centre: centre, width: box.w, height: box.h, blankInk: ink)
            }
        }
        var shapes = measured(on: blank)
        // One bubble printed solid is an example; more are a student's fills, which would read as
        // print (and, spilling past a ring, measure as odd sizes: this is said first).
        let solid = shapes.indices.filter { shapes[$0].blankInk >= filledInk + 0.25 }
        if !filledSheet, solid.count > 1 {
            return .failure(.filledCopy(solid: solid.count, row: solid[0] / outline.choices, choice: solid[0] % outline.choices))
        }
        // Every bubble the same size within a third (a letter or a mark taken for a bubble is not).
        let typical = (w: median(boxes.map(\.w)), h: median(boxes.map(\.h)))
        for (index, box) in boxes.enumerated() where abs(box.w - typical.w) > typical.w / 3 || abs(box.h - typical.h) > typical.h / 3 {
            return .failure(.oddSize(row: index / outline.choices, choice: index % outline.choices, size: (box.w, box.h), typical: (typical.w, typical.h)))
        }
        for index in centres.indices {
            for other in centres.indices where other < index
                && hypot(centres[index].x - centres[other].x, centres[index].y - centres[other].y) < min(typical.w, typical.h) / 2 {
                return .failure(.tooClose(row: index / outline.choices, choice: index % outline.choices))
            }
        }
        guard filledSheet else { return .success(shapes) }
        // Most bubbles of a block are empty; a block of one to three may be all filled.
        let inks = shapes.map(\.blankInk).sorted()
        let fillLevel = max(filledInk, (inks.count >= 4 ? inks[inks.count / 4] : 0) + 0.25)
        for index in shapes.indices where shapes[index].blankInk >= fillLevel { shapes[index].filledOnSheet = true }
        let empty = measured(on: FillEraser.erased(shapes, in: blank))
        return .success(zip(shapes, empty).map { shape, empty in
            var shape = shape
            shape.blankInk = empty.blankInk
            return shape
        })
    }

    /// Ink inside a bubble from which, on a filled copy, it counts as a student's fill.
    static let filledInk = 0.35

    private static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        return sorted.isEmpty ? 0 : sorted[sorted.count / 2]
    }

    /// The box of a solid blob of a bubble's size around `centre` (pixel space): a bubble printed
    /// solid or filled, darker than the paper by half the region's contrast and covering most of
    /// its box (a ring does not), no wider or taller than the `room` the bubble has (pixels; a
    /// student's fill spills past a ring); nil when there is none.
    static func solidBox(
        in image: GrayImage, near centre: (x: Double, y: Double), pitch: Double, room: (x: Double, y: Double)
    ) -> (x: Double, y: Double, w: Double, h: Double)? {
        let half = pitch * 0.8
        guard let region = PixelRegion(minX: centre.x - half, minY: centre.y - half, maxX: centre.x + half, maxY: centre.y + half, in: image) else {
            return nil
        }
        var histogram = GreyHistogram(), values: [Int] = []
        values.reserveCapacity(region.width * region.height)
        for y in region.y0..<region.y1 {
            for x in region.x0..<region.x1 { histogram.add(image.bytes[y * image.width + x]) }
        }
        let paper = histogram.percentile(0.75), darkest = histogram.percentile(0.02)
        guard paper - darkest >= 60 else { return nil }
        for y in region.y0..<region.y1 {
            for x in region.x0..<region.x1 { values.append(max(0, paper - Int(image.bytes[y * image.width + x]))) }
        }
        let map = LineMap(width: region.width, height: region.height, values: values), threshold = (paper - darkest) / 2
        let solid = map.components(atLeast: threshold).filter { box in
            var dark = 0
            for row in box.minY...box.maxY {
                for column in box.minX...box.maxX where values[row * region.width + column] >= threshold { dark += 1 }
            }
            return Double(dark) >= 0.6 * Double((box.maxX - box.minX + 1) * (box.maxY - box.minY + 1))
        }
        return largestBubble(among: solid, of: region, near: centre, pitch: pitch, largest: (1.05 * room.x, 1.05 * room.y))
    }

    /// The box of the printed outline nearest `centre` (pixel space) within about a pitch: centre
    /// and size in pixels; nil when no outline of a plausible size encloses the spot.
    static func outlineBox(in image: GrayImage, near centre: (x: Double, y: Double), pitch: Double) -> (x: Double, y: Double, w: Double, h: Double)? {
        let half = pitch * 0.8
        guard let region = PixelRegion(minX: centre.x - half, minY: centre.y - half, maxX: centre.x + half, maxY: centre.y + half, in: image) else {
            return nil
        }
        let lines = LineMap(image, region: region, reach: max(2, Int((pitch * 0.12).rounded())))
        let strongest = lines.values.max() ?? 0
        guard strongest >= 12 else { return nil }
        // Black print nearby (a question number) is far stronger than a drop-out outline, and a
        // faint outline breaks into arcs at a high threshold: at each of a few thresholds, the
        // largest box of a bubble's size around the spot; the outline is the largest of those.
        let boxes = [45, 28, 16, 9].flatMap { share in lines.components(atLeast: max(10, strongest * share / 100)) }
        return largestBubble(among: boxes, of: region, near: centre, pitch: pitch, largest: (1.05 * pitch, 1.05 * pitch))
    }

    /// The largest of `boxes` (pixels of `region`) of a bubble's size — from a fifth of `pitch` to
    /// `largest` each way — centred within about half a pitch of `centre`: its centre and size in
    /// pixels of the image; nil when none is.
    private static func largestBubble(
        among boxes: [(minX: Int, maxX: Int, minY: Int, maxY: Int)], of region: PixelRegion, near centre: (x: Double, y: Double),
        pitch: Double, largest: (w: Double, h: Double)
    ) -> (x: Double, y: Double, w: Double, h: Double)? {
        let low = pitch * 0.2
        let sized = boxes.map { box in
            (x: Double(region.x0) + Double(box.minX + box.maxX + 1) / 2, y: Double(region.y0) + Double(box.minY + box.maxY + 1) / 2,
             w: Double(box.maxX - box.minX + 1), h: Double(box.maxY - box.minY + 1))
        }
        // `max(by:)` keeps the first of equal areas, as the boxes come.
        return sized.filter { box in
            box.w >= low && box.h >= low && box.w <= largest.w && box.h <= largest.h
                && abs(box.x - centre.x) <= pitch * 0.45 && abs(box.y - centre.y) <= pitch * 0.45
        }.max { $0.w * $0.h < $1.w * $1.h }
    }
}
