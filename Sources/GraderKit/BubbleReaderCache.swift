import GraderCore
import Synchronization

/// The bubble readers of projects photographed in this process, kept while their blocks stay the
/// same: a school's blank sheet is rendered and prepared once per server, not once per photo.
enum BubbleReaderCache {
    private static let readers = Mutex<[String: (blocks: [BubbleBlock], reader: PageBubbleReader)]>([:])

    /// The reader of `blocks` in the project at `folder`, made when they changed or were never read here.
    static func reader(for blocks: [BubbleBlock], folder: String) throws -> PageBubbleReader {
        if let kept = readers.withLock({ $0[folder] }), kept.blocks == blocks { return kept.reader }
        let reader = try PageBubbleReader(blocks: blocks, folder: folder)
        readers.withLock { $0[folder] = (blocks, reader) }
        return reader
    }
}
