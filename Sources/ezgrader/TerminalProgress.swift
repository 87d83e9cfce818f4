import Foundation

/// A progress line on stderr ("exporting 40/160"), only when stderr is a terminal and the work
/// has run for more than a second, so scripts and logs stay clean.
final class TerminalProgress: @unchecked Sendable {
    private let label: String
    private let start = Date()
    private let lock = NSLock()
    private var shown = false
    private let enabled = isatty(2) == 1

    init(label: String) { self.label = label }

    /// Reports `done` of `total`.
    func update(_ done: Int, _ total: Int) {
        guard enabled, Date().timeIntervalSince(start) > 1 else { return }
        lock.withLock {
            shown = true
            writeStandardError("\r\(label) \(done)/\(total)")
        }
    }

    /// Clears the line.
    func finish() {
        lock.withLock { if shown { writeStandardError("\r\u{1B}[K") } }
    }
}
