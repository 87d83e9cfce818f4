import Foundation
import GraderAlignment
import GraderCore

/// What reading a template block needs from the blank, made once for every scan: each bubble's
/// printed patch, the points the row/column shift test looks at, and the bubbles' pitch.
struct PreparedBlock: Sendable {
    let block: BubbleBlock
    let template: BubbleTemplate
    let patches: [BubblePatch?]
    let shiftCheck: RowShiftCheck
    /// The distance between neighbouring bubbles, in points.
    let pitch: Double
    /// The blank's resolution, which the patches have.
    let pixelsPerPoint: Double
    /// Each bubble's darkness on the blank in each quarter of its inside (letters are not symmetric).
    let blankQuarters: [[Double]]

    init(_ block: BubbleBlock, template: BubbleTemplate, blank: GrayImage) {
        let ppp = blank.pixelsPerPoint, choices = block.choices.count
        self.block = block
        self.template = template
        pixelsPerPoint = ppp
        blankQuarters = template.shapes.map { shape in
            BubbleInk.darkness(in: blank, centre: (shape.centre.x * ppp, shape.centre.y * ppp),
                               radii: (shape.width / 2 * ppp, shape.height / 2 * ppp))?.quarters ?? [0, 0, 0, 0]
        }
        patches = template.shapes.map { shape in
            let margin = 0.4 * min(shape.width, shape.height)
            let half = ((shape.width / 2 + margin) * ppp, (shape.height / 2 + margin) * ppp)
            return BubblePatch(blank: blank, centre: (shape.centre.x * ppp, shape.centre.y * ppp), half: half,
                               step: min(shape.width, shape.height) * ppp >= 16 ? 2 : 1)
        }
        shiftCheck = RowShiftCheck(template, rows: block.rows, choices: choices, blank: blank)
        let shapes = template.shapes
        var nearest = Double.infinity
        func distance(_ a: PagePoint, _ b: PagePoint) -> Double { hypot(a.x - b.x, a.y - b.y) }
        if choices > 1 { nearest = min(nearest, distance(shapes[0].centre, shapes[1].centre)) }
        if block.rows > 1 { nearest = min(nearest, distance(shapes[0].centre, shapes[choices].centre)) }
        pitch = nearest.isFinite ? nearest : 2 * max(shapes[0].width, shapes[0].height)
    }
}
