import Dispatch
import Foundation
import ScanFactory

/// Generates (once, then reuses) a deterministic scanned class of `students` × `pages`.
enum ClassGenerator {
    /// The folder holding the class's PDFs, created if missing; both cores generate.
    static func scannedClass(students: Int, pages: Int, in workFolder: String) throws -> [String] {
        let folder = "\(workFolder)/class-\(students)x\(pages)"
        let done = "\(folder)/.complete"
        let files = (1...students).map { String(format: "\(folder)/Student %04d.pdf", $0) }
        if FileManager.default.fileExists(atPath: done) { return files }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        FileHandle.standardError.write(Data("generating \(students) students × \(pages) scanned pages in \(folder) …\n".utf8))
        let failures = FailureBox()
        DispatchQueue.concurrentPerform(iterations: students) { index in
            do {
                try ScanFactory.writeScannedBooklet(
                    to: URL(fileURLWithPath: files[index]), studentName: "Student \(index + 1)",
                    studentNumber: index + 1, pageCount: pages, style: .benchmark, seed: 2026)
            } catch {
                failures.record("\(error)")
            }
        }
        if let failure = failures.first { throw BenchError("generating the class failed: \(failure)") }
        _ = FileManager.default.createFile(atPath: done, contents: nil)
        return files
    }
}

/// Collects the first failure from concurrent workers.
private final class FailureBox: @unchecked Sendable {
    private let lock = NSLock()
    private var failure: String?
    func record(_ message: String) { lock.withLock { if failure == nil { failure = message } } }
    var first: String? { lock.withLock { failure } }
}
