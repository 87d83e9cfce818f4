import Foundation

/// What one run of an external command cost.
struct Measurement {
    /// Wall-clock seconds.
    let seconds: Double
    /// Peak resident memory of the process, in bytes (`ru_maxrss`).
    let peakBytes: Int
    /// Processor time, user and system, in seconds.
    var cpuSeconds = 0.0
}

/// Runs `arguments[0]` with the rest as arguments (no shell), output discarded, and measures its
/// wall time and peak memory. Throws when it exits non-zero.
///
/// Peak memory comes from GNU time (`%M`), which forks the command: a child spawned straight from
/// this process would report this process's own peak (Linux carries `ru_maxrss` across exec).
func measure(_ command: [String]) throws -> Measurement {
    let peakFile = NSTemporaryDirectory() + "ezgrader-bench-peak-\(getpid())"
    defer { unlink(peakFile) }
    let arguments = ["/usr/bin/time", "-f", "%M %U %S", "-o", peakFile] + command
    var actions: posix_spawn_file_actions_t = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    let cArguments = arguments.map { strdup($0) } + [nil]
    defer { cArguments.forEach { free($0) } }

    var start = timespec(), end = timespec()
    clock_gettime(CLOCK_MONOTONIC, &start)
    var pid: pid_t = 0
    let spawned = posix_spawn(&pid, arguments[0], &actions, nil, cArguments, environ)
    guard spawned == 0 else { throw BenchError("cannot start \(arguments[0]): \(String(cString: strerror(spawned)))") }
    var status: Int32 = 0
    waitpid(pid, &status, 0)
    clock_gettime(CLOCK_MONOTONIC, &end)
    guard status == 0 else { throw BenchError("\(command[0]) exited with status \(status)") }
    let seconds = Double(end.tv_sec - start.tv_sec) + Double(end.tv_nsec - start.tv_nsec) / 1e9
    // GNU time's last line: peak KB, user s, system s.
    let fields = ((try? String(contentsOfFile: peakFile, encoding: .utf8)) ?? "")
        .split(separator: "\n").last?.split(separator: " ").map(String.init) ?? []
    let peakKB = fields.first.flatMap { Int($0) } ?? 0
    let cpu = fields.dropFirst().compactMap { Double($0) }.reduce(0, +)
    return Measurement(seconds: seconds, peakBytes: peakKB * 1024, cpuSeconds: cpu)
}

/// A benchmark failure, with a message for the terminal.
struct BenchError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// The machine's load average over 1, 5 and 15 minutes, as /proc/loadavg gives it.
func loadAverage() -> String {
    ((try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8)) ?? "?").split(separator: " ").prefix(3).joined(separator: " ")
}
