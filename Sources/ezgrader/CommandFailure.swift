import ArgumentParser
import Foundation
import GraderKit

/// The CLI's exit codes (see `ezgrader --help`), one per error category.
enum ExitStatus {
    /// A scan, roster, project or value was refused.
    static let inputRefused = ExitCode(1)
    /// An output file or the project database could not be written.
    static let writeFailed = ExitCode(2)
    /// The command line itself is wrong.
    static let usage = ExitCode(64)

    /// The exit code of an error's category.
    static func of(_ category: ErrorCategory) -> ExitCode {
        switch category {
        case .inputRefused, .notAllowed: inputRefused
        case .writeFailed, .readOnly: writeFailed
        case .usage: usage
        }
    }
}

/// Prints `error`'s message on stderr as `error: …` and returns the exit code to end with.
func report(_ error: any Error, exit status: ExitCode) -> ExitCode {
    let message = isatty(2) == 1 ? TerminalText.escaped(PlainErrorText.describe(error)) : PlainErrorText.describe(error)
    // On a terminal, clear a progress line first so the message starts on a clean line.
    let clear = isatty(2) == 1 ? "\r\u{1B}[K" : ""
    writeStandardError("\(clear)error: \(message)\n")
    return status
}

/// Writes `text` to stderr with plain `write` calls. A message that cannot be written (stderr on a
/// full disk, a closed pipe) is dropped: the exit code still tells, and nothing traps.
func writeStandardError(_ text: String) {
    _ = Data(text.utf8).withUnsafeBytes { AtomicFile.writeAll(2, $0) }
}

/// Writes `text` to stdout, every byte checked (`export csv > file` on a full disk must not end
/// with exit 0 and an empty file).
func writeStandardOutput(_ text: String) throws(FileWriteError) {
    fflush(nil)  // anything print() buffered goes first
    let failure = Data(text.utf8).withUnsafeBytes { AtomicFile.writeAll(1, $0) }
    guard failure != 0 else { return }
    throw failure == ENOSPC || failure == EDQUOT ? .diskFull(path: "standard output")
        : .failed(path: "standard output", cause: String(cString: strerror(failure)))
}

/// Runs a command's work; any error is printed as one `error: …` line and ends the command with
/// the exit code of its category.
func reportingErrors<T>(_ work: () throws -> T) throws -> T {
    do {
        return try work()
    } catch let exit as ExitCode {
        throw exit
    } catch {
        throw report(error, exit: ExitStatus.of(ErrorCategory(of: error)))
    }
}

/// Prints `value` as pretty, key-sorted JSON on stdout.
func printJSON<T: Encodable>(_ value: T) throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    print(String(decoding: try encoder.encode(value), as: UTF8.self))
}
