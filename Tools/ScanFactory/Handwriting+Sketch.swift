internal import CCairo
import Foundation

extension Handwriting {
    /// A quick hand-drawn graph in `x…x+width`, `top…top+height`: two axes with arrows and a curve.
    func drawSketch(_ cr: OpaquePointer, x: Double, top: Double, width: Double, height: Double,
                    rng: inout SplitMix64) {
        cairo_save(cr)
        defer { cairo_restore(cr) }
        takePen(cr)
        let originX = x + width * rng.uniform(0.15, 0.45)
        let originY = top + height * rng.uniform(0.55, 0.85)
        let wobble = { (rng: inout SplitMix64) in rng.symmetric(1.2) }

        // Axes, each a slightly bent line, with arrow heads.
        cairo_move_to(cr, x, originY + wobble(&rng))
        cairo_curve_to(cr, x + width / 3, originY + wobble(&rng), x + 2 * width / 3, originY + wobble(&rng),
                       x + width, originY + wobble(&rng))
        cairo_rel_line_to(cr, -5, -3)
        cairo_move_to(cr, x + width, originY)
        cairo_rel_line_to(cr, -5, 3)
        cairo_move_to(cr, originX + wobble(&rng), top + height)
        cairo_curve_to(cr, originX + wobble(&rng), top + 2 * height / 3, originX + wobble(&rng), top + height / 3,
                       originX + wobble(&rng), top)
        cairo_rel_line_to(cr, -3, 5)
        cairo_move_to(cr, originX, top)
        cairo_rel_line_to(cr, 3, 5)
        cairo_stroke(cr)

        // The curve: a parabola or a V through random key points.
        let vertexX = originX + width * rng.uniform(0.1, 0.35)
        let vertexY = originY - height * rng.uniform(0.0, 0.25)
        let spread = width * rng.uniform(0.2, 0.35)
        let rise = height * rng.uniform(0.45, 0.7)
        let keys: [(Double, Double)]
        if rng.chance(0.5) {
            keys = [(vertexX - spread, vertexY - rise), (vertexX - spread / 2, vertexY - rise / 4),
                    (vertexX, vertexY), (vertexX + spread / 2, vertexY - rise / 4), (vertexX + spread, vertexY - rise)]
        } else {
            keys = [(vertexX - spread, vertexY - rise), (vertexX, vertexY), (vertexX + spread, vertexY - rise)]
        }
        cairo_move_to(cr, keys[0].0, keys[0].1)
        for key in keys.dropFirst() {
            cairo_line_to(cr, key.0 + rng.symmetric(1), key.1 + rng.symmetric(1))
        }
        if keys.count == 5 {
            // Smooth the parabola: redo it as one curve through the key points.
            cairo_new_path(cr)
            var previous = keys[0]
            cairo_move_to(cr, previous.0, previous.1)
            for key in keys.dropFirst() {
                let midX = (previous.0 + key.0) / 2
                cairo_curve_to(cr, midX, previous.1, midX, key.1, key.0, key.1)
                previous = key
            }
        }
        cairo_stroke(cr)

        // A scribbled label next to the vertex.
        cairo_new_path(cr)
        _ = writeWord(cr, x: vertexX + 6, baseline: vertexY + 12, letters: 2, rng: &rng)
        cairo_stroke(cr)
    }
}
