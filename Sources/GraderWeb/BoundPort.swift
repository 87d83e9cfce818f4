import Synchronization

/// The port the server listens on: the one asked for, or with `--port 0` the one the system
/// picked, known once bound. Pages of this server name it in their `Origin`.
final class BoundPort: Sendable {
    private let value: Atomic<Int>

    /// A port known in advance (0: not known until bound).
    init(_ port: Int) { value = Atomic(port) }

    /// The port; 0 until the server is bound when it was asked for any free one.
    var port: Int { value.load(ordering: .acquiring) }

    /// Records the port actually bound.
    func bound(to port: Int) { value.store(port, ordering: .releasing) }
}
