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
    /// A roster row names a file that is not among the scans given.
    case rosterFileMissing(line: Int, fileName: String, rosterPath: String)
    /// A folder holds hidden `.pdf` files (`.name.pdf`), which are not read as students.
    case hiddenPDFs(folder: String, names: [String])
    /// A folder holds no `.pdf` file itself, but its sub-folders (listed) do.
    case pdfsInSubfolders(path: String, subfolders: [String])
    /// Several problems, every one listed.
    indirect case several([ClassLoadError])
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
        case .rosterFileMissing(let line, let file, let roster):
            return "Row \(line) of roster '\(roster)' names '\(file)', which is not among the scans: add that scan, "
                + "or delete the row if the student has no booklet."
        case .hiddenPDFs(let folder, let names):
            // Refused, not skipped: a hidden file may be a student's booklet renamed by mistake, and
            // a student silently left out of the class is worse than a message.
            return "Folder '\(folder)' holds hidden PDF \(names.count == 1 ? "file" : "files") "
                + names.map { "'\($0)'" }.joined(separator: ", ")
                + ", which would not be read as students: rename \(names.count == 1 ? "it" : "them") without the leading '.' to include "
                + "\(names.count == 1 ? "it" : "them"), or move \(names.count == 1 ? "it" : "them") out of the folder (macOS '._' copies can be deleted)."
        case .pdfsInSubfolders(let path, let subfolders):
            let shown = subfolders.prefix(5).map { "'\($0)'" }.joined(separator: ", ") + (subfolders.count > 5 ? ", …" : "")
            return "Folder '\(path)' holds no .pdf file itself, but its sub-folders do (\(shown)): name those folders "
                + "(e.g. \(subfolders.prefix(2).joined(separator: " "))) to import their scans."
        case .several(let problems):
            let lines = problems.flatMap(\.items)
            return "\(lines.count) problems with these scans:\n" + lines.map { "  - " + $0 }.joined(separator: "\n")
        }
    }

    /// Each problem's own message, nested lists flattened.
    private var items: [String] {
        switch self {
        case .unreadableScans(let errors): errors.map(\.localizedDescription)
        case .classSet(.several(let problems)): problems.map { $0.errorDescription ?? "" }
        case .several(let problems): problems.flatMap(\.items)
        default: [errorDescription ?? ""]
        }
    }
}
