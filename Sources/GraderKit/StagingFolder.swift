import Foundation

/// Where a new project is built before it is renamed into place: a hidden sibling folder named
/// after the project and the building process, so leftovers of a killed run can be told apart
/// from a run still going.
enum StagingFolder {
    /// `.NAME.<pid>.partial` beside `folder`.
    static func path(for folder: String) -> String {
        let url = URL(fileURLWithPath: folder)
        return url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).\(getpid()).partial").path
    }

    /// Removes the staging folders for `folder` whose process no longer runs.
    static func removeAbandoned(for folder: String) {
        let url = URL(fileURLWithPath: folder)
        let parent = url.deletingLastPathComponent().path, prefix = ".\(url.lastPathComponent)."
        for name in (try? FileManager.default.contentsOfDirectory(atPath: parent)) ?? []
        where name.hasPrefix(prefix) && name.hasSuffix(".partial") {
            guard let pid = Int32(name.dropFirst(prefix.count).dropLast(".partial".count)) else { continue }
            if pid == getpid() || (kill(pid, 0) != 0 && errno == ESRCH) {
                try? FileManager.default.removeItem(atPath: (parent as NSString).appendingPathComponent(name))
            }
        }
    }

    /// Builds `folder` through `body` in its staging folder, then renames it into place; on any
    /// failure the staging folder is removed and the error rethrown, so no half-made project stays.
    static func build(_ folder: String, _ body: (String) throws -> Void) throws {
        let staging = path(for: folder)
        removeAbandoned(for: folder)
        do {
            try body(staging)
            guard rename(staging, folder) == 0 else {
                throw ProjectError.importFailed(path: folder, detail: "the finished project could not be moved into place ("
                    + String(cString: strerror(errno)) + ")")
            }
        } catch {
            try? FileManager.default.removeItem(atPath: staging)
            throw error
        }
    }
}
