import Foundation

/// Lets a front end stop a long operation (export, bubble reading) from another thread: the
/// operation checks it before each student and ends with `ProjectError.cancelled`, recording
/// nothing more (files already written are whole; a cancelled bubble run records no reading).
public final class Cancellation: @unchecked Sendable {
    private let lock = NSLock()
    private var cancelled = false

    /// A token not yet cancelled.
    public init() {}

    /// Asks the operation to stop as soon as it can.
    public func cancel() { lock.withLock { cancelled = true } }

    /// True once `cancel()` was called.
    public var isCancelled: Bool { lock.withLock { cancelled } }

    /// Throws `ProjectError.cancelled` once cancelled.
    func check() throws(ProjectError) {
        if isCancelled { throw .cancelled }
    }
}
