import Foundation
import Synchronization

/// At most `limit` page renders at once, each on its own thread off the server's event loops; the
/// others wait their turn in order. A burst of image requests (a class overview opening a hundred
/// pages) then queues its renders instead of taking every core, so other requests — who is
/// grading, a score — still answer at once.
final class RenderGate: Sendable {
    /// How many renders may run at once.
    let limit: Int
    private let state: Mutex<State>

    private struct State {
        var running = 0, peak = 0
        var waiting: [CheckedContinuation<Void, Never>] = []
    }

    /// A gate letting `limit` renders through at once (by default one per core).
    init(limit: Int = ProcessInfo.processInfo.activeProcessorCount) {
        self.limit = max(1, limit)
        state = Mutex(State())
    }

    /// The most renders that ran at once so far, and how many wait now.
    var load: (peak: Int, waiting: Int) { state.withLock { ($0.peak, $0.waiting.count) } }

    /// Runs `work` once a place is free.
    func run<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        await enter()
        defer { leave() }
        return try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global(qos: .userInitiated).async { continuation.resume(with: Result { try work() }) }
        }
    }

    private func enter() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let admitted = state.withLock { state -> Bool in
                guard state.running < limit else {
                    state.waiting.append(continuation)
                    return false
                }
                state.running += 1
                state.peak = max(state.peak, state.running)
                return true
            }
            if admitted { continuation.resume() }
        }
    }

    /// Hands the place to the first waiting render, or frees it.
    private func leave() {
        let next = state.withLock { state -> CheckedContinuation<Void, Never>? in
            guard !state.waiting.isEmpty else {
                state.running -= 1
                return nil
            }
            return state.waiting.removeFirst()
        }
        next?.resume()
    }
}
