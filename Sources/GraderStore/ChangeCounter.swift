import Foundation
import GRDB
import Synchronization

/// Tells, cheaply, whether a project changed since you last looked: SQLite's `PRAGMA data_version`
/// on a connection of its own (it moves whenever any other connection — another process, or this
/// one's writer — commits), read by the first call and no more often than that; and this process's
/// own writes, counted as they commit, with listeners called at once.
public final class ChangeCounter: Sendable {
    private let path: String
    private let state = Mutex(State())
    /// The watching connection, opened on first use (reads take turns on it).
    private let connection = Mutex<DatabaseQueue?>(nil)

    private struct State {
        var writes = 0
        var listeners: [UUID: @Sendable () -> Void] = [:]
        /// This process's recent commits by the revision they made, with the view changes each declared.
        var declared: [Int64: [ViewChange]] = [:]
    }

    /// How many of this process's declared commits are kept: more than a team commits between two views.
    private static let declaredKept: Int64 = 4096

    /// A counter for the database at `path`.
    init(path: String) { self.path = path }

    /// A value that changes whenever anyone committed a change to the project since the last call
    /// that returned it: SQLite's data version and this process's write count.
    public func version() throws -> Version {
        let writes = state.withLock { $0.writes }
        let data = try connection.withLock { open in
            let queue = try open ?? Self.watching(path)
            open = queue
            return try queue.read { db in try Int.fetchOne(db, sql: "PRAGMA data_version") ?? 0 }
        }
        return Version(data: data, writes: writes)
    }

    /// Opened for writing though it only reads: the connection that closes last writes the WAL
    /// back into the database file, which a read-only one cannot.
    private static func watching(_ path: String) throws -> DatabaseQueue {
        try DatabaseQueue(path: path, configuration: Configuration())
    }

    /// Calls `listener` after each of this process's writes commits, until `stop` is called with the
    /// returned id.
    public func listen(_ listener: @escaping @Sendable () -> Void) -> UUID {
        let id = UUID()
        state.withLock { $0.listeners[id] = listener }
        return id
    }

    /// Stops calling the listener `id`.
    public func stop(_ id: UUID) { _ = state.withLock { $0.listeners.removeValue(forKey: id) } }

    /// Counts one of this process's writes — committed as `revision` with the view changes it
    /// declared, or failed (nil) — and tells the listeners.
    func noteWrite(revision: Int64?, viewChanges: [ViewChange]?) {
        let listeners = state.withLock { state in
            state.writes += 1
            if let revision, let viewChanges {
                state.declared[revision] = viewChanges
                if state.declared.count > 2 * Self.declaredKept {
                    state.declared = state.declared.filter { $0.key > revision - Self.declaredKept }
                }
            }
            return Array(state.listeners.values)
        }
        for listener in listeners { listener() }
    }

    /// What the commits after revision `start` up to `end` did to the views, in order — nil unless
    /// every one of them was this process's and declared it (another program's commit, or one that
    /// declared nothing, leaves the views to be read afresh).
    public func viewChanges(after start: Int64, through end: Int64) -> [ViewChange]? {
        guard start <= end, end - start <= Self.declaredKept else { return nil }
        return state.withLock { state in
            var changes: [ViewChange] = [], revision = start
            while revision < end {
                revision += 1
                guard let declared = state.declared[revision] else { return nil }
                changes += declared
            }
            return changes
        }
    }

    /// Where the project stood when looked at; two differ when a change was committed in between.
    public struct Version: Sendable, Equatable, CustomStringConvertible {
        /// SQLite's data version as the watching connection sees it, and this process's writes.
        let data: Int, writes: Int

        /// "17.4", for an event's data.
        public var description: String { "\(data).\(writes)" }
    }
}
