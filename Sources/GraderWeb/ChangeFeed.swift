import Foundation
import GraderKit
import Hummingbird
import ServiceLifecycle
import Synchronization

/// Live updates: every open view hears `event: change` when the project changes, and then fetches
/// what it shows again. This server's own writes wake the feed at once; other programs' (another
/// server, the command line) are found by looking at the project's change version every
/// `interval` (SQLite's data version: no table is read). Changes close together make one event
/// (at most one per `spacing(views:)`), so a team's writes do not make every browser fetch for each.
final class ChangeFeed: Sendable {
    private let project: GradingProject
    private let interval: Duration
    private let nap: Duration = .milliseconds(100)
    private let listeners = Mutex<[UUID: AsyncStream<String>.Continuation]>([:])
    private let poller = Mutex<Task<Void, Never>?>(nil)
    /// Set by this server's writes, taken by the feed.
    private let written = Atomic<Bool>(false)
    private let watch = Mutex<UUID?>(nil)

    init(project: GradingProject, interval: Duration = .milliseconds(250)) {
        self.project = project
        self.interval = interval
    }

    /// The events from now on, as server-sent event texts: `event: change` with the new stamp, and
    /// a comment every 15 s to keep proxies from closing the stream.
    func subscribe() -> AsyncStream<String> {
        let (stream, continuation) = AsyncStream.makeStream(of: String.self, bufferingPolicy: .bufferingNewest(1))
        let id = UUID()
        listeners.withLock { $0[id] = continuation }
        continuation.onTermination = { [weak self] _ in self?.listeners.withLock { _ = $0.removeValue(forKey: id) } }
        startPolling()
        return stream
    }

    /// A server-sent event stream of `subscribe()`'s events.
    func response() -> Response {
        let stream = subscribe()
        let body = ResponseBody { writer in
            try await writer.write(ByteBuffer(string: "retry: 1000\n\n"))
            // A server asked to stop (Ctrl+C) ends the stream, so its graceful shutdown need not wait for browsers.
            for await event in stream.cancelOnGracefulShutdown() { try await writer.write(ByteBuffer(string: event)) }
            try await writer.finish(nil)
        }
        return Response(status: .ok, headers: [.contentType: "text/event-stream", .cacheControl: "no-store"], body: body)
    }

    /// Ends every stream and stops polling.
    func stop() {
        poller.withLock { $0?.cancel(); $0 = nil }
        if let id = watch.withLock({ $0 }) { project.stopWatching(id) }
        listeners.withLock { listeners in
            for continuation in listeners.values { continuation.finish() }
            listeners.removeAll()
        }
    }

    private func startPolling() {
        poller.withLock { task in
            guard task == nil else { return }
            watch.withLock { $0 = project.watchChanges { [weak self] in self?.written.store(true, ordering: .releasing) } }
            task = Task { [weak self] in await self?.poll() }
        }
    }

    /// The least time between two events when `views` are open: 100 ms for a few, growing to 1 s
    /// for 50 and more, so a team's browsers together fetch at most about 50 times a second after
    /// changes, however much the team writes.
    static func spacing(views: Int) -> Duration { .milliseconds(min(1000, max(100, 20 * views))) }

    private func poll() async {
        var last = (try? project.changeVersion()) ?? ""
        var quiet = Duration.zero, sinceLook = Duration.zero, sinceEvent = Duration.seconds(1)
        let nap = min(self.nap, interval)
        while !Task.isCancelled {
            // Short naps: a write of this server's is heard within one, another program's within `interval`.
            try? await Task.sleep(for: nap)
            quiet += nap
            sinceLook += nap
            sinceEvent += nap
            guard written.exchange(false, ordering: .acquiring) || sinceLook >= interval else { continue }
            sinceLook = .zero
            guard let version = try? project.changeVersion() else { continue }
            if version != last {
                guard sinceEvent >= Self.spacing(views: listeners.withLock { $0.count }) else {
                    written.store(true, ordering: .releasing)  // told once the spacing has passed
                    continue
                }
                last = version
                quiet = .zero
                sinceEvent = .zero
                broadcast("event: change\ndata: \(version)\n\n")
            } else if quiet >= .seconds(15) {
                quiet = .zero
                broadcast(": still here\n\n")
            }
        }
    }

    private func broadcast(_ event: String) {
        for continuation in listeners.withLock({ Array($0.values) }) { continuation.yield(event) }
    }
}

