import Foundation
import Synchronization

/// The one return run a project has at a time, across every program on this machine: an exclusive
/// `flock` on `return.lock` in the project folder, held while the run lasts and let go by the
/// kernel when its program ends however it ends (so a killed run never blocks the next). The file
/// says who holds it, for the message the next one gets.
final class ReturnLock: Sendable {
    /// The open lock file, nil once let go; closing it lets the lock go.
    private let descriptor: Mutex<Int32?>

    /// Takes `project`'s lock for a run by its grader `from` a front end ("from the browser"),
    /// refused naming who holds it when another run has it.
    init(_ project: GradingProject, from frontEnd: String) throws(WorkReturnError) {
        let path = (project.folder as NSString).appendingPathComponent("return.lock")
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw .lockUnavailable(path: path, reason: String(cString: strerror(errno))) }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            let holder = Self.holder(of: descriptor)
            close(descriptor)
            throw .runningElsewhere(holder: holder)
        }
        let holder = Data("\(project.grader.name) \(frontEnd) (process \(getpid()))".utf8)
        _ = ftruncate(descriptor, 0)
        _ = holder.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, 0) }
        self.descriptor = Mutex(descriptor)
    }

    deinit { release() }

    /// Lets the lock go (again: nothing).
    func release() {
        descriptor.withLock { open in
            if let descriptor = open { close(descriptor) }
            open = nil
        }
    }

    /// Who holds the lock open at `descriptor`, as its holder wrote it.
    private static func holder(of descriptor: Int32) -> String {
        var bytes = [UInt8](repeating: 0, count: 512)
        let count = pread(descriptor, &bytes, bytes.count, 0)
        let text = count > 0 ? String(decoding: bytes[..<count], as: UTF8.self) : ""
        // Written just after the lock was taken: a reader can come in between.
        return text.isEmpty ? "another ezgrader program" : text
    }
}
