import Dispatch
import Hummingbird
import Synchronization

/// Threads of the server's own for the requests' work, which calls the façade's synchronous,
/// blocking database code: each request runs with these as its task executor, so a change waiting
/// for a busy database blocks one of these threads, never Swift's small cooperative pool (two
/// threads on two cores) that the server's connections and every other request also need.
/// A job goes to the lane with the fewest jobs pending.
final class DatabaseThreads: TaskExecutor, Sendable {
    private let lanes: [DispatchQueue]
    private let pending: Mutex<[Int]>

    /// `count` lanes, each a thread's worth of work.
    init(count: Int = 8) {
        lanes = (0..<max(1, count)).map { DispatchQueue(label: "ezgrader.database.\($0)", qos: .userInitiated) }
        pending = Mutex(Array(repeating: 0, count: max(1, count)))
    }

    /// Runs `job` on the least busy lane.
    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let lane = pending.withLock { pending in
            let lane = pending.indices.min { pending[$0] < pending[$1] } ?? 0
            pending[lane] += 1
            return lane
        }
        lanes[lane].async { [self] in
            job.runSynchronously(on: asUnownedTaskExecutor())
            pending.withLock { $0[lane] -= 1 }
        }
    }
}

/// Runs every request behind it on `DatabaseThreads`.
struct OnDatabaseThreads: RouterMiddleware {
    /// The threads.
    let threads: DatabaseThreads

    func handle(_ request: Request, context: WebContext, next: (Request, WebContext) async throws -> Response) async throws -> Response {
        try await withTaskExecutorPreference(threads) { try await next(request, context) }
    }
}
