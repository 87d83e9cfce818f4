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
        removeAbandoned(in: URL(fileURLWithPath: folder).deletingLastPathComponent().path, ownToo: true) { $0 == URL(fileURLWithPath: folder).lastPathComponent[...] }
    }

    /// Removes the staging folders of every project beside `folder` whose process no longer runs
    /// (a killed `new` leaves up to the whole class's scans): called whenever a project is opened
    /// or created, not only at the next `new` of the same name.
    static func removeAbandoned(beside folder: String) {
        removeAbandoned(in: URL(fileURLWithPath: folder).deletingLastPathComponent().path, ownToo: false) { $0.hasSuffix(".ezgrader") }
    }

    /// Removes `.NAME.<pid>.partial` folders in `parent` whose NAME passes `matches` and whose
    /// process no longer runs (or, with `ownToo`, is this one).
    private static func removeAbandoned(in parent: String, ownToo: Bool, where matches: (Substring) -> Bool) {
        for name in (try? FileManager.default.contentsOfDirectory(atPath: parent)) ?? []
        where name.hasPrefix(".") && name.hasSuffix(".partial") {
            let inner = name.dropFirst().dropLast(".partial".count)
            guard let dot = inner.lastIndex(of: "."), let pid = Int32(inner[inner.index(after: dot)...]),
                  matches(inner[..<dot]) else { continue }
            if (ownToo && pid == getpid()) || hasEnded(pid) {
                try? FileManager.default.removeItem(atPath: (parent as NSString).appendingPathComponent(name))
            }
        }
    }

    /// True when `pid` is another process, and it no longer runs.
    static func hasEnded(_ pid: Int32) -> Bool {
        pid != getpid() && kill(pid, 0) != 0 && errno == ESRCH
    }

    /// Builds `folder` through `body` in its staging folder, then renames it into place; on any
    /// failure the staging folder is removed and the error rethrown, so no half-made project stays.
    static func build(_ folder: String, _ body: (String) throws -> Void) throws {
        let staging = path(for: folder)
        removeAbandoned(for: folder)
        removeAbandoned(beside: folder)
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
