internal import CCairo
internal import CCairoFC
import Synchronization

/// Cairo font faces of ScanFactory's own, one per family, weight, slant and rendering, made once
/// per process with the rendering's hinting and antialiasing written into them, so that nothing
/// else drawing with the same family (a PDF, a desktop-like context) changes how ours look.
enum PinnedFontFaces {
    private struct Key: Hashable {
        let family: String, bold: Bool, italic: Bool, rendering: TextRendering
    }

    /// A face kept for the life of the process (cairo's faces are reference-counted and thread-safe).
    private struct Face: @unchecked Sendable {
        let pointer: OpaquePointer
    }

    private static let faces = Mutex<[Key: Face]>([:])

    /// The face for `family` in the weight, slant and rendering asked for; nil when fontconfig finds no font at all.
    static func face(family: String, bold: Bool, italic: Bool, rendering: TextRendering) -> OpaquePointer? {
        let key = Key(family: family, bold: bold, italic: italic, rendering: rendering)
        return faces.withLock { faces in
            if let face = faces[key] { return face.pointer }
            guard let made = make(key) else { return nil }
            faces[key] = Face(pointer: made)
            return made
        }
    }

    /// Asks fontconfig for the font cairo's toy API would pick (family, slant, weight), the
    /// rendering's options written into the request first so that no configured default
    /// replaces them, and makes a face for the font file it names.
    private static func make(_ key: Key) -> OpaquePointer? {
        guard let pattern = FcPatternCreate() else { return nil }
        defer { FcPatternDestroy(pattern) }
        key.family.withCString { name in
            _ = FcPatternAddString(pattern, FC_FAMILY, UnsafeRawPointer(name).assumingMemoryBound(to: FcChar8.self))
        }
        FcPatternAddInteger(pattern, FC_SLANT, key.italic ? FC_SLANT_OBLIQUE : FC_SLANT_ROMAN)
        FcPatternAddInteger(pattern, FC_WEIGHT, key.bold ? FC_WEIGHT_BOLD : FC_WEIGHT_MEDIUM)
        let options = key.rendering.makeFontOptions()
        defer { cairo_font_options_destroy(options) }
        cairo_ft_font_options_substitute(options, pattern)
        FcConfigSubstitute(nil, pattern, FcMatchPattern)
        FcDefaultSubstitute(pattern)
        var result = FcResultMatch
        guard let font = FcFontMatch(nil, pattern, &result) else { return nil }
        defer { FcPatternDestroy(font) }
        guard let face = cairo_ft_font_face_create_for_pattern(font) else { return nil }
        guard cairo_font_face_status(face) == CAIRO_STATUS_SUCCESS else {
            cairo_font_face_destroy(face)
            return nil
        }
        return face
    }
}
