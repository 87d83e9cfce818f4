import Foundation
import GraderKit

/// `Swift.print` for every command: on a terminal, control characters in what is printed (an
/// escape sequence in a roster name) are shown escaped (`\x1B`) instead of acted on; into a pipe
/// or a file the text goes as it is.
func print(_ items: Any..., separator: String = " ", terminator: String = "\n") {
    let text = items.map { "\($0)" }.joined(separator: separator)
    Swift.print(isatty(1) == 1 ? TerminalText.escaped(text) : text, terminator: terminator)
}

/// Writes a command's text output where `-o` says: standard output when `output` is nil or `-`
/// (as Unix tools read it), else the file, written atomically. Returns the file written, nil for
/// standard output.
func writeText(_ text: String, to output: String?) throws(FileWriteError) -> String? {
    guard let output, output != "-" else {
        try writeStandardOutput(text)
        return nil
    }
    try ScoreTables.write(text, to: output)
    return output
}
