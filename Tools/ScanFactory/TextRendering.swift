internal import CCairo

/// How the printed text of a generated scan is rasterised.
///
/// Cairo's toy text API shares one font face per family across the process and settles its
/// hinting the first time anything draws with it, so the same scan came out differently after a
/// PDF had been written. `CairoText` draws with faces of its own that carry these options (see
/// `PinnedFontFaces`): the same arguments give the same pixels whatever ran before.
public enum TextRendering: Sendable, Hashable, CaseIterable {
    /// The outlines as designed: no hinting, advances unrounded, grey antialiasing (the default).
    case unhinted
    /// Glyphs hinted fully (fitted to each page's pixel grid), advances as designed: every copy's
    /// print laid out the same, rasterised otherwise.
    case hintedGlyphs
    /// Hinted fully with advances rounded to whole pixels at each page's own scale and turn, as a
    /// desktop draws text: the print is laid out again on every copy (a 10.5 pt line reduced to
    /// 97 % ends some 60 pt short of where it ends at full size, and may wrap elsewhere).
    case hinted

    /// The rendering a context's font options name (`CairoText.render(_:with:)` sets them): with
    /// full hinting, hinted (advances rounded or not, as the options say); otherwise (a context
    /// nobody set too) unhinted.
    init(of cr: OpaquePointer) {
        let options = cairo_font_options_create()
        defer { cairo_font_options_destroy(options) }
        cairo_get_font_options(cr, options)
        guard cairo_font_options_get_hint_style(options) == CAIRO_HINT_STYLE_FULL else {
            self = .unhinted
            return
        }
        self = cairo_font_options_get_hint_metrics(options) == CAIRO_HINT_METRICS_ON ? .hinted : .hintedGlyphs
    }

    /// New cairo font options saying this rendering; the caller destroys them.
    func makeFontOptions() -> OpaquePointer? {
        let options = cairo_font_options_create()
        cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
        cairo_font_options_set_hint_style(options, self == .unhinted ? CAIRO_HINT_STYLE_NONE : CAIRO_HINT_STYLE_FULL)
        cairo_font_options_set_hint_metrics(options, self == .hinted ? CAIRO_HINT_METRICS_ON : CAIRO_HINT_METRICS_OFF)
        return options
    }
}
