internal import CCairo
import GraderCore

/// A labelled grid in points over a preview, so a user can read off where to put a box: a light line
/// every 50 pt, a darker one every 100 pt, labelled along the top and left edges.
enum CoordinateGrid {
    /// Draws the grid over a page of `size` on `cr` (user space in points); `pixel` is one device pixel in
    /// points, so lines stay one pixel thin and labels stay legible at any dpi.
    static func draw(over size: PageSize, pixel: Double, on cr: OpaquePointer) {
        cairo_save(cr)
        cairo_set_line_width(cr, pixel)
        for step in stride(from: 50.0, to: max(size.width, size.height), by: 50) {
            let major = step.truncatingRemainder(dividingBy: 100) == 0
            // Centred on a pixel, so a line is one crisp pixel rather than two faint ones.
            let line = ((step / pixel).rounded(.down) + 0.5) * pixel
            cairo_set_source_rgba(cr, 0.0, 0.35, 0.85, major ? 0.6 : 0.25)
            if step < size.width {
                cairo_move_to(cr, line, 0)
                cairo_line_to(cr, line, size.height)
            }
            if step < size.height {
                cairo_move_to(cr, 0, line)
                cairo_line_to(cr, size.width, line)
            }
            cairo_stroke(cr)
        }
        let fontSize = 11 * pixel
        for step in stride(from: 100.0, to: max(size.width, size.height), by: 100) {
            if step < size.width { label(Int(step), x: step, y: 2 * pixel, pageWidth: size.width, fontSize: fontSize, on: cr) }
            if step < size.height { label(Int(step), x: 0, y: step + 2 * pixel, pageWidth: size.width, fontSize: fontSize, on: cr) }
        }
        cairo_restore(cr)
    }

    /// A number on a white patch just right of `x` (left of it near the right edge), its top at `y`.
    private static func label(_ value: Int, x line: Double, y: Double, pageWidth: Double, fontSize: Double, on cr: OpaquePointer) {
        let text = PangoText(String(value), fontSize: fontSize, bold: true, for: cr)
        let box = text.logicalBox
        let gap = fontSize / 5
        let x = line + gap + box.width <= pageWidth ? line + gap : line - gap - box.width
        cairo_rectangle(cr, x, y, box.width, box.height)
        cairo_set_source_rgba(cr, 1, 1, 1, 0.85)
        cairo_fill(cr)
        cairo_set_source_rgb(cr, 0.0, 0.25, 0.7)
        text.show(on: cr, x: x - box.x, y: y - box.y)
    }
}
