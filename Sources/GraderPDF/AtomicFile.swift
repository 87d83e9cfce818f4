import Foundation

/// Writes a file under a temporary name in the same folder, renamed over the final name only once
/// complete, so a crash or an error never leaves half a file under that name.
enum AtomicFile {
    /// Calls `body` with the temporary path to write, then renames it to `path`; on failure the
    /// temporary file is removed, and an error names `path`, the file the user asked for.
    static func write(to path: String, _ body: (_ temporaryPath: String) throws(PDFError) -> Void) throws(PDFError) {
        let url = URL(fileURLWithPath: path)
        let temporary = url.deletingLastPathComponent()
            .appendingPathComponent(".\(url.lastPathComponent).\(UUID().uuidString).partial").path
        do {
            try body(temporary)
        } catch {
            unlink(temporary)
            if case .drawingFailed(_, let detail) = error { throw .drawingFailed(path: path, detail: detail) }
            throw error
        }
        if rename(temporary, path) != 0 {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw .drawingFailed(path: path, detail: reason)
        }
    }
}
