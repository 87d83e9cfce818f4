import Foundation
import GraderFiles

/// The PDF layer's files (grade layers, previews) written through `AtomicFile`: under a temporary
/// name, checked, then renamed, so a crash or a full disk never leaves half a file under the name.
enum AtomicOutput {
    /// Calls `body` with the temporary path to write, checks the result against `expectation` and
    /// renames it to `path`; on failure the temporary file is removed, and the error names `path`.
    static func write(to path: String, expecting expectation: AtomicFile.Expectation,
                      _ body: (_ temporaryPath: String) throws(PDFError) -> Void) throws(PDFError) {
        let temporary = AtomicFile.temporaryPath(for: path)
        do {
            try body(temporary)
        } catch {
            unlink(temporary)
            if case .drawingFailed(_, let detail) = error { throw .drawingFailed(path: path, detail: detail) }
            throw error
        }
        do throws(FileWriteError) {
            try AtomicFile.commit(temporary, to: path, expecting: expectation)
        } catch {
            throw .drawingFailed(path: path, detail: error.cause)
        }
    }
}
