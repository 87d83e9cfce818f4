import Foundation

/// Damage to a closed SQLite file that SQLite's integrity check finds while every read and
/// write of the project would still work: the kind of damage nothing else notices.
public enum DamagedDatabase {
    /// Appends a page that no table uses and counts it in the header.
    public static func addUnusedPage(to path: String) throws {
        let pages = try pageCount(path)
        guard let handle = FileHandle(forUpdatingAtPath: path) else { throw CocoaError(.fileNoSuchFile) }
        defer { try? handle.close() }
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(count: 4096))
        try handle.seek(toOffset: 28)
        try handle.write(contentsOf: Data((0..<4).reversed().map { UInt8(truncatingIfNeeded: (pages + 1) >> ($0 * 8)) }))
    }

    /// The page count in a database file's header.
    public static func pageCount(_ path: String) throws -> Int {
        let header = try Data(contentsOf: URL(fileURLWithPath: path)).prefix(32)
        return Int(header[28..<32].reduce(UInt32(0)) { $0 << 8 | UInt32($1) })
    }
}
