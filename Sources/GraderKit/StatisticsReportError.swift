import Foundation
import GraderCore

/// Why a statistics report could not be written.
public enum StatisticsReportError: Error, Equatable, Sendable, CategorizedError {
    /// The output's extension names no report format.
    case unknownFormat(path: String)
    /// The file could not be written; nothing was left under its name.
    case writeFailed(path: String, detail: String)

    /// A wrong extension is a usage mistake; a failed write is a write failure.
    public var category: ErrorCategory {
        switch self {
        case .unknownFormat: .usage
        case .writeFailed: .writeFailed
        }
    }
}

extension StatisticsReportError: LocalizedError {
    public var errorDescription: String? {
        switch self {
        case .unknownFormat(let path):
            "'\(path)' is neither .html nor .pdf: name the report report.html (a web page) or report.pdf."
        case .writeFailed(let path, let detail):
            "Could not write the report '\(path)' (\(detail)): check that its folder exists and may be written to. Nothing was written under that name."
        }
    }
}
