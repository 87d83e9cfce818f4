import Foundation

/// Why a file could not be written in full. The final name was never touched: an earlier file
/// there is as it was, and no temporary file is left behind.
public enum FileWriteError: Error, Equatable, Sendable {
    /// The disk (or the user's quota) ran out of room while writing `path`.
    case diskFull(path: String)
    /// A system call failed while writing, syncing, closing or renaming `path`; `cause` is its text.
    case failed(path: String, cause: String)
    /// The file came out shorter than what was written, or without its last bytes (a PDF's %%EOF,
    /// a PNG's IEND): `written` bytes were found.
    case incomplete(path: String, written: Int)
}

extension FileWriteError: LocalizedError {
    public var errorDescription: String? {
        switch self {
        case .diskFull(let path):
            return "Could not write '\(path)': the disk is full. Free some space and run the command again; "
                + "nothing was written under that name and an earlier file there is unchanged."
        case .failed(let path, let cause):
            return "Could not write '\(path)' (\(cause)): check that its folder exists, may be written to and has room; "
                + "nothing was written under that name and an earlier file there is unchanged."
        case .incomplete(let path, let written):
            return "Could not write '\(path)': only \(written) bytes reached the disk (is it full?). Free some space and run "
                + "the command again; nothing was written under that name and an earlier file there is unchanged."
        }
    }

    /// The path the user asked for.
    public var path: String {
        switch self {
        case .diskFull(let path), .failed(let path, _), .incomplete(let path, _): path
        }
    }

    /// Plain text for the cause alone ("the disk is full"), for errors of other layers that wrap it.
    public var cause: String {
        switch self {
        case .diskFull: "the disk is full"
        case .failed(_, let cause): cause
        case .incomplete(_, let written): "only \(written) bytes reached the disk; is it full?"
        }
    }
}
