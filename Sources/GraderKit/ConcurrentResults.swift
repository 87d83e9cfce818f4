import Foundation

/// Results of concurrent workers, by index; the first error wins.
final class ConcurrentResults<T: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var results: [T?]
    private var failure: (any Error)?

    init(count: Int) { results = Array(repeating: nil, count: count) }

    func set(_ index: Int, _ work: () throws -> T) {
        do {
            let value = try work()
            lock.withLock { results[index] = value }
        } catch {
            lock.withLock { if failure == nil { failure = error } }
        }
    }

    func values() throws -> [T] {
        try lock.withLock {
            if let failure { throw failure }
            return results.map { $0! }
        }
    }
}

/// A thread-safe counter for progress.
final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0
    func increment() -> Int { lock.withLock { value += 1; return value } }
}
