import Foundation

/// Where one capture reads its photo before the sheet is kept: a hidden folder in the project named
/// after the capturing process (`.capture.<pid>.<uuid>`), so that the folder of a killed capture can
/// be told from those of captures still going in a running server, and removed when the project
/// is next opened. Kept files leave it whole, by one rename each, so none is ever half there.
enum CaptureWorkFolder {
    static let prefix = ".capture."

    /// A new work folder in the project `folder`, those of processes no longer running removed first.
    static func make(in folder: String) throws -> String {
        removeAbandoned(in: folder)
        let path = (folder as NSString).appendingPathComponent("\(prefix)\(getpid()).\(UUID().uuidString)")
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        return path
    }

    /// Removes the work folders in the project `folder` whose process no longer runs.
    static func removeAbandoned(in folder: String) {
        for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] where name.hasPrefix(prefix) {
            guard let pid = Int32(name.dropFirst(prefix.count).prefix { $0 != "." }), StagingFolder.hasEnded(pid) else { continue }
            try? FileManager.default.removeItem(atPath: (folder as NSString).appendingPathComponent(name))
        }
    }

    /// Moves the finished file `source` to `destination` (in the same project) in one step, never
    /// over a file already there: a hard link then the source removed, or a rename where the file
    /// system has no hard links.
    static func move(_ source: String, to destination: String) throws(ProjectError) {
        if link(source, destination) == 0 {
            unlink(source)
            return
        }
        let failure = errno
        guard failure != EEXIST, rename(source, destination) == 0 else {
            throw .importFailed(path: (destination as NSString).lastPathComponent,
                                detail: "it cannot be moved into the project (" + String(cString: strerror(failure == EEXIST ? failure : errno)) + ")")
        }
    }
}
