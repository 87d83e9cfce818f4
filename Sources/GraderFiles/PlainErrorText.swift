import Foundation

/// Plain words for errors that come from Foundation or the system (a file in the way, no room,
/// no permission), instead of `Error Domain=NSCocoaErrorDomain Code=516 … UserInfo=…`.
public enum PlainErrorText {
    /// What went wrong and what to do, naming the file when the error carries one.
    public static func describe(_ error: any Error) -> String {
        if error is EncodingError || error is DecodingError {
            return "A value could not be converted to or from JSON (a number that is not finite?): check the values given."
        }
        let ns = error as NSError
        if ns.domain == NSCocoaErrorDomain {
            let path = (ns.userInfo[NSFilePathErrorKey] as? String) ?? (ns.userInfo[NSURLErrorKey] as? URL)?.path
            let name = path.map { "'\($0)'" } ?? "A file"
            switch ns.code {
            case CocoaError.fileWriteFileExists.rawValue:
                return "\(name) is in the way: a file with that name already exists. Choose another name or move it away."
            case CocoaError.fileWriteOutOfSpace.rawValue:
                return "Could not write \(name): the disk is full. Free some space and run the command again."
            case CocoaError.fileWriteNoPermission.rawValue, CocoaError.fileReadNoPermission.rawValue:
                return "\(name) may not be \(ns.code == CocoaError.fileReadNoPermission.rawValue ? "read" : "written") (permission denied): check its folder's permissions."
            case CocoaError.fileNoSuchFile.rawValue, CocoaError.fileReadNoSuchFile.rawValue:
                return "\(name) does not exist: check the path."
            case CocoaError.fileWriteVolumeReadOnly.rawValue:
                return "Could not write \(name): the disk is read-only. Write somewhere else."
            default:
                if let underlying = ns.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
                    return "\(name) could not be used: \(String(cString: strerror(Int32(underlying.code))))."
                }
                return "\(name) could not be used (file error \(ns.code)): check the path and its folder."
            }
        }
        if ns.domain == NSPOSIXErrorDomain { return String(cString: strerror(Int32(ns.code))) + "." }
        if let described = (error as? LocalizedError)?.errorDescription { return described }
        return "An unexpected error (\(type(of: error))): please report it with the command that caused it."
    }

    /// True for Foundation errors about writing a file (no room, no permission, a file in the way):
    /// a failure to write, not a refused input.
    public static func isWriteFailure(_ error: any Error) -> Bool {
        let ns = error as NSError
        return ns.domain == NSCocoaErrorDomain && (CocoaError.fileWriteUnknown.rawValue...CocoaError.fileWriteVolumeReadOnly.rawValue).contains(ns.code)
    }
}
