import Foundation
import GraderCore
import GraderStore

/// Another program in the middle of a change to a project (a long `ezgrader` command): it holds
/// the database's write lock, on a thread of its own, until `release`.
public final class WriteHold: Sendable {
    private let released = DispatchSemaphore(value: 0)

    /// Starts holding the lock of the project in `folder`; returns once it is held.
    public init(project folder: String) throws {
        let store = try ProjectStore.open(folder, grader: try Grader("cli"))
        let held = DispatchSemaphore(value: 0)
        // A dispatch queue's thread, not a Foundation `Thread`, which would let go of the store — its
        // last reference — only while the thread is torn down, where closing it corrupts the heap.
        DispatchQueue(label: "ezgrader.write-hold").async { [released] in
            try? store.change("a long change") { _ in
                held.signal()
                released.wait()
            }
        }
        guard held.wait(timeout: .now() + 30) == .success else { throw CocoaError(.fileLocking) }
    }

    /// Ends the change (it changed nothing).
    public func release() { released.signal() }
}
