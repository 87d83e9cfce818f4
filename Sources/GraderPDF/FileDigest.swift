import Foundation
internal import CPoppler

/// SHA-256 of a file's bytes (GLib's `GChecksum`), read in 1 MiB pieces.
public enum FileDigest {
    /// The lowercase hex SHA-256 of the file at `path`, or nil when it cannot be read.
    public static func sha256(ofFile path: String) -> String? {
        guard let file = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? file.close() }
        guard let checksum = g_checksum_new(G_CHECKSUM_SHA256) else { return nil }
        defer { g_checksum_free(checksum) }
        while let chunk = try? file.read(upToCount: 1 << 20), !chunk.isEmpty {
            chunk.withUnsafeBytes { bytes in
                g_checksum_update(checksum, bytes.bindMemory(to: UInt8.self).baseAddress, gssize(bytes.count))
            }
        }
        return g_checksum_get_string(checksum).map { String(cString: $0) }
    }

    /// The lowercase hex SHA-256 of `data`.
    public static func sha256(of data: Data) -> String {
        let checksum = g_checksum_new(G_CHECKSUM_SHA256)
        defer { g_checksum_free(checksum) }
        data.withUnsafeBytes { bytes in
            g_checksum_update(checksum, bytes.bindMemory(to: UInt8.self).baseAddress, gssize(bytes.count))
        }
        return String(cString: g_checksum_get_string(checksum))
    }
}
