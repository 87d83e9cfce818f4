import Foundation

/// A fresh folder under the system's temporary directory, removed when the value is released.
public final class TemporaryFolder: @unchecked Sendable {
    /// The folder's path.
    public let path: String

    private let owned: Bool

    /// Creates the folder.
    public init() {
        path = NSTemporaryDirectory() + "ezgrader-test-" + UUID().uuidString
        owned = true
        try! FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    /// Wraps a folder that something else owns (it is not removed).
    public init(existing path: String) {
        self.path = path
        owned = false
    }

    deinit { if owned { try? FileManager.default.removeItem(atPath: path) } }

    /// The path of `name` inside the folder.
    public func file(_ name: String) -> String { (path as NSString).appendingPathComponent(name) }

    /// Names of the files in the folder, sorted.
    public var fileNames: [String] { ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted() }
}
