internal import CCairo

/// How the printed text of a generated scan is rasterised.
///
/// Cairo's toy text API shares one font face per family across the process and settles its
/// hinting the first time anything draws with it, so the same scan came out differently after a
/// PDF had been written. `CairoText` draws with faces of its own that carry these options (see
/// `PinnedFontFaces`): the same arguments give the same pixels whatever ran before.
public enum TextRendering: Sendable, Hashable {
    /// The outlines as designed: no hinting, advances unrounded, grey antialiasing (the default).
    case unhinted
    /// Hinted fully, advances rounded to whole pixels, grey antialiasing: text as a desktop draws it.
    case hinted

    /// The rendering a context's font options name (`CairoText.render(_:with:)` sets them): hinted when
    /// they ask for full hinting, otherwise (a context nobody set too) unhinted.
    init(of cr: OpaquePointer) {
        let options = cairo_font_options_create()
        defer { cairo_font_options_destroy(options) }
        cairo_get_font_options(cr, options)
        self = cairo_font_options_get_hint_style(options) == CAIRO_HINT_STYLE_FULL ? .hinted : .unhinted
    }

    /// New cairo font options saying this rendering; the caller destroys them.
    func makeFontOptions() -> OpaquePointer? {
        let options = cairo_font_options_create()
        cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
        switch self {
        case .unhinted:
            cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
            cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        case .hinted:
            cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_FULL)
            cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_ON)
        }
        return options
    }
}
