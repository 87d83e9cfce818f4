import Foundation

/// Why page assembly failed. Carries the file qpdf was working on and qpdf's own text.
public enum AssemblyError: Error, Equatable, Sendable {
    /// qpdf could not read a source PDF.
    case readFailed(path: String, detail: String)
    /// qpdf failed while building or writing the output.
    case writeFailed(path: String, detail: String)
    /// The plan names a source or page that does not exist.
    case badPlan(String)
}

extension AssemblyError: LocalizedError {
    public var errorDescription: String? {
        switch self {
        case .readFailed(let path, let detail):
            return "qpdf could not read '\(path)': \(detail)"
        case .writeFailed(let path, let detail):
            return "Could not write '\(path)': \(detail). Nothing was written under that name."
        case .badPlan(let detail):
            return "Internal error in the page plan: \(detail)"
        }
    }
}
