import Foundation
import GraderCore

/// The files of a bulk-scanned project follow undo and redo: an undone `add-scans` (or a copy an
/// undone step completed) takes its scan and booklet out of the project, into `.undone/` beside
/// them, so the same `add-scans` works again; a redo brings them back.
extension GradingProject {
    /// The folders whose files belong to rows that undo and redo take away and bring back.
    static let undoableFolders = ["bulk", "scans"]

    /// Moves every file of `bulk/` and `scans/` that no row names into `.undone/`, and every file
    /// a row names that is missing back from there. Projects without bulk scans are left alone.
    func followUndo() throws {
        guard let state = try store.bulkState() else { return }
        let named = Set(state.scans.map(\.file) + (try store.directory()).students.map(\.scanPath))
        let manager = FileManager.default
        for sub in Self.undoableFolders {
            let here = folder + "/" + sub, undone = here + "/.undone"
            for name in (try? manager.contentsOfDirectory(atPath: here)) ?? [] where name.hasSuffix(".pdf") && !named.contains(sub + "/" + name) {
                try manager.createDirectory(atPath: undone, withIntermediateDirectories: true)
                guard rename(here + "/" + name, undone + "/" + name) == 0 else {
                    throw ProjectError.importFailed(path: here + "/" + name, detail: "it cannot be moved aside after the undo")
                }
            }
            for file in named where file.hasPrefix(sub + "/") && !manager.fileExists(atPath: folder + "/" + file) {
                let name = (file as NSString).lastPathComponent
                if manager.fileExists(atPath: undone + "/" + name) { _ = rename(undone + "/" + name, folder + "/" + file) }
            }
        }
    }
}
