/// How fast messages go out: at most `perMinute`, evenly spaced, so a mail server that limits
/// senders (many allow 30 a minute) never refuses the tail of a class.
public struct SendPace: Hashable, Sendable {
    /// Messages a minute at most (at least 1).
    public let perMinute: Int

    /// A pace of `perMinute` messages a minute (at least 1).
    public init(perMinute: Int) { self.perMinute = max(1, perMinute) }

    /// The seconds to wait before message `index` (0-based) when the first started at `start`
    /// and it is now `now` (seconds on one clock): none when it is already due.
    public func wait(before index: Int, start: Double, now: Double) -> Double {
        max(0, start + Double(index) * 60 / Double(perMinute) - now)
    }
}
