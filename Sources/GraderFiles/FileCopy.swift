import Foundation

/// Copies a file as an independent file: a reflink (`FICLONE`, blocks shared copy-on-write on
/// btrfs or XFS, so no space is used until one side changes) where the file system offers one,
/// else a byte copy. Never a hard link: with one, editing the copy in place edits the original.
public enum FileCopy {
    /// `ioctl(FICLONE)`: `_IOW(0x94, 9, int)`.
    private static let ficlone: UInt = 0x4004_9409

    /// Copies `source` to the new file `destination` (which must not exist); its size, `fsync` and
    /// `close` are checked. On failure `destination` is removed and the error names it.
    public static func copy(_ source: String, to destination: String) throws(FileWriteError) {
        let input = open(source, O_RDONLY | O_CLOEXEC)
        guard input >= 0 else { throw .failed(path: source, cause: String(cString: strerror(errno))) }
        defer { close(input) }
        var info = stat()
        guard fstat(input, &info) == 0 else { throw .failed(path: source, cause: String(cString: strerror(errno))) }
        let output = open(destination, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard output >= 0 else { throw AtomicFile.failure(errno, destination) }
        var failure: Int32 = 0
        if ioctl(output, ficlone, input) != 0 { failure = copyBytes(from: input, to: output) }
        if failure == 0 {
            var written = stat()
            if fstat(output, &written) != 0 { failure = errno } else if written.st_size != info.st_size { failure = ENOSPC }
        }
        if failure == 0 && fsync(output) != 0 { failure = errno }
        if close(output) != 0 && failure == 0 { failure = errno }
        if failure != 0 {
            unlink(destination)
            throw AtomicFile.failure(failure, destination)
        }
    }

    /// Copies with `read`/`write` (the kernel's `copy_file_range` is not used: it can reflink or
    /// not by kernel version). Returns 0 or the errno of the failure.
    private static func copyBytes(from input: Int32, to output: Int32) -> Int32 {
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                return errno
            }
            if count == 0 { return 0 }
            let result = buffer.withUnsafeBytes { AtomicFile.writeAll(output, UnsafeRawBufferPointer(rebasing: $0[0..<count])) }
            if result != 0 { return result }
        }
    }
}
