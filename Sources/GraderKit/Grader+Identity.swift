import Foundation
import GraderCore

extension Grader {
    /// The grader a front end acts as: `explicit` (e.g. `--grader NAME`), else the
    /// `EZGRADER_GRADER` environment variable, else the OS user's name.
    public static func resolve(_ explicit: String?,
                               environment: [String: String] = ProcessInfo.processInfo.environment) throws(GradingError) -> Grader {
        if let explicit { return try Grader(explicit) }
        if let named = environment["EZGRADER_GRADER"], !named.isEmpty { return try Grader(named) }
        return try Grader(osUserName() ?? environment["USER"] ?? "grader")
    }

    private static func osUserName() -> String? {
        guard let entry = getpwuid(geteuid()), let name = entry.pointee.pw_name else { return nil }
        return String(cString: name)
    }
}
