import Foundation

/// Writes a file under a temporary name in the same folder and renames it over the final name
/// only once every byte is known to be on disk: its size or last bytes checked, `fsync` and
/// `close` checked. C libraries (qpdf, cairo) may ignore a failed `fclose`; a full disk then
/// leaves a short file, which the check catches before the rename.
///
/// Test hook: `EZGRADER_TEST_DISK_FULL=<text>` makes every file whose name contains `<text>`
/// come out cut short, as a full disk leaves it (`*` matches every file).
public enum AtomicFile {
    /// What a finished file must look like.
    public enum Expectation: Sendable {
        /// Exactly this many bytes.
        case size(Int)
        /// A PDF: non-empty and ending with `%%EOF` (trailing white space allowed).
        case pdf
        /// A PNG: ending with the IEND chunk.
        case png
    }

    /// A fresh temporary path next to `path`: hidden, `.NAME.<pid>.<uuid>.partial`, so a later
    /// run can tell the leftovers of a killed process (`removeAbandoned`). NAME is cut (whole
    /// characters) so the whole name stays within the 255 bytes a file system allows: a final
    /// name that fits must never fail for its temporary one.
    public static func temporaryPath(for path: String) -> String {
        let url = URL(fileURLWithPath: path)
        let suffix = ".\(getpid()).\(UUID().uuidString).partial"
        var total = 1 + suffix.utf8.count
        let name = String(url.lastPathComponent.prefix { character in
            total += character.utf8.count
            return total <= maxNameBytes
        })
        return url.deletingLastPathComponent().appendingPathComponent("." + name + suffix).path
    }

    /// The longest file name, in bytes, that Linux file systems (ext4, btrfs, xfs, tmpfs) allow.
    public static let maxNameBytes = 255

    /// Removes the temporary files in `folder` left by processes that no longer run (killed in
    /// the middle of a write); those of running processes are left alone.
    public static func removeAbandoned(in folder: String) {
        for name in (try? FileManager.default.contentsOfDirectory(atPath: folder.isEmpty ? "." : folder)) ?? []
        where name.hasPrefix(".") && name.hasSuffix(".partial") {
            let parts = name.dropLast(".partial".count).split(separator: ".")
            guard parts.count >= 3, let pid = Int32(parts[parts.count - 2]), pid != getpid() else { continue }
            if kill(pid, 0) != 0 && errno == ESRCH { unlink((folder as NSString).appendingPathComponent(name)) }
        }
    }

    /// Checks the finished `temporary` against `expectation`, makes it durable and renames it
    /// over `path`. On any failure `temporary` is removed and `path` left as it was.
    public static func commit(_ temporary: String, to path: String, expecting expectation: Expectation) throws(FileWriteError) {
        do {
            try simulateFullDiskForTests(temporary, path)
            try check(temporary, path, expectation)
        } catch {
            unlink(temporary)
            throw error
        }
        if rename(temporary, path) != 0 {
            let failure = failure(errno, path)
            unlink(temporary)
            throw failure
        }
        syncFolder(of: path)
    }

