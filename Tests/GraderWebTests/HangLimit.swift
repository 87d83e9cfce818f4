import Hummingbird
import HummingbirdTesting
import Testing

extension ApplicationProtocol {
    /// HummingbirdTesting's `test(setup, body)`, failing the calling test instead of hanging the
    /// whole run when it has not ended within `HangLimit.limit` (see `HangLimit.run`).
    func testWithoutHanging<Value: Sendable>(_ setup: TestingSetup, sourceLocation: SourceLocation = #_sourceLocation,
                                             _ body: @escaping @Sendable (any TestClientProtocol) async throws -> Value) async throws -> Value {
        try await HangLimit.run("The in-process server's test", sourceLocation: sourceLocation) { try await self.test(setup, body) }
    }
}

/// How long a web test waits on its in-process server (its requests and its shutdown) before it
/// counts as hung. Swift Testing's `.timeLimit` names such a test on this toolchain but then waits
/// for it for ever — a task group waits for a child that never resumes — so the wait is given up
/// here: the test fails saying where it hung, the hung work is left behind, and the run goes on.
/// Not a timing check: the limit is far beyond the slowest web test's seconds, on a loaded machine.
enum HangLimit {
    static let limit: Duration = .seconds(300)

    /// Why a test was given up.
    struct Hung: Error, CustomStringConvertible {
        let description: String
    }

    /// What `work` returns or throws, or `Hung` (naming `what` and the caller's `sourceLocation`)
    /// when it has not ended within `limit`.
    static func run<Value: Sendable>(_ what: String, limit: Duration = limit, sourceLocation: SourceLocation,
                                     _ work: @escaping @Sendable () async throws -> Value) async throws -> Value {
        let (outcomes, outcome) = AsyncStream.makeStream(of: Result<Value, any Error>?.self)
        let worker = Task {
            do { outcome.yield(.success(try await work())) } catch { outcome.yield(.failure(error)) }
        }
        let timer = Task {
            guard (try? await Task.sleep(for: limit)) != nil else { return }
            outcome.yield(nil)
        }
        var first: Result<Value, any Error>?
        for await next in outcomes {
            first = next
            break
        }
        timer.cancel()
        guard let first else {
            worker.cancel()
            throw Hung(description: "\(what) (called at \(sourceLocation.fileName):\(sourceLocation.line)) did not end within "
                + "\(limit): an await in it never resumed. It was left behind.")
        }
        return try first.get()
    }
}
