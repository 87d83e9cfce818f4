import Foundation

/// A small tmpfs mounted for one test and filled to the last block, to see what a command does on
/// a full disk. Needs root (`mount`); `isAvailable` says whether it can be used here.
public final class SmallDisk: @unchecked Sendable {
    /// The mount point.
    public let folder: TemporaryFolder

    /// True when a tmpfs can be mounted here (root, in a container that allows it).
    public static let isAvailable: Bool = {
        guard getuid() == 0, let disk = try? SmallDisk(kilobytes: 64) else { return false }
        _ = disk
        return true
    }()

    /// Mounts a tmpfs of `kilobytes` on a fresh temporary folder.
    public init(kilobytes: Int) throws {
        folder = TemporaryFolder()
        let result = try runCommand("/bin/mount", ["-t", "tmpfs", "-o", "size=\(kilobytes)k", "tmpfs", folder.path])
        guard result.status == 0 else {
            throw NSError(domain: "mount", code: Int(result.status), userInfo: [NSLocalizedDescriptionKey: result.error])
        }
    }

    /// Writes a filler file until the disk refuses another byte.
    public func fill() {
        _ = FileManager.default.createFile(atPath: folder.file(".filler"), contents: nil)
        guard let handle = FileHandle(forWritingAtPath: folder.file(".filler")) else { return }
        let block = Data(repeating: 0x55, count: 4096)
        while (try? handle.write(contentsOf: block)) != nil {}
        try? handle.close()
    }

    /// Mounts the disk again read-only: nothing on it can be written any more, even by root.
    public func makeReadOnly() throws {
        let result = try runCommand("/bin/mount", ["-o", "remount,ro", folder.path])
        guard result.status == 0 else {
            throw NSError(domain: "mount", code: Int(result.status), userInfo: [NSLocalizedDescriptionKey: result.error])
        }
    }

    deinit {
        _ = try? runCommand("/bin/umount", ["-l", folder.path])
    }
}
