import Foundation
import GraderAssembly
import GraderFiles
import GraderPDF

/// Brings a scan into a project folder as its own file — a reflink where the file system shares
/// blocks copy-on-write, a byte copy otherwise, never a hard link (an in-place edit of the
/// project's scan would edit the user's original); a password-protected scan is stored decrypted
/// (qpdf copies its pages untouched) so the project never needs the password again.
enum ScanImport {
    /// Imports `source` as `destination`; returns the stored file's SHA-256.
    static func importScan(_ source: String, to destination: String, password: String?) throws(ProjectError) -> String {
        do throws(PDFError) {
            try ScanCheck.copyable(try PDFDocument(path: source, password: password))
        } catch {
            throw .importFailed(path: source, detail: error.localizedDescription)
        }
        if let password, isEncrypted(source) {
            do {
                try PageAssembler.write(MergePlan(sources: [.init(path: source, password: password)],
                                                  pages: (0..<pageCount(source, password)).map { .init(source: 0, pageIndex: $0) }),
                                        to: destination)
            } catch {
                throw .importFailed(path: source, detail: error.localizedDescription)
            }
        } else {
            do throws(FileWriteError) { try FileCopy.copy(source, to: destination) } catch {
                throw .importFailed(path: source, detail: error.cause)
            }
        }
        guard let digest = FileDigest.sha256(ofFile: destination) else {
            throw .importFailed(path: source, detail: "the copy cannot be read back")
        }
        return digest
    }

    private static func isEncrypted(_ path: String) -> Bool {
        (try? PDFDocument(path: path)) == nil
    }

    private static func pageCount(_ path: String, _ password: String) -> Int {
        (try? PDFDocument(path: path, password: password))?.pageCount ?? 0
    }
}
