import Foundation

/// Why a PDF could not be opened or read through poppler. Paths are as the caller gave them.
public enum PDFError: Error, Equatable, Sendable {
    /// Nothing exists at the path.
    case fileNotFound(path: String)
    /// The file exists but cannot be read (permissions, a folder, …).
    case unreadable(path: String, reason: String)
    /// The file does not start like a PDF.
    case notAPDF(path: String)
    /// The file is a PDF that poppler could not repair.
    case damaged(path: String, detail: String)
    /// The file needs a password to open and none was given.
    case passwordRequired(path: String)
    /// The password given does not open the file.
    case wrongPassword(path: String)
    /// The document has no page `page` (1-based); it has `pageCount`.
    case noSuchPage(path: String, page: Int, pageCount: Int)
    /// Drawing or writing an output file (grade layer PDF, preview PNG) failed; nothing was written under `path`.
    case drawingFailed(path: String, detail: String)
}

extension PDFError: LocalizedError {
    public var errorDescription: String? {
        switch self {
        case .fileNotFound(let path):
            return "'\(path)' does not exist: check the path, or leave it out."
        case .unreadable(let path, let reason):
            return "'\(path)' cannot be read (\(reason)): check that it is a file you may read."
        case .notAPDF(let path):
            return "'\(path)' is not a PDF (it does not start with %PDF-): give the scanner's PDF export instead."
        case .damaged(let path, let detail):
            return "'\(path)' is damaged beyond repair (\(detail)): rescan it or export it again from the scanner."
        case .passwordRequired(let path):
            return "'\(path)' is password-protected: give its password with --password."
        case .wrongPassword(let path):
            return "The password given does not open '\(path)': check it, or give that file's own password."
        case .noSuchPage(let path, let page, let pageCount):
            return "'\(path)' has no page \(page): it has \(pageCount) page\(pageCount == 1 ? "" : "s"), so give a page from 1 to \(pageCount)."
        case .drawingFailed(let path, let detail):
            return "Could not write '\(path)' (\(detail)): check that its folder exists, may be written to and has room. Nothing was written under that name."
        }
    }
}
