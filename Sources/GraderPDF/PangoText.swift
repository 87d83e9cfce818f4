internal import CCairo
internal import CPangoCairo

/// One text laid out by Pango in DejaVu Sans at a size in points; fontconfig falls back to other
/// installed fonts (Noto Sans CJK for Chinese, Japanese, Korean) for characters DejaVu lacks.
final class PangoText {
    /// A rectangle in points, relative to the layout's top-left corner.
    struct Box {
        let x, y, width, height: Double
    }

    /// The family every mark is written in; fonts-dejavu-core provides it.
    static let family = "DejaVu Sans"

    private let layout: OpaquePointer

    /// Lays out `text` (line breaks honoured) for drawing on `cr`, or for measuring only when `cr` is nil;
    /// with `maxWidth`, lines wrap at word boundaries, inside words only when a word alone is too wide.
    init(_ text: String, fontSize: Double, bold: Bool = false, maxWidth: Double? = nil, for cr: OpaquePointer? = nil) {
        let context: OpaquePointer = if let cr {
            pango_cairo_create_context(cr)
        } else {
            pango_font_map_create_context(pango_cairo_font_map_get_default())
        }
        // 72 dpi: a size of N means N points (user units), not N × 96/72 as with Pango's default.
        pango_cairo_context_set_resolution(context, 72)
        // Unrounded, unhinted metrics: the same line breaks and spacing in the PDF and in a preview.
        pango_context_set_round_glyph_positions(context, 0)
        let options = cairo_font_options_create()
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
        pango_cairo_context_set_font_options(context, options)
        cairo_font_options_destroy(options)

        layout = pango_layout_new(context)
        g_object_unref(UnsafeMutableRawPointer(context))

        let font = pango_font_description_new()
        pango_font_description_set_family(font, Self.family)
        pango_font_description_set_weight(font, bold ? PANGO_WEIGHT_BOLD : PANGO_WEIGHT_NORMAL)
        pango_font_description_set_size(font, Int32((fontSize * Double(PANGO_SCALE)).rounded()))
        pango_layout_set_font_description(layout, font)
        pango_font_description_free(font)

        if let maxWidth {
            pango_layout_set_width(layout, Int32((maxWidth * Double(PANGO_SCALE)).rounded()))
            pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR)
        }
        pango_layout_set_text(layout, text, -1)
    }

    deinit { g_object_unref(UnsafeMutableRawPointer(layout)) }

    /// Where ink falls (`pango_layout_get_extents`' ink rectangle).
    var inkBox: Box { extents().ink }

    /// The typographic box: line heights, advances.
    var logicalBox: Box { extents().logical }

    /// The first line's baseline, below the layout's top (`pango_layout_get_baseline`).
    var baseline: Double { Double(pango_layout_get_baseline(layout)) / Double(PANGO_SCALE) }

    /// Each line as laid out (wrapped, or broken at a line break), without trailing white space, with
    /// its baseline below the layout's top (`pango_layout_iter_get_baseline`).
    var lines: [(text: String, baseline: Double)] {
        guard let iterator = pango_layout_get_iter(layout), let start = pango_layout_get_text(layout) else { return [] }
        defer { pango_layout_iter_free(iterator) }
        let bytes = UnsafeBufferPointer(start: UnsafeRawPointer(start).assumingMemoryBound(to: UInt8.self), count: strlen(start))
        var lines: [(text: String, baseline: Double)] = []
        repeat {
            guard let line = pango_layout_iter_get_line_readonly(iterator) else { break }
            let from = min(Int(line.pointee.start_index), bytes.count), to = min(from + Int(line.pointee.length), bytes.count)
            let text = String(decoding: bytes[from..<to], as: UTF8.self)
            lines.append((String(text.reversed().drop { $0.isWhitespace }.reversed()),
                          Double(pango_layout_iter_get_baseline(iterator)) / Double(PANGO_SCALE)))
        } while pango_layout_iter_next_line(iterator) != 0
        return lines
    }

    /// Characters no installed font could draw: they would show as boxes ("tofu").
    var unknownGlyphCount: Int { Int(pango_layout_get_unknown_glyphs_count(layout)) }

    /// Fills the text on `cr` in the current source colour, the layout's top-left corner at (`x`, `y`).
    func show(on cr: OpaquePointer, x: Double, y: Double) {
        cairo_move_to(cr, x, y)
        pango_cairo_show_layout(cr, layout)
    }

    private func extents() -> (ink: Box, logical: Box) {
        var ink = PangoRectangle(), logical = PangoRectangle()
        pango_layout_get_extents(layout, &ink, &logical)
        let scale = Double(PANGO_SCALE)
        func box(_ r: PangoRectangle) -> Box {
            Box(x: Double(r.x) / scale, y: Double(r.y) / scale, width: Double(r.width) / scale, height: Double(r.height) / scale)
        }
        return (box(ink), box(logical))
    }
}
