internal import CCairo
import Foundation
import GraderCore

/// Paints a bubble answer sheet as ink coverage (alpha on an A8 canvas, like the scanned exam
/// pages): the printed form, then the student's pencil marks, in page points.
enum BubbleSheetPainter {
    /// Darkness of the printed rings and text.
    static let printTone = 0.9
    /// Darkness of the choice letters printed inside the rings: light, as on real forms, so that
    /// they do not look like a mark.
    static let letterTone = 0.3
    /// Width of a printed ring's line, in points.
    static let ringWidth = 0.9

    /// Paints the printed form: header, name line, instructions, the ID grid and the answer block.
    static func paintForm(_ cr: OpaquePointer, answers: BubbleBlock, studentID: BubbleBlock) {
        let L = ExamLayout.self
        cairo_save(cr)
        defer { cairo_restore(cr) }
        tone(cr, 0.85)
        CairoText.setFont(cr, size: 9)
        CairoText.show(cr, "\(ExamContent.course) — \(ExamContent.term)", x: L.left, y: L.headerBaseline)
        CairoText.showRightAligned(cr, ExamContent.title, right: L.right, y: L.headerBaseline)
        rule(cr, y: L.headerBaseline + 7, from: L.left, to: L.right, width: 0.8)

        tone(cr, 0.92)
        CairoText.setFont(cr, size: 20, bold: true)
        CairoText.show(cr, "Answer sheet", x: L.left, y: 82)
        CairoText.setFont(cr, size: 12)
        CairoText.show(cr, "Name:", x: L.left, y: 120)
        rule(cr, y: 123, from: 96, to: 330, width: 0.7)
        tone(cr, 0.85)
        CairoText.setFont(cr, size: 9, italic: true)
        CairoText.show(cr, "Use a dark pencil. Fill one bubble completely per question. Erase changes cleanly.",
                       x: L.left, y: 150)

        paintAnswerBlock(cr, answers)
        paintStudentIDGrid(cr, studentID)
    }

    /// Top-left corner of the write-in box of ID digit `position`.
    static func idWriteInBox(_ block: BubbleBlock, position: Int) -> (x: Double, y: Double, size: Double) {
        let centre = block.centre(row: position, choice: 0)
        return (centre.x - 9, centre.y - 34, 18)
    }

    private static func paintAnswerBlock(_ cr: OpaquePointer, _ block: BubbleBlock) {
        tone(cr, 0.85)
        CairoText.setFont(cr, size: 8, bold: true)
        for (c, label) in block.choices.enumerated() {
            let top = block.centre(row: 0, choice: c)
            CairoText.showCentred(cr, label, centre: top.x, y: top.y - block.bubbleDiameter)
        }
        CairoText.setFont(cr, size: 9)
        for row in 0..<block.rows {
            let first = block.centre(row: row, choice: 0)
            tone(cr, 0.9)
            CairoText.showRightAligned(cr, "\(block.firstQuestionNumber + row).", right: first.x - block.bubbleDiameter,
                                       y: first.y + 3.2)
            for c in block.choices.indices { ring(cr, block, row: row, choice: c) }
        }
    }

    private static func paintStudentIDGrid(_ cr: OpaquePointer, _ block: BubbleBlock) {
        let bounds = block.bounds
        tone(cr, 0.9)
        CairoText.setFont(cr, size: 10, bold: true)
        CairoText.show(cr, block.name, x: bounds.origin.x - 6, y: bounds.origin.y - 50)
        cairo_set_line_width(cr, 0.8)
        cairo_rectangle(cr, bounds.origin.x - 8, bounds.origin.y - 44, bounds.width + 16, bounds.height + 52)
        cairo_stroke(cr)
        for position in 0..<block.rows {
            let box = idWriteInBox(block, position: position)
            cairo_set_line_width(cr, 0.6)
            cairo_rectangle(cr, box.x, box.y, box.size, box.size)
            cairo_stroke(cr)
            for c in block.choices.indices { ring(cr, block, row: position, choice: c) }
        }
    }

