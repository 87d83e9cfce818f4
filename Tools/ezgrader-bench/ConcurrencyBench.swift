import Foundation
import GraderCore
import GraderKit
import GraderStore

/// Several graders at once: writer processes each giving their own scores (one change per
/// score, as `score` and `grade` make them) while reader processes loop over `status --json`.
/// Reports lost scores, write latency and how much the readers slowed down.
enum ConcurrencyBench {
    static func run(binary: String, bench: String, writers: Int, scoresPerWriter: Int, readers: Int, in workFolder: String) throws {
        let students = max(1000, writers * 125 + scoresPerWriter / 50 + 1)
        let folder = try ProjectBench.make(students: students, questions: 50, in: workFolder)
        let reader = [binary, "status", folder, "--json"]
        let idle = (0..<5).map { _ in (try? measure(reader))?.seconds ?? 0 }.sorted()[2]

        let latencyFiles = (0..<writers).map { "\(workFolder)/writer-\($0).txt" }
        let writerProcesses = try latencyFiles.enumerated().map { index, file in
            try start([bench, "--writer", folder, "--writer-index", "\(index)", "--scores-per-writer", "\(scoresPerWriter)", "--latencies", file])
        }
        let log = ReaderLog()
        let readerDone = DispatchGroup()
        for _ in 0..<readers {
            DispatchQueue.global().async(group: readerDone) {
                while !log.stopped {
                    if let time = try? measure(reader) { log.add(time.seconds) }
                }
            }
        }
        var failed = 0
        for process in writerProcesses {
            process.waitUntilExit()
            if process.terminationStatus != 0 { failed += 1 }
        }
        log.stop()
        readerDone.wait()

        let latencies = try latencyFiles.flatMap { file in
            try String(contentsOfFile: file, encoding: .utf8).split(separator: "\n").compactMap { Double($0) }
        }.sorted()
        let store = try ProjectStore.open(folder, grader: try Grader("bench"))
        let book = try store.gradeBook()
        var lost = 0
        for writer in 0..<writers {
            for step in 0..<scoresPerWriter {
                let (student, question) = Self.target(writer: writer, step: step, questions: book.questions.count)
                if book.score(book.questions[question].question.id, StudentID(student)) != Self.value(writer: writer, step: step) { lost += 1 }
            }
        }
        let sortedReads = log.times.sorted()
        print("## \(writers) writer processes × \(scoresPerWriter) scores (one change each), \(readers) readers looping status --json, "
            + "\(students) students × 50 questions")
        print(String(format: "scores lost: %d of %d; writers failed: %d", lost, writers * scoresPerWriter, failed))
        print(String(format: "write latency: p50 %.1f ms, p99 %.1f ms, max %.1f ms", percentile(latencies, 0.5) * 1000,
                     percentile(latencies, 0.99) * 1000, (latencies.last ?? 0) * 1000))
        print(String(format: "status --json: %.3f s idle, %.3f s median while writing (%d runs)", idle, percentile(sortedReads, 0.5), sortedReads.count))
        print("")
    }

    /// One writer process: its scores, each one change, with each change's latency written to `file`.
    static func write(folder: String, writer: Int, scores: Int, latenciesTo file: String) throws {
        let store = try GradingProject.open(folder, as: try Grader("writer \(writer)"))
        let directory = try store.directory()
        var lines: [String] = []
        for step in 0..<scores {
            let (student, question) = target(writer: writer, step: step, questions: directory.questions.count)
            let start = DispatchTime.now().uptimeNanoseconds
            try store.setScore(value(writer: writer, step: step), student: directory.students[student].key,
                               question: directory.questions[question].question.id, overwrite: true)   // the class was graded by "bench"
            lines.append(String(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9))
        }
        try lines.joined(separator: "\n").write(toFile: file, atomically: true, encoding: .utf8)
    }

    /// Each writer scores its own students, 125 apart (no two writers touch the same score).
    private static func target(writer: Int, step: Int, questions: Int) -> (student: Int, question: Int) {
        (writer * 125 + step / questions, step % questions)
    }

    private static func value(writer: Int, step: Int) -> Score { .points(Points(quarters: (writer + step) % 16 + 1)) }

    private static func percentile(_ sorted: [Double], _ p: Double) -> Double {
        sorted.isEmpty ? 0 : sorted[min(sorted.count - 1, Int(Double(sorted.count) * p))]
    }

    private static func start(_ command: [String]) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: command[0])
        process.arguments = Array(command.dropFirst())
        try process.run()
        return process
    }
}

/// The readers' times, added from several threads, and the signal to stop them.
final class ReaderLog: @unchecked Sendable {
    private let lock = NSLock()
    private var recorded: [Double] = []
    private var done = false

    var times: [Double] { lock.withLock { recorded } }
    var stopped: Bool { lock.withLock { done } }
    func add(_ seconds: Double) { lock.withLock { recorded.append(seconds) } }
    func stop() { lock.withLock { done = true } }
}
