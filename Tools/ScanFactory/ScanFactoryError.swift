/// A failure while making a synthetic PDF: a cairo or libjpeg-turbo error, or an argument out of range.
public struct ScanFactoryError: Error, CustomStringConvertible, Sendable, Equatable {
    /// What was being done, naming the file and page where there is one.
    public let context: String
    /// Why it failed, usually the library's own error text.
    public let reason: String

    /// Creates an error from what was being done and why it failed.
    public init(context: String, reason: String) {
        self.context = context
        self.reason = reason
    }

    /// The context and the reason in one line.
    public var description: String { "\(context): \(reason)" }
}
