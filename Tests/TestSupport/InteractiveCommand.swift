import Foundation

/// A running process a test converses with: it waits for a prompt, types a line, and so on, as a
/// person at a terminal would, with another process acting in between.
public final class InteractiveCommand {
    private let process = Process()
    private let input = Pipe(), output = Pipe(), errors = Pipe()
    private var seen = Data()

    /// Starts `executable` with `arguments` in `folder`.
    public init(_ executable: String, _ arguments: [String], in folder: String) throws {
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: folder)
        (process.standardInput, process.standardOutput, process.standardError) = (input, output, errors)
        try process.run()
    }

    /// Waits (at most `seconds`) until the output so far contains `text`; returns the output so far.
    @discardableResult
    public func waitFor(_ text: String, seconds: Double = 20) -> String {
        let deadline = Date().addingTimeInterval(seconds)
        while !String(decoding: seen, as: UTF8.self).contains(text), Date() < deadline {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }  // the process closed its output
            seen.append(chunk)
        }
        return String(decoding: seen, as: UTF8.self)
    }

    /// Types `line` and Enter.
    public func type(_ line: String) {
        input.fileHandleForWriting.write(Data((line + "\n").utf8))
    }

    /// Closes the input, waits for the end and returns everything printed.
    public func finish() throws -> CommandResult {
        try input.fileHandleForWriting.close()
        seen.append(output.fileHandleForReading.readDataToEndOfFile())
        let error = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return CommandResult(status: process.terminationStatus, output: String(decoding: seen, as: UTF8.self),
                             error: String(decoding: error, as: UTF8.self))
    }
}
