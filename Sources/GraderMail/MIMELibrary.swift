internal import CGMime

/// GMime's process-wide set-up (character sets, parser tables), done once before the first
/// address is parsed or message built.
enum MIMELibrary {
    /// Does the set-up (the first call; the others return at once).
    static func once() { _ = initialised }

    private static let initialised: Bool = {
        g_mime_init()
        return true
    }()
}
