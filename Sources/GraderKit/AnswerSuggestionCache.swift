import Foundation
import GraderCore
import GraderGroups
import Synchronization

/// Suggested answer groups already built in this process, kept while what they were built from
/// stays the same: the answer space and answer box, and each scan's file (size and time written) and alignment on
/// the page, and the master copy. The Groups view reads them again at every grader's change (live);
/// only a changed page or question builds them anew.
enum AnswerSuggestionCache {
    /// What a question's suggestions were built from.
    struct Key: Hashable {
        let folder: String, page: Int, space: [Double], box: IDBoxField?
        let scans: [Scan], master: Scan?

        /// One file as it is on disk now, and (for a scan) the page's alignment.
        struct Scan: Hashable {
            let path: String, bytes: UInt64, written: Date?, alignment: PageAlignment?
        }

        init(folder: String, page: Int, space: PageRect, box: IDBoxField?, scans: [(path: String, alignment: PageAlignment?)], master: String) {
            (self.folder, self.page, self.box) = (folder, page, box)
            self.space = [space.origin.x, space.origin.y, space.width, space.height]
            self.scans = scans.map { Self.scan($0.path, $0.alignment) }
            self.master = FileManager.default.fileExists(atPath: master) ? Self.scan(master, nil) : nil
        }

        private static func scan(_ path: String, _ alignment: PageAlignment?) -> Scan {
            let attributes = try? FileManager.default.attributesOfItem(atPath: path)
            return Scan(path: path, bytes: (attributes?[.size] as? NSNumber)?.uint64Value ?? 0,
                        written: attributes?[.modificationDate] as? Date, alignment: alignment)
        }
    }

    /// The few latest questions' suggestions (a class of 200 is a few kilobytes each).
    private static let kept = Mutex<[(key: Key, groups: [AnswerGroupSuggestion])]>([])
    private static let capacity = 32

    /// Forgets every kept suggestion.
    static func forget() { kept.withLock { $0.removeAll() } }

    /// The suggestions built from `key`, built by `build` when not kept.
    static func groups(for key: Key, build: () throws -> [AnswerGroupSuggestion]) rethrows -> [AnswerGroupSuggestion] {
        if let found = kept.withLock({ list in list.first { $0.key == key }?.groups }) { return found }
        let groups = try build()
        kept.withLock { list in
            list.removeAll { $0.key == key }
            list.append((key, groups))
            if list.count > capacity { list.removeFirst(list.count - capacity) }
        }
        return groups
    }
}
