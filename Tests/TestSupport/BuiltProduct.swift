import Foundation

/// Path of an executable built by the package, found beside the running test bundle.
public func builtProduct(_ name: String) -> String {
    var folder = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
    for _ in 0..<4 {
        let candidate = folder.appendingPathComponent(name).path
        if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        folder.deleteLastPathComponent()
    }
    fatalError("\(name) is not built beside \(CommandLine.arguments[0]); run `swift build` first")
}
