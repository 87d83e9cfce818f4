import Foundation

/// What a finished process printed and how it exited.
public struct CommandResult: Sendable {
    /// Exit status.
    public let status: Int32
    /// Standard output as text.
    public let output: String
    /// Standard error as text.
    public let error: String
}

/// Runs `executable` with `arguments` (no shell), feeding `input` on standard input; `environment`
/// is added to this process's own.
@discardableResult
public func runCommand(_ executable: String, _ arguments: [String], input: String = "", in folder: String? = nil,
                       environment: [String: String] = [:]) throws -> CommandResult {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    if !environment.isEmpty { process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 } }
    if let folder { process.currentDirectoryURL = URL(fileURLWithPath: folder) }
    let stdout = Pipe(), stderr = Pipe(), stdin = Pipe()
    process.standardOutput = stdout
    process.standardError = stderr
    process.standardInput = stdin
    try process.run()
    stdin.fileHandleForWriting.write(Data(input.utf8))
    try stdin.fileHandleForWriting.close()
    let out = stdout.fileHandleForReading.readDataToEndOfFile()
    let err = stderr.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return CommandResult(status: process.terminationStatus,
                         output: String(decoding: out, as: UTF8.self), error: String(decoding: err, as: UTF8.self))
}

/// Runs the built `ezgrader` with `arguments` in `folder`, feeding `input` on standard input, with
/// `environment` added to this process's own: the command-line tests' `run(folder, "new", "exam", …)`.
@discardableResult
public func run(_ folder: TemporaryFolder, _ arguments: String..., input: String = "", environment: [String: String] = [:]) throws -> CommandResult {
    try run(folder, arguments: arguments, input: input, environment: environment)
}

/// The same, the arguments given as a list.
@discardableResult
public func run(_ folder: TemporaryFolder, arguments: [String], input: String = "", environment: [String: String] = [:]) throws -> CommandResult {
    try runCommand(builtProduct("ezgrader"), arguments, input: input, in: folder.path, environment: environment)
}

/// Runs the qpdf command-line tool (used to make encrypted and rotated test files); throws on failure.
public func qpdf(_ arguments: String...) throws {
    let result = try runCommand("/usr/bin/qpdf", arguments)
    guard result.status == 0 || result.status == 3 else {  // 3: succeeded with warnings
        throw NSError(domain: "qpdf", code: Int(result.status), userInfo: [NSLocalizedDescriptionKey: result.error])
    }
}
