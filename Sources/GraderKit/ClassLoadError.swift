import Foundation
import GraderCore
import GraderPDF

/// Why a set of scans cannot be loaded as a class. Every message names what is at fault.
public enum ClassLoadError: Error, Equatable, Sendable {
    /// One or more files cannot be opened; all of them are listed, so one run shows every problem.
    case unreadableScans([PDFError])
    /// A folder was given that holds no PDF.
    case noPDFsInFolder(path: String)
    /// The roster cannot be used.
    case roster(RosterError)
    /// A scan has no row in the roster.
    case notInRoster(fileName: String, rosterPath: String)
    /// The files are not a structured assignment (page counts, duplicate names, …).
    case classSet(ClassSetError)
}

extension ClassLoadError: LocalizedError {
    public var errorDescription: String? {
        switch self {
        case .unreadableScans(let errors) where errors.count == 1:
            return errors[0].localizedDescription
        case .unreadableScans(let errors):
            return "\(errors.count) scans cannot be used:\n"
                + errors.map { "  - " + $0.localizedDescription }.joined(separator: "\n")
        case .noPDFsInFolder(let path):
            return "Folder '\(path)' holds no .pdf file: name the scans' folder or the files themselves."
        case .roster(let error):
            return error.localizedDescription
        case .notInRoster(let file, let roster):
            return "'\(file)' has no row in roster '\(roster)': add a row for it (file,name,id,email) or leave the file out."
        case .classSet(let error):
            return error.localizedDescription
        }
    }
}
