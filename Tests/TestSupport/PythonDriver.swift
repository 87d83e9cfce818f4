import Foundation

/// The repository's root folder (where Package.swift is).
public let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// Runs one of the repository's Python test drivers (`script`, relative to the root, such as
/// "Tests/Browser/grading_test.py") with the built `ezgrader` and `work` as its arguments:
/// its exit status and everything it printed.
public func runPythonDriver(_ script: String, work: TemporaryFolder) throws -> (status: Int32, output: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", packageRoot.appendingPathComponent(script).path, builtProduct("ezgrader"), work.path]
    let output = Pipe()
    process.standardOutput = output
    process.standardError = output
    try process.run()
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return (process.terminationStatus, text)
}
