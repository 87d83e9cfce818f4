import Dispatch

extension RandomAccessCollection where Self: Sendable, Element: Sendable {
    /// `transform` of each element, in order, worked out on every core at once (each element's
    /// work independent of the others'); when some throw, the error of the first of them in order
    /// is thrown once all are done.
    public func concurrentMap<T: Sendable, Failure: Error>(_ transform: @Sendable (Element) throws(Failure) -> T) throws(Failure) -> [T] {
        guard count > 1 else { return try map(transform) }
        let results = [Result<T, Failure>](unsafeUninitializedCapacity: count) { buffer, initialized in
            nonisolated(unsafe) let target = buffer.baseAddress!
            DispatchQueue.concurrentPerform(iterations: count) { offset in
                (target + offset).initialize(to: Result { () throws(Failure) in try transform(self[index(startIndex, offsetBy: offset)]) })
            }
            initialized = count
        }
        return try results.map { result throws(Failure) in try result.get() }
    }
}
