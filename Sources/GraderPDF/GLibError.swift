internal import CPoppler

/// A `GError` taken over from a GLib call: its domain, code and message, freed once read.
struct GLibError {
    let domain: UInt32
    let code: Int32
    let message: String

    /// Reads and frees `error`; nil when no error was set.
    static func take(_ error: UnsafeMutablePointer<GError>?) -> GLibError? {
        guard let error else { return nil }
        defer { g_error_free(error) }
        return GLibError(
            domain: error.pointee.domain, code: error.pointee.code,
            message: error.pointee.message.map { String(cString: $0) } ?? "unknown error")
    }

    /// True for poppler's "document is encrypted" error (missing or wrong password).
    var isPopplerEncrypted: Bool {
        domain == poppler_error_quark() && code == Int32(POPPLER_ERROR_ENCRYPTED.rawValue)
    }
}

/// Copies a GLib-allocated C string and frees it with `g_free`.
func takeGString(_ pointer: UnsafeMutablePointer<gchar>?) -> String? {
    guard let pointer else { return nil }
    defer { g_free(pointer) }
    return String(cString: pointer)
}
