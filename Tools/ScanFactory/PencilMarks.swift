internal import CCairo
import Foundation
import GraderCore

/// A student's pencil on a bubble sheet: fills, ticks, crosses and erasures, in page points.
///
/// Both sheet kinds (our ring sheet and the printed commercial ones) draw their marks here.
enum PencilMarks {
    /// Draws `mark` in one row the way a student's pencil would. `row` holds the centres of the
    /// row's bubbles in choice order; a fill is stretched to cover a bubble `width`×`height` points.
    static func paint(
        _ cr: OpaquePointer, _ mark: BubbleMark, row: [PagePoint], width: Double, height: Double,
        rng: inout SplitMix64
    ) {
        let radius = min(width, height) / 2
        let stretch = (x: width / 2 / radius, y: height / 2 / radius)
        func fill(_ choice: Int, coverage: Double, alpha: Double, rng: inout SplitMix64) {
            scribble(cr, at: row[choice], radius: radius, stretch: stretch, coverage: coverage, alpha: alpha, rng: &rng)
        }
        switch mark {
        case .blank:
            break
        case .filled(let c):
            fill(c, coverage: 1, alpha: rng.uniform(0.72, 0.92), rng: &rng)
        case .double(let a, let b):
            fill(a, coverage: 1, alpha: rng.uniform(0.72, 0.92), rng: &rng)
            fill(b, coverage: 1, alpha: rng.uniform(0.72, 0.92), rng: &rng)
        case .light(let c):
            fill(c, coverage: 1, alpha: rng.uniform(0.22, 0.42), rng: &rng)
        case .partial(let c):
            fill(c, coverage: rng.uniform(0.4, 0.75), alpha: rng.uniform(0.7, 0.9), rng: &rng)
        case .tick(let c):
            tick(cr, at: row[c], radius: radius, rng: &rng)
        case .cross(let c):
            cross(cr, at: row[c], radius: radius, rng: &rng)
        case .erasedAndChanged(let erased, let chosen):
            erasure(cr, at: row[erased], radius: radius, stretch: stretch, rng: &rng)
            fill(chosen, coverage: 1, alpha: rng.uniform(0.72, 0.92), rng: &rng)
        }
    }

    /// Back-and-forth pencil strokes over the bubble: `coverage` (0…1) of its width from one
    /// side, at a random angle; one stroked path, so overlaps do not darken. The strokes are laid
    /// out over a circle of `radius` and stretched by `stretch` to an ellipse (1 × 1 for a circle).
    private static func scribble(
        _ cr: OpaquePointer, at centre: PagePoint, radius: Double, stretch: (x: Double, y: Double),
        coverage: Double, alpha: Double, rng: inout SplitMix64
    ) {
        let (sx, sy) = stretch
        let reach = radius * rng.uniform(0.78, 0.98)
        let cx = centre.x + rng.symmetric(0.7), cy = centre.y + rng.symmetric(0.7)
        let angle = rng.uniform(0, .pi)
        let (ux, uy) = (cos(angle), sin(angle)), (vx, vy) = (-sin(angle), cos(angle))
        // Strokes sit closer together when stretched, so the pencil still leaves no paper between them.
        let penWidth = rng.uniform(1.6, 2.4), step = penWidth * rng.uniform(0.55, 0.8) / max(sx, sy)
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
            let x0 = cx + vx * offset * sx - ux * half * sign * sx, y0 = cy + vy * offset * sy - uy * half * sign * sy
            let x1 = cx + vx * offset * sx + ux * half * sign * sx, y1 = cy + vy * offset * sy + uy * half * sign * sy
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
    private static func erasure(
        _ cr: OpaquePointer, at c: PagePoint, radius r: Double, stretch: (x: Double, y: Double), rng: inout SplitMix64
    ) {
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
        scribble(cr, at: c, radius: r, stretch: stretch, coverage: rng.uniform(0.6, 1), alpha: rng.uniform(0.05, 0.17), rng: &rng)
    }

    private static func pencil(_ cr: OpaquePointer, alpha: Double, width: Double) {
        cairo_set_source_rgba(cr, 0, 0, 0, alpha)
        cairo_set_line_width(cr, width)
        cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
        cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)
    }
}
