/// What kind of failure an error is, so every front end reports it the same way (the CLI maps
/// it to its exit code, the web view to its HTTP status).
public enum ErrorCategory: Sendable, Equatable {
    /// The input was refused: a scan, roster, project, name or value is wrong; the user can fix it.
    case inputRefused
    /// An output file or the project database could not be written.
    case writeFailed
    /// The project can only be read here (a read-only folder, a full disk): a change was refused.
    case readOnly
    /// The grader's role does not allow the change (a grader editing questions, a viewer scoring).
    case notAllowed
    /// The request itself is malformed (a command line or API call that cannot mean anything).
    case usage
}

/// An error that knows its category.
public protocol CategorizedError: Error {
    /// What kind of failure this is.
    var category: ErrorCategory { get }
}

extension GradingError: CategorizedError {
    public var category: ErrorCategory { .inputRefused }
}