    /// One printed ring with its label inside, light.
    private static func ring(_ cr: OpaquePointer, _ block: BubbleBlock, row: Int, choice: Int) {
        let centre = block.centre(row: row, choice: choice)
        tone(cr, printTone)
        cairo_set_line_width(cr, ringWidth)
        cairo_new_sub_path(cr)
        cairo_arc(cr, centre.x, centre.y, (block.bubbleDiameter - ringWidth) / 2, 0, 2 * .pi)
        cairo_stroke(cr)
        tone(cr, letterTone)
        CairoText.setFont(cr, size: block.bubbleDiameter * 0.5)
        CairoText.showCentred(cr, block.choices[choice], centre: centre.x, y: centre.y + block.bubbleDiameter * 0.18)
    }

    // MARK: - Pencil

    /// Draws `mark` in `row` of `block` the way a student's pencil would.
    static func paintMark(_ cr: OpaquePointer, _ mark: BubbleMark, block: BubbleBlock, row: Int, rng: inout SplitMix64) {
        let radius = block.bubbleDiameter / 2
        func at(_ choice: Int) -> PagePoint { block.centre(row: row, choice: choice) }
        switch mark {
        case .blank:
            break
        case .filled(let c):
            scribble(cr, at: at(c), radius: radius, coverage: 1, alpha: rng.uniform(0.72, 0.92), rng: &rng)
        case .double(let a, let b):
            scribble(cr, at: at(a), radius: radius, coverage: 1, alpha: rng.uniform(0.72, 0.92), rng: &rng)
            scribble(cr, at: at(b), radius: radius, coverage: 1, alpha: rng.uniform(0.72, 0.92), rng: &rng)
        case .light(let c):
            scribble(cr, at: at(c), radius: radius, coverage: 1, alpha: rng.uniform(0.22, 0.42), rng: &rng)
        case .partial(let c):
            scribble(cr, at: at(c), radius: radius, coverage: rng.uniform(0.4, 0.75), alpha: rng.uniform(0.7, 0.9), rng: &rng)
        case .tick(let c):
            tick(cr, at: at(c), radius: radius, rng: &rng)
        case .cross(let c):
            cross(cr, at: at(c), radius: radius, rng: &rng)
        case .erasedAndChanged(let erased, let chosen):
            erasure(cr, at: at(erased), radius: radius, rng: &rng)
            scribble(cr, at: at(chosen), radius: radius, coverage: 1, alpha: rng.uniform(0.72, 0.92), rng: &rng)
        }
    }

    /// Back-and-forth pencil strokes over the bubble: `coverage` (0…1) of its width from one
    /// side, at a random angle; one stroked path, so overlaps do not darken.
    private static func scribble(
        _ cr: OpaquePointer, at centre: PagePoint, radius: Double, coverage: Double, alpha: Double,
        rng: inout SplitMix64
    ) {
        let reach = radius * rng.uniform(0.78, 0.98)
        let cx = centre.x + rng.symmetric(0.7), cy = centre.y + rng.symmetric(0.7)
        let angle = rng.uniform(0, .pi)
        let (ux, uy) = (cos(angle), sin(angle)), (vx, vy) = (-sin(angle), cos(angle))
        let penWidth = rng.uniform(1.6, 2.4), step = penWidth * rng.uniform(0.55, 0.8)
        cairo_save(cr)
        defer { cairo_restore(cr) }
        pencil(cr, alpha: alpha, width: penWidth)
        var offset = -reach + penWidth / 2
        let last = -reach + 2 * reach * coverage - penWidth / 2
        var forward = true, first = true
        cairo_new_path(cr)
        while offset <= max(last, -reach + penWidth / 2) {
            let half = sqrt(max(reach * reach - offset * offset, 0)) + rng.symmetric(0.5)
            let sign = forward ? 1.0 : -1.0
            let x0 = cx + vx * offset - ux * half * sign, y0 = cy + vy * offset - uy * half * sign
            let x1 = cx + vx * offset + ux * half * sign, y1 = cy + vy * offset + uy * half * sign
            if first { cairo_move_to(cr, x0, y0) } else { cairo_line_to(cr, x0, y0) }
            first = false
            cairo_line_to(cr, x1, y1)
            forward.toggle()
            offset += step
        }
        cairo_stroke(cr)
    }

