internal import CCairo
import Foundation

extension Handwriting {
    /// Writes `text` (a name or a student number) as shaky, slanted handwriting starting at (x, baseline).
    ///
    /// Each character is a glyph outline (DejaVu Sans Oblique, or Noto Sans CJK for CJK characters)
    /// flattened, wobbled with smooth random waves, jittered in size, angle and height, and filled
    /// with the pen's ink. A character no installed font has is drawn as pen strokes instead of
    /// the font's empty box. Returns where the pen stopped.
    @discardableResult
    func writeText(_ cr: OpaquePointer, _ text: String, x: Double, baseline: Double, size: Double,
                   family: String = CairoText.sansFamily, rng: inout SplitMix64) -> Double {
        cairo_save(cr)
        cairo_set_source_rgba(cr, 0, 0, 0, inkAlpha)
        var pen = x
        let wave = (rng.uniform(0, 6.3), rng.uniform(0, 6.3), rng.uniform(0.35, 0.6))
        for character in text {
            if character.isWhitespace {
                pen += size * rng.uniform(0.3, 0.45)
                continue
            }
            let cjk = character.unicodeScalars.contains { Handwriting.isCJK($0) }
            // CJK glyphs are drawn a bit larger and bolder: a pen stroke is thicker than Noto's regular.
            let glyphSize = size * rng.uniform(0.92, 1.08) * (cjk ? 1.15 : 1)
            CairoText.setFont(cr, size: glyphSize, bold: cjk, italic: !cjk,
                              family: cjk ? "Noto Sans CJK SC" : family)
            let lift = rng.symmetric(size * 0.05)
            let angle = rng.symmetric(0.06) - (cjk ? 0 : slant * 0.3)
            cairo_save(cr)
            cairo_translate(cr, pen, baseline + lift)
            cairo_rotate(cr, angle)
            let advance: Double
            if let glyphAdvance = fillWobbledGlyphs(cr, String(character), wave: wave, amplitude: size * 0.035) {
                advance = glyphAdvance
            } else {
                advance = scribbleMissingCharacter(cr, size: glyphSize, rng: &rng)
            }
            cairo_restore(cr)
            pen += advance * rng.uniform(0.92, 1.02)
        }
        cairo_restore(cr)
        return pen
    }

    /// Fills the outline of `text` at the origin with a wobble; nil when the font lacks a glyph.
    private func fillWobbledGlyphs(_ cr: OpaquePointer, _ text: String, wave: (Double, Double, Double),
                                   amplitude: Double) -> Double? {
        guard let font = cairo_get_scaled_font(cr) else { return nil }
        var glyphs: UnsafeMutablePointer<cairo_glyph_t>? = nil
        var count: Int32 = 0
        let status = cairo_scaled_font_text_to_glyphs(
            font, 0, 0, text, -1, &glyphs, &count, nil, nil, nil)
        defer { if let glyphs { cairo_glyph_free(glyphs) } }
        guard status == CAIRO_STATUS_SUCCESS, let glyphs, count > 0 else { return nil }
        for i in 0..<Int(count) where glyphs[i].index == 0 { return nil }

        var extents = cairo_text_extents_t()
        cairo_glyph_extents(cr, glyphs, count, &extents)

        cairo_new_path(cr)
        cairo_glyph_path(cr, glyphs, count)
        guard let flat = cairo_copy_path_flat(cr) else { return nil }
        defer { cairo_path_destroy(flat) }
        cairo_new_path(cr)
        if flat.pointee.status == CAIRO_STATUS_SUCCESS, let data = flat.pointee.data {
            var i = 0
            while i < Int(flat.pointee.num_data) {
                let header = data[i].header
                switch header.type {
                case CAIRO_PATH_MOVE_TO, CAIRO_PATH_LINE_TO:
                    let point = data[i + 1].point
                    let dx = amplitude * sin(point.y * wave.2 + wave.0)
                    let dy = amplitude * sin(point.x * wave.2 + wave.1)
                    if header.type == CAIRO_PATH_MOVE_TO {
                        cairo_move_to(cr, point.x + dx, point.y + dy)
                    } else {
                        cairo_line_to(cr, point.x + dx, point.y + dy)
                    }
                case CAIRO_PATH_CLOSE_PATH:
                    cairo_close_path(cr)
                default:
                    break  // a flattened path has no curves
                }
                i += Int(header.length)
            }
        }
        cairo_fill(cr)
        return extents.x_advance
    }

    /// Draws a character no font has as a few pen strokes in a square; returns its advance.
    private func scribbleMissingCharacter(_ cr: OpaquePointer, size: Double, rng: inout SplitMix64) -> Double {
        cairo_save(cr)
        cairo_set_line_width(cr, penWidth)
        cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
        let box = size * 0.8
        for _ in 0..<rng.int(4...7) {
            let horizontal = rng.chance(0.55)
            let a = rng.uniform(0.05, 0.95) * box
            let from = rng.uniform(0, 0.3) * box, to = rng.uniform(0.7, 1) * box
            if horizontal {
                cairo_move_to(cr, from, -a)
                cairo_line_to(cr, to, -a + rng.symmetric(1))
            } else {
                cairo_move_to(cr, a, -to)
                cairo_line_to(cr, a + rng.symmetric(1.5), -from)
            }
        }
        cairo_stroke(cr)
        cairo_restore(cr)
        return size
    }

    /// Whether a scalar is a CJK ideograph, kana or hangul (written with a CJK font).
    static func isCJK(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x2E80...0x9FFF, 0xAC00...0xD7AF, 0xF900...0xFAFF, 0xFF00...0xFFEF, 0x20000...0x2FA1F: return true
        default: return false
        }
    }
}
