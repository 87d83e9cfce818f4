import Dispatch

extension Array where Element: Sendable {
    /// `transform` of each element, in order, worked out on every core at once (each element's
    /// work independent of the others').
    func concurrentMap<T: Sendable>(_ transform: @Sendable (Element) -> T) -> [T] {
        guard count > 1 else { return map(transform) }
        return [T](unsafeUninitializedCapacity: count) { buffer, initialized in
            nonisolated(unsafe) let target = buffer.baseAddress!
            DispatchQueue.concurrentPerform(iterations: count) { index in (target + index).initialize(to: transform(self[index])) }
            initialized = count
        }
    }
}