    private static func tick(_ cr: OpaquePointer, at c: PagePoint, radius r: Double, rng: inout SplitMix64) {
        cairo_save(cr)
        defer { cairo_restore(cr) }
        pencil(cr, alpha: rng.uniform(0.7, 0.9), width: rng.uniform(1.1, 1.6))
        let size = rng.uniform(0.9, 1.3)
        cairo_move_to(cr, c.x - 0.7 * r * size + rng.symmetric(0.8), c.y - 0.05 * r + rng.symmetric(0.8))
        cairo_line_to(cr, c.x - 0.15 * r * size + rng.symmetric(0.6), c.y + 0.65 * r * size + rng.symmetric(0.6))
        cairo_line_to(cr, c.x + 1.1 * r * size + rng.symmetric(1), c.y - 1.3 * r * size + rng.symmetric(1))
        cairo_stroke(cr)
    }

    private static func cross(_ cr: OpaquePointer, at c: PagePoint, radius r: Double, rng: inout SplitMix64) {
        cairo_save(cr)
        defer { cairo_restore(cr) }
        pencil(cr, alpha: rng.uniform(0.7, 0.9), width: rng.uniform(1.1, 1.6))
        let reach = r * rng.uniform(0.7, 1.2)
        for flip in [1.0, -1.0] {
            cairo_move_to(cr, c.x - reach + rng.symmetric(0.6), c.y - flip * reach + rng.symmetric(0.6))
            cairo_line_to(cr, c.x + reach + rng.symmetric(0.6), c.y + flip * reach + rng.symmetric(0.6))
        }
        cairo_stroke(cr)
    }

    /// What an eraser leaves of a filled bubble: a faint grey remnant and a wider smudge.
    private static func erasure(_ cr: OpaquePointer, at c: PagePoint, radius r: Double, rng: inout SplitMix64) {
        cairo_save(cr)
        defer { cairo_restore(cr) }
        cairo_set_source_rgba(cr, 0, 0, 0, rng.uniform(0.02, 0.07))
        cairo_save(cr)
        cairo_translate(cr, c.x + rng.symmetric(1.5), c.y + rng.symmetric(1.5))
        cairo_rotate(cr, rng.uniform(0, .pi))
        cairo_scale(cr, rng.uniform(1.2, 1.8), rng.uniform(0.9, 1.3))
        cairo_arc(cr, 0, 0, r, 0, 2 * .pi)
        cairo_restore(cr)
        cairo_fill(cr)
        scribble(cr, at: c, radius: r, coverage: rng.uniform(0.6, 1), alpha: rng.uniform(0.05, 0.17), rng: &rng)
    }

    private static func pencil(_ cr: OpaquePointer, alpha: Double, width: Double) {
        cairo_set_source_rgba(cr, 0, 0, 0, alpha)
        cairo_set_line_width(cr, width)
        cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
        cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)
    }

    private static func tone(_ cr: OpaquePointer, _ darkness: Double) { cairo_set_source_rgba(cr, 0, 0, 0, darkness) }

    private static func rule(_ cr: OpaquePointer, y: Double, from x0: Double, to x1: Double, width: Double) {
        cairo_set_line_width(cr, width)
        cairo_move_to(cr, x0, y)
        cairo_line_to(cr, x1, y)
        cairo_stroke(cr)
    }
}
