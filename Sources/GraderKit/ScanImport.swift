import Foundation
import GraderAssembly
import GraderFiles
import GraderPDF

/// Brings a scan into a project folder: a hard link when the file system allows (no space
/// used, bytes identical), a copy otherwise; a password-protected scan is stored decrypted
/// (qpdf copies its pages untouched) so the project never needs the password again.
enum ScanImport {
    /// Imports `source` as `destination`; returns the stored file's SHA-256.
    static func importScan(_ source: String, to destination: String, password: String?) throws(ProjectError) -> String {
        do throws(PDFError) {
            try ScanCheck.copyable(source, password: password, pages: try PDFDocument(path: source, password: password).pageCount)
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
        } else if link(source, destination) != 0 {
            do { try FileManager.default.copyItem(atPath: source, toPath: destination) } catch {
                throw .importFailed(path: source, detail: PlainErrorText.describe(error))
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