    /// Writes `data` to `path` with checked `write` calls, then commits it (size, `fsync`, `close`,
    /// rename); `mode` is the file's permissions (0600 for a secret: never readable by others, not even while written).
    public static func write(_ data: Data, to path: String, mode: mode_t = 0o644) throws(FileWriteError) {
        let temporary = temporaryPath(for: path)
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode)
        guard descriptor >= 0 else { throw failure(errno, path) }
        let result = data.withUnsafeBytes { bytes in writeAll(descriptor, bytes) }
        let closed = close(descriptor)
        let closeErrno = errno
        if result != 0 || closed != 0 {
            unlink(temporary)
            throw failure(result != 0 ? result : closeErrno, path)
        }
        try commit(temporary, to: path, expecting: .size(data.count))
    }

    /// Writes every byte of `bytes` to `descriptor`, retrying short writes; 0 or the errno of the failure.
    public static func writeAll(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) -> Int32 {
        guard let base = bytes.baseAddress else { return 0 }
        var offset = 0
        while offset < bytes.count {
            let written = Foundation.write(descriptor, base + offset, bytes.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                return errno
            }
            if written == 0 { return ENOSPC }
            offset += written
        }
        return 0
    }

    /// The error for `code`: ENOSPC and EDQUOT mean the disk is full.
    static func failure(_ code: Int32, _ path: String) -> FileWriteError {
        if code == ENOSPC || code == EDQUOT { return .diskFull(path: path) }
        return .failed(path: path, cause: String(cString: strerror(code)))
    }

    private static func check(_ temporary: String, _ path: String, _ expectation: Expectation) throws(FileWriteError) {
        let descriptor = open(temporary, O_RDWR | O_CLOEXEC)
        guard descriptor >= 0 else { throw failure(errno, path) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            let code = errno
            close(descriptor)
            throw failure(code, path)
        }
        let size = Int(info.st_size)
        let complete = switch expectation {
        case .size(let expected): size == expected
        case .pdf: size > 0 && tail(of: descriptor, size: size).endsWithPDFTrailer
        case .png: size > 0 && tail(of: descriptor, size: size).suffix(8) == Data([0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82])
        }
        if !complete {
            close(descriptor)
            throw isFull(path) ? .diskFull(path: path) : .incomplete(path: path, written: size)
        }
        if fsync(descriptor) != 0 {
            let code = errno
            close(descriptor)
            throw failure(code, path)
        }
        if close(descriptor) != 0 { throw failure(errno, path) }
    }

    /// The last (up to) 1 KiB of the file.
    private static func tail(of descriptor: Int32, size: Int) -> Data {
        let count = min(size, 1024)
        var buffer = [UInt8](repeating: 0, count: count)
        let read = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, count, off_t(size - count)) }
        return read == count ? Data(buffer) : Data()
    }

    /// True when the folder `path` goes into has no free block left (or the test hook names `path`).
    private static func isFull(_ path: String) -> Bool {
        if ProcessInfo.processInfo.environment["EZGRADER_TEST_DISK_FULL"].map({ matches($0, path) }) == true { return true }
        let folder = (path as NSString).deletingLastPathComponent
        var info = statvfs()
        guard statvfs(folder.isEmpty ? "." : folder, &info) == 0 else { return false }
        return info.f_bavail == 0
    }

    private static func matches(_ pattern: String, _ path: String) -> Bool {
        !pattern.isEmpty && (pattern == "*" || (path as NSString).lastPathComponent.contains(pattern))
    }

    /// Cuts the file to half, as a full disk leaves it, when `EZGRADER_TEST_DISK_FULL` names it.
    private static func simulateFullDiskForTests(_ temporary: String, _ path: String) throws(FileWriteError) {
        guard let pattern = ProcessInfo.processInfo.environment["EZGRADER_TEST_DISK_FULL"], matches(pattern, path) else { return }
        var info = stat()
        guard stat(temporary, &info) == 0 else { throw failure(errno, path) }
        if truncate(temporary, info.st_size / 2) != 0 { throw failure(errno, path) }
    }

    /// Makes the rename itself durable; a folder that cannot be synced (some file systems) is not an error.
    private static func syncFolder(of path: String) {
        let folder = (path as NSString).deletingLastPathComponent
        let descriptor = open(folder.isEmpty ? "." : folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        _ = fsync(descriptor)
        close(descriptor)
    }
}

extension Data {
    /// True when the bytes end with `%%EOF` and optional white space, as every complete PDF does.
    fileprivate var endsWithPDFTrailer: Bool {
        var end = endIndex
        while end > startIndex, [0x0A, 0x0D, 0x20, 0x09, 0x00].contains(self[end - 1]) { end -= 1 }
        return self[startIndex..<end].suffix(5) == Data("%%EOF".utf8)
    }
}
