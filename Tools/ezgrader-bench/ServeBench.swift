import Dispatch
import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `ezgrader serve` under load, through real HTTP on loopback: page images cold and cached, the
/// score write round trip with several graders at once on a large class, and the server's memory
/// after many page views.
enum ServeBench {
    static func run(binary: String, largeProject: String, scannedFiles: [String], writers: Int, scoresPerWriter: Int, in workFolder: String) throws {
        print("ezgrader serve (HTTP on loopback)")
        try scoreRoundTrips(binary: binary, project: largeProject, writers: writers, scores: scoresPerWriter)
        let project = "\(workFolder)/serve-images.ezgrader"
        try? FileManager.default.removeItem(atPath: project)
        _ = try measure([binary, "new", project] + scannedFiles)
        try pageImages(binary: binary, project: project, students: scannedFiles.count)
    }

    /// `writers` graders each PUT `scores` scores as fast as they can.
    private static func scoreRoundTrips(binary: String, project: String, writers: Int, scores: Int) throws {
        let server = try Server(binary: binary, project: project)
        defer { server.stop() }
        let times = Times()
        DispatchQueue.concurrentPerform(iterations: writers) { writer in
            for step in 0..<scores {
                let student = 1 + (writer * scores + step) % 1000, question = 1 + (writer + step * 7) % 50
                let body = #"{"score":"\#(Double((writer + step) % 16 + 1) / 4)"}"#
                let (status, seconds) = server.request("PUT", "/api/scores/\(student)/\(question)", body: body, grader: "grader-\(writer)")
                times.add(seconds, ok: status == 200)
            }
        }
        print("  score write round trip, \(writers) graders × \(scores) scores on \(project): "
            + "p50 \(ms(times.percentile(0.5))) ms, p99 \(ms(times.percentile(0.99))) ms, \(times.failures) refused")
    }

    /// Every page once at 1200 px (cold: rendered and encoded), again (cached), then 2,000 page
    /// views (image and layer) and the server's resident memory.
    private static func pageImages(binary: String, project: String, students: Int) throws {
        let server = try Server(binary: binary, project: project)
        defer { server.stop() }
        let pages = 4
        for label in ["cold", "cached"] {
            let times = Times()
            for student in 1...students {
                for page in 1...pages {
                    let (status, seconds) = server.request("GET", "/api/pages/\(student)/\(page)/image?width=1200", grader: "bench")
                    times.add(seconds, ok: status == 200)
                }
            }
            print("  page image \(label), \(students * pages) scanned pages at 1200 px: p50 \(ms(times.percentile(0.5))) ms, "
                + "p99 \(ms(times.percentile(0.99))) ms, \(times.failures) failed")
        }
        for view in 0..<2000 {
            let student = 1 + view % students, page = 1 + view / students % pages
            _ = server.request("GET", "/api/pages/\(student)/\(page)/image?width=\([800, 1200, 1600][view % 3])", grader: "bench")
            _ = server.request("GET", "/api/pages/\(student)/\(page)", grader: "bench")
        }
        print("  server memory after 2,000 page views: \(server.residentMegabytes()) MB resident")
    }

    private static func ms(_ seconds: Double) -> String { String(format: "%.1f", seconds * 1000) }
}

/// A running `ezgrader serve` and blocking HTTP requests to it.
final class Server: @unchecked Sendable {
    private let process = Process()
    let base: String, token: String

    init(binary: String, project: String) throws {
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = ["serve", project, "--port", "0"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        var text = ""
        while !text.contains("token=") || !text.hasSuffix("\n") {
            let chunk = output.fileHandleForReading.availableData
            guard !chunk.isEmpty else { throw BenchError("ezgrader serve printed no link") }
            text += String(decoding: chunk, as: UTF8.self)
        }
        guard let link = text.split(whereSeparator: \.isWhitespace).first(where: { $0.contains("token=") }) else { throw BenchError("no link in: \(text)") }
        let parts = link.components(separatedBy: "/?token=")
        (base, token) = (parts[0], parts[1])
    }

    func request(_ method: String, _ path: String, body: String? = nil, grader: String) -> (status: Int, seconds: Double) {
        let answer = send(method, path, body: body, grader: grader, session: .shared)
        return (answer.status, answer.seconds)
    }

    /// `method` `path` as `grader` through `session`, waited for: the status, the body and the seconds it took.
    func send(_ method: String, _ path: String, body: String? = nil, grader: String, session: URLSession) -> (status: Int, data: Data, seconds: Double) {
        var request = URLRequest(url: URL(string: base + path)!)
        request.httpMethod = method
        request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
        request.setValue("ezgrader_grader=\(grader)", forHTTPHeaderField: "Cookie")
        if let body {
            request.httpBody = Data(body.utf8)
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        let done = DispatchSemaphore(value: 0)
        let answer = AnswerBox()
        let start = DispatchTime.now()
        session.dataTask(with: request) { data, response, _ in
            answer.status = (response as? HTTPURLResponse)?.statusCode ?? 0
            answer.data = data ?? Data()
            done.signal()
        }.resume()
        done.wait()
        return (answer.status, answer.data, Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9)
    }

    func residentMegabytes() -> String {
        let status = (try? String(contentsOfFile: "/proc/\(process.processIdentifier)/status", encoding: .utf8)) ?? ""
        let line = status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") } ?? ""
        let kilobytes = Double(line.split(separator: " ").dropFirst().first ?? "0") ?? 0
        return String(format: "%.0f", kilobytes / 1024)
    }

    func stop() {
        process.terminate()
        process.waitUntilExit()
    }
}

private final class AnswerBox: @unchecked Sendable {
    var status = 0
    var data = Data()
}

/// Request times from several threads.
final class Times: @unchecked Sendable {
    private let lock = NSLock()
    private var seconds: [Double] = []
    private(set) var failures = 0

    /// How many times were added.
    var count: Int { lock.withLock { seconds.count } }

    func add(_ time: Double, ok: Bool) { lock.withLock { seconds.append(time); if !ok { failures += 1 } } }

    func percentile(_ p: Double) -> Double {
        lock.withLock {
            let sorted = seconds.sorted()
            return sorted.isEmpty ? 0 : sorted[min(sorted.count - 1, Int(Double(sorted.count) * p))]
        }
    }
}
