internal import CCairo
import GraderCore

/// Draws each kind of `GradeMark` with cairo, in a user space of points from the displayed page's
/// top-left corner, y down. Styles are chosen so a grader reads them at a glance on a grey scan.
enum MarkPainter {
    /// The colours and sizes shared with the screen.
    static let look = GradeLayerLook.standard
    /// Border width of a grade box, in points.
    static let boxBorder = look.boxBorder
    /// How far a grade box's opaque white backing reaches past its frame, in points.
    static let boxBacking = look.boxBacking

    /// A box on an opaque white backing (reaching `boxBacking` past the frame, so nothing printed
    /// or scribbled under it shows), with a border and centred bold text inside `frame`.
    static func gradeBox(_ frame: PageRect, text: String, graded: Bool, on cr: OpaquePointer) {
        let color = graded ? look.gradedColor : look.ungradedColor
        cairo_rectangle(cr, frame.origin.x - boxBacking, frame.origin.y - boxBacking,
                        frame.width + 2 * boxBacking, frame.height + 2 * boxBacking)
        cairo_set_source_rgb(cr, 1, 1, 1)
        cairo_fill(cr)
        let inset = boxBorder / 2
        cairo_rectangle(cr, frame.origin.x + inset, frame.origin.y + inset, frame.width - boxBorder, frame.height - boxBorder)
        setSource(color, on: cr)
        cairo_set_line_width(cr, boxBorder)
        cairo_set_line_join(cr, CAIRO_LINE_JOIN_MITER)
        cairo_stroke(cr)

        // A share of the frame's height, smaller when the text would not fit its width.
        let padding = boxBorder + frame.height * 0.1, size = frame.height * look.boxTextScale
        var label = PangoText(text, fontSize: size, bold: true, for: cr)
        let room = frame.width - 2 * padding
        if label.inkBox.width > room, room > 0 {
            label = PangoText(text, fontSize: size * room / label.inkBox.width, bold: true, for: cr)
        }
        let ink = label.inkBox
        label.show(on: cr,
                   x: frame.origin.x + (frame.width - ink.width) / 2 - ink.x,
                   y: frame.origin.y + (frame.height - ink.height) / 2 - ink.y)
    }

    /// A smooth, round-capped stroke through `points`, translucent below an `opacity` of 1 (the
    /// highlighter: one path, so where it crosses itself it is no darker); a single point is a dot of the pen's width.
    static func ink(_ points: [PagePoint], color: RGBColor, width: Double, opacity: Double = 1, on cr: OpaquePointer) {
        guard let first = points.first else { return }
        setSource(color, opacity: opacity, on: cr)
        if points.count == 1 {
            cairo_arc(cr, first.x, first.y, width / 2, 0, 2 * Double.pi)
            cairo_fill(cr)
            return
        }
        cairo_set_line_width(cr, width)
        cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
        cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)
        cairo_move_to(cr, first.x, first.y)
        for segment in SmoothPath.bezierSegments(through: points) {
            cairo_curve_to(cr, segment.control1.x, segment.control1.y, segment.control2.x, segment.control2.y,
                           segment.end.x, segment.end.y)
        }
        cairo_stroke(cr)
    }

    /// A stroke whose width follows the pen's pressure: each segment of the same smooth curve as
    /// `ink` stroked at its own width, round-capped so the segments join without gaps.
    static func pressedInk(_ points: [PagePoint], color: RGBColor, widths: [Double], on cr: OpaquePointer) {
        setSource(color, on: cr)
        cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
        var start = points.first ?? PagePoint(x: 0, y: 0)
        for (segment, width) in zip(SmoothPath.bezierSegments(through: points), widths) {
            cairo_set_line_width(cr, width)
            cairo_move_to(cr, start.x, start.y)
            cairo_curve_to(cr, segment.control1.x, segment.control1.y, segment.control2.x, segment.control2.y,
                           segment.end.x, segment.end.y)
            cairo_stroke(cr)
            start = segment.end
        }
    }

    /// A typed note, its top-left corner at `origin`, wrapping at `maxWidth` points, on a light
    /// backing so it stays legible over handwriting.
    static func note(_ text: String, at origin: PagePoint, fontSize: Double, color: RGBColor, maxWidth: Double, on cr: OpaquePointer) {
        let label = PangoText(text, fontSize: fontSize, maxWidth: maxWidth, for: cr)
        let backing = NoteLayout.backing(label.logicalBox, at: origin, fontSize: fontSize)
        roundedRectangle(x: backing.origin.x, y: backing.origin.y, width: backing.width, height: backing.height,
                         radius: NoteLayout.padding(fontSize), on: cr)
        cairo_set_source_rgba(cr, 1, 1, 1, look.noteBackingOpacity)
        cairo_fill(cr)
        setSource(color, on: cr)
        label.show(on: cr, x: origin.x, y: origin.y)
    }

    /// A rubric stamp: the item's label in the graded colour on an opaque white backing framed in
    /// the same colour, its top-left corner at `origin` (where the grader tapped).
    static func stamp(_ text: String, at origin: PagePoint, maxWidth: Double, on cr: OpaquePointer) {
        let label = PangoText(text, fontSize: look.stampFontSize, bold: true, maxWidth: maxWidth, for: cr)
        let backing = NoteLayout.backing(label.logicalBox, at: origin, fontSize: look.stampFontSize)
        roundedRectangle(x: backing.origin.x, y: backing.origin.y, width: backing.width, height: backing.height,
                         radius: NoteLayout.padding(look.stampFontSize), on: cr)
        cairo_set_source_rgb(cr, 1, 1, 1)
        cairo_fill_preserve(cr)
        setSource(look.gradedColor, on: cr)
        cairo_set_line_width(cr, look.stampBorder)
        cairo_stroke(cr)
        label.show(on: cr, x: origin.x, y: origin.y)
    }

    /// The student's total in the top margin (clear of `avoiding`): bold red, on a white rounded background.
    static func total(_ text: String, pageSize: PageSize, avoiding: [PageRect], on cr: OpaquePointer) {
        let label = PangoText(text, fontSize: look.totalFontSize, bold: true, for: cr)
        let box = label.logicalBox, padding = look.totalPadding
        let corner = TotalPlacement.corner(width: box.width + 2 * padding, height: box.height + 2 * padding, on: pageSize,
                                           avoiding: avoiding, look: look)
        roundedRectangle(x: corner.x, y: corner.y, width: box.width + 2 * padding, height: box.height + 2 * padding,
                         radius: padding, on: cr)
        cairo_set_source_rgb(cr, 1, 1, 1)
        cairo_fill(cr)
        setSource(look.gradedColor, on: cr)
        label.show(on: cr, x: corner.x + padding - box.x, y: corner.y + padding - box.y)
    }

    private static func roundedRectangle(x: Double, y: Double, width: Double, height: Double, radius: Double, on cr: OpaquePointer) {
        let quarter = Double.pi / 2
        cairo_new_sub_path(cr)
        cairo_arc(cr, x + width - radius, y + radius, radius, -quarter, 0)
        cairo_arc(cr, x + width - radius, y + height - radius, radius, 0, quarter)
        cairo_arc(cr, x + radius, y + height - radius, radius, quarter, 2 * quarter)
        cairo_arc(cr, x + radius, y + radius, radius, 2 * quarter, 3 * quarter)
        cairo_close_path(cr)
    }

    static func setSource(_ color: RGBColor, opacity: Double = 1, on cr: OpaquePointer) {
        cairo_set_source_rgba(cr, Double(color.red) / 255, Double(color.green) / 255, Double(color.blue) / 255, opacity)
    }
}
