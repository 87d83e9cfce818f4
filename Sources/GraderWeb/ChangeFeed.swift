import Foundation
import GraderKit
import Hummingbird
import Synchronization

/// Live updates: the project's change stamp is read every `interval` (one cheap query), and every
/// open view hears `event: change` as soon as it moves — whoever made the change, in this server,
/// another server or the command line. Views then fetch what they show again.
final class ChangeFeed: Sendable {
    private let project: GradingProject
    private let interval: Duration
    private let listeners = Mutex<[UUID: AsyncStream<String>.Continuation]>([:])
    private let poller = Mutex<Task<Void, Never>?>(nil)

    init(project: GradingProject, interval: Duration = .milliseconds(200)) {
        self.project = project
        self.interval = interval
    }

    /// A server-sent event stream of change stamps (and a comment every 15 s to keep proxies from closing it).
    func response() -> Response {
        let (stream, continuation) = AsyncStream.makeStream(of: String.self, bufferingPolicy: .bufferingNewest(1))
        let id = UUID()
        listeners.withLock { $0[id] = continuation }
        continuation.onTermination = { [weak self] _ in self?.listeners.withLock { _ = $0.removeValue(forKey: id) } }
        startPolling()
        let body = ResponseBody { writer in
            try await writer.write(ByteBuffer(string: "retry: 1000\n\n"))
            for await event in stream { try await writer.write(ByteBuffer(string: event)) }
            try await writer.finish(nil)
        }
        return Response(status: .ok, headers: [.contentType: "text/event-stream", .cacheControl: "no-store"], body: body)
    }

    /// Ends every stream and stops polling.
    func stop() {
        poller.withLock { $0?.cancel(); $0 = nil }
        listeners.withLock { listeners in
            for continuation in listeners.values { continuation.finish() }
            listeners.removeAll()
        }
    }

    private func startPolling() {
        poller.withLock { task in
            guard task == nil else { return }
            task = Task { [weak self] in await self?.poll() }
        }
    }

    private func poll() async {
        var last = (try? project.changeStamp()) ?? ""
        var quiet = Duration.zero
        while !Task.isCancelled {
            try? await Task.sleep(for: interval)
            quiet += interval
            guard let stamp = try? project.changeStamp() else { continue }
            if stamp != last {
                last = stamp
                quiet = .zero
                broadcast("event: change\ndata: \(stamp)\n\n")
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
