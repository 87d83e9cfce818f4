import ArgumentParser
import Foundation

/// The CLI's exit codes (see `ezgrader --help`).
enum ExitStatus {
    /// A scan, roster or value was refused.
    static let inputRefused = ExitCode(1)
    /// An output file could not be written.
    static let writeFailed = ExitCode(2)
}

/// Prints `error`'s message on stderr as `error: …` and returns the exit code to end with.
func report(_ error: any Error, exit status: ExitCode) -> ExitCode {
    let message = (error as? LocalizedError)?.errorDescription ?? String(describing: error)
    FileHandle.standardError.write(Data("error: \(message)\n".utf8))
    return status
}
