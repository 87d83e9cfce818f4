import Foundation
import GraderCore
import GraderFiles
import Synchronization

/// What `PrintedInk` found on each scan's first page, kept in the project's cache folder
/// (`cache/printed-ink.json`, best effort like `PageImageCache`) by the scan's SHA-256 and whether it is shown upside down — all that the
/// finding depends on — and `PrintedInk.fingerprint` (what it finds on its probe page, which changes
/// with its rules), so a scan's page is rendered once, not again at every export of a regraded
/// student, into another folder, or for the Return page, nor what an older `PrintedInk` found used.
final class PrintedInkCache: Sendable {
    private let path: String
    /// Each rectangle as x, y, width and height, by key.
    private let known: Mutex<[String: [[Double]]]>
    private let rendered = Mutex(0)

    /// The cache of `project` as kept (empty when there is none or it cannot be read).
    init(project: GradingProject) {
        path = (project.folder as NSString).appendingPathComponent("cache/printed-ink.json")
        known = Mutex(Self.read(path))
    }

    /// The ink near the edges of the scan whose SHA-256 is `digest`: as found before, else from
    /// `render` (nil when the page cannot be read: nothing is kept, nothing avoided).
    func nearEdges(scan digest: String?, upsideDown: Bool, render: () -> [PageRect]?) -> [PageRect] {
        let key = digest.map { "\(PrintedInk.fingerprint)|\($0)|\(upsideDown ? "turned" : "upright")" }
        if let key, let numbers = known.withLock({ $0[key] }) {
            return numbers.compactMap { $0.count == 4 ? PageRect(origin: PagePoint(x: $0[0], y: $0[1]), width: $0[2], height: $0[3]) : nil }
        }
        rendered.withLock { $0 += 1 }
        guard let rects = render() else { return [] }
        if let key { known.withLock { $0[key] = rects.map { [$0.origin.x, $0.origin.y, $0.width, $0.height] } } }
        return rects
    }

    /// Keeps what was found (with what another program kept meanwhile); how many pages were rendered.
    func save() -> Int {
        let count = rendered.withLock { $0 }
        guard count > 0 else { return 0 }
        let all = known.withLock { ours in Self.read(path).merging(ours) { $1 } }
        // Only a cache: a write that fails costs a render at the next export, nothing else.
        try? FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        if let data = try? JSONEncoder().encode(all) { try? AtomicFile.write(data, to: path) }
        return count
    }

    private static func read(_ path: String) -> [String: [[Double]]] {
        FileManager.default.contents(atPath: path).flatMap { try? JSONDecoder().decode([String: [[Double]]].self, from: $0) } ?? [:]
    }
}
