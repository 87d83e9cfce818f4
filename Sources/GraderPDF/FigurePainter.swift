internal import CCairo
import GraderAnalysis
import GraderCore

/// Draws a `Figure`'s shapes with cairo, in a user space of points with the figure's top-left
/// corner at the origin, y down (the SVG writer reads the same shapes).
enum FigurePainter {
    /// Paints `figure` on `cr` at (`x`, `y`); the context's state is the same afterwards.
    static func draw(_ figure: Figure, on cr: OpaquePointer, x: Double, y: Double) {
        cairo_save(cr)
        cairo_translate(cr, x, y)
        for shape in figure.shapes {
            switch shape {
            case .rect(let x, let y, let width, let height, let fill):
                MarkPainter.setSource(fill, on: cr)
                cairo_rectangle(cr, x, y, width, height)
                cairo_fill(cr)
            case .line(let x1, let y1, let x2, let y2, let color, let width, let dashed):
                MarkPainter.setSource(color, on: cr)
                cairo_set_line_width(cr, width)
                var dashes = [3.0, 2.0]
                cairo_set_dash(cr, &dashes, dashed ? 2 : 0, 0)
                cairo_move_to(cr, x1, y1)
                cairo_line_to(cr, x2, y2)
                cairo_stroke(cr)
            case .circle(let x, let y, let radius, let fill):
                MarkPainter.setSource(fill, on: cr)
                cairo_new_sub_path(cr)
                cairo_arc(cr, x, y, radius, 0, 2 * Double.pi)
                cairo_fill(cr)
            case .text(let string, let x, let y, let size, let anchor, let color, let bold):
                let text = PangoText(string, fontSize: size, bold: bold, for: cr)
                let width = text.logicalBox.width
                let left = switch anchor {
                case .start: x
                case .middle: x - width / 2
                case .end: x - width
                }
                MarkPainter.setSource(color, on: cr)
                text.show(on: cr, x: left, y: y - text.baseline)
            }
        }
        cairo_restore(cr)
    }
}
