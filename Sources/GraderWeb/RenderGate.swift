import Foundation
import NIOCore
import Synchronization

/// At most `limit` page renders at once, each on a thread of its own off the server's event loops
/// and Swift's task pool; the others wait their turn in order. Requests for the same image (`key`)
/// share one render: all of them get its result. A render still waiting its turn is dropped once
/// nobody waits for it any more (its browsers went away); one already running finishes (poppler
/// cannot be stopped mid-page) and its image is cached for the next request.
final class RenderGate: Sendable {
    /// How many renders may run at once.
    let limit: Int
    private let state: Mutex<State>
    private let threads = DispatchQueue(label: "ezgrader.renders", qos: .userInitiated, attributes: .concurrent)

    /// A render and who waits for it.
    private struct Job {
        let work: @Sendable () throws -> Data
        var waiters: [UUID: CheckedContinuation<Data, any Error>] = [:]
        var started = false
    }

    private struct State {
        var running = 0, peak = 0, rendered = 0
        var jobs: [String: Job] = [:]
        var queued: [String] = []

        /// Starts queued jobs while places are free: their keys and work.
        mutating func admit(limit: Int) -> [(String, @Sendable () throws -> Data)] {
            var started: [(String, @Sendable () throws -> Data)] = []
            while running < limit, !queued.isEmpty {
                let key = queued.removeFirst()
                guard var job = jobs[key] else { continue }
                job.started = true
                jobs[key] = job
                running += 1
                peak = max(peak, running)
                started.append((key, job.work))
            }
            return started
        }
    }

    /// A gate letting `limit` renders through at once (by default one per core).
    init(limit: Int = ProcessInfo.processInfo.activeProcessorCount) {
        self.limit = max(1, limit)
        state = Mutex(State())
    }

    /// The most renders that ran at once so far, how many renders wait their turn, how many
    /// requests wait for a render (queued or running), and how many renders ran to the end.
    var load: (peak: Int, waiting: Int, waiters: Int, rendered: Int) {
        state.withLock { ($0.peak, $0.queued.count, $0.jobs.values.reduce(0) { $0 + $1.waiters.count }, $0.rendered) }
    }

    /// The image `key`, rendered by `work` once a place is free — or the result of the same render
    /// asked for already. Cancelled (CancellationError) when the calling task is, or when `closed`
    /// completes (the browser's connection closed).
    func run(key: String, until closed: EventLoopFuture<Void>? = nil, _ work: @escaping @Sendable () throws -> Data) async throws -> Data {
        guard let closed else { return try await wait(key: key, work) }
        let waiting = Task { try await wait(key: key, work) }
        closed.whenComplete { _ in waiting.cancel() }
        return try await withTaskCancellationHandler { try await waiting.value } onCancel: { waiting.cancel() }
    }

    private func wait(key: String, _ work: @escaping @Sendable () throws -> Data) async throws -> Data {
        let id = UUID()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Data, any Error>) in
                guard !Task.isCancelled else { return continuation.resume(throwing: CancellationError()) }
                let started = state.withLock { state in
                    if state.jobs[key] == nil {
                        state.jobs[key] = Job(work: work)
                        state.queued.append(key)
                    }
                    state.jobs[key]?.waiters[id] = continuation
                    return state.admit(limit: limit)
                }
                for (key, work) in started { launch(key, work) }
            }
        } onCancel: {
            leave(key: key, waiter: id)?.resume(throwing: CancellationError())
        }
    }

    /// Takes the waiter `id` off the job `key` (dropping the job when it has not started and
    /// nobody else waits for it); its continuation, or nil when it had been answered already.
    private func leave(key: String, waiter id: UUID) -> CheckedContinuation<Data, any Error>? {
        state.withLock { state in
            guard var job = state.jobs[key], let continuation = job.waiters.removeValue(forKey: id) else { return nil }
            if job.waiters.isEmpty && !job.started {
                state.jobs[key] = nil
                state.queued.removeAll { $0 == key }
            } else {
                state.jobs[key] = job
            }
            return continuation
        }
    }

    /// Renders `key` on a render thread, answers everyone waiting for it, and starts the next.
    private func launch(_ key: String, _ work: @escaping @Sendable () throws -> Data) {
        threads.async { [self] in
            let result = Result { try work() }
            let (waiters, next) = state.withLock { state in
                let waiters = state.jobs.removeValue(forKey: key).map { Array($0.waiters.values) } ?? []
                state.running -= 1
                state.rendered += 1
                return (waiters, state.admit(limit: limit))
            }
            for waiter in waiters { waiter.resume(with: result) }
            for (key, work) in next { launch(key, work) }
        }
    }
}
