internal import CCairo

/// Printed text with cairo: font selection (faces of our own, see `PinnedFontFaces`), measuring,
/// showing and word wrapping.
enum CairoText {
    /// The sans font used for everything printed; fonts-dejavu-core provides it.
    static let sansFamily = "DejaVu Sans"

    /// Selects DejaVu Sans at `size` points, bold and/or oblique as asked, drawn with the context's
    /// `TextRendering` (unhinted unless `render(_:with:)` said otherwise) in a face of our own.
    static func setFont(_ cr: OpaquePointer, size: Double, bold: Bool = false, italic: Bool = false,
                        family: String = sansFamily) {
        let rendering = TextRendering(of: cr)
        render(cr, with: rendering)
        if let face = PinnedFontFaces.face(family: family, bold: bold, italic: italic, rendering: rendering) {
            cairo_set_font_face(cr, face)
        } else {
            // No font at all: cairo's own fallback, as its toy API would draw.
            cairo_select_font_face(
                cr, family, italic ? CAIRO_FONT_SLANT_OBLIQUE : CAIRO_FONT_SLANT_NORMAL,
                bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL)
        }
        cairo_set_font_size(cr, size)
    }

    /// Draws the context's text from now on with `rendering` (its font options say it; `setFont` keeps them).
    static func render(_ cr: OpaquePointer, with rendering: TextRendering) {
        let options = rendering.makeFontOptions()
        defer { cairo_font_options_destroy(options) }
        cairo_set_font_options(cr, options)
    }

    /// The horizontal advance of `text` in the current font.
    static func width(_ cr: OpaquePointer, _ text: String) -> Double {
        var extents = cairo_text_extents_t()
        cairo_text_extents(cr, text, &extents)
        return extents.x_advance
    }

    /// Shows `text` with its baseline starting at (x, y).
    static func show(_ cr: OpaquePointer, _ text: String, x: Double, y: Double) {
        cairo_move_to(cr, x, y)
        cairo_show_text(cr, text)
    }

    /// Shows `text` so that it ends at `right`.
    static func showRightAligned(_ cr: OpaquePointer, _ text: String, right: Double, y: Double) {
        show(cr, text, x: right - width(cr, text), y: y)
    }

    /// Shows `text` centred on `centre`.
    static func showCentred(_ cr: OpaquePointer, _ text: String, centre: Double, y: Double) {
        show(cr, text, x: centre - width(cr, text) / 2, y: y)
    }

    /// Splits `text` into lines no wider than `maxWidth` in the current font, breaking at spaces.
    static func wrap(_ cr: OpaquePointer, _ text: String, maxWidth: Double) -> [String] {
        wrap(cr, text, maxWidth: { _ in maxWidth })
    }

    /// Splits `text` into lines, line `i` (0-based) no wider than `maxWidth(i)`, breaking at spaces.
    static func wrap(_ cr: OpaquePointer, _ text: String, maxWidth: (Int) -> Double) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ", omittingEmptySubsequences: true) {
            let candidate = line.isEmpty ? String(word) : line + " " + word
            if line.isEmpty || width(cr, candidate) <= maxWidth(lines.count) {
                line = candidate
            } else {
                lines.append(line)
                line = String(word)
            }
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }
}
