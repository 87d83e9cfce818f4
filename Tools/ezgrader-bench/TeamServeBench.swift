import Dispatch
import Foundation
import GraderCore
import GraderKit
import GraderPDF
import GraderStore

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `ezgrader serve` with a team grading at once: `graders` graders, each with their own HTTP
/// session, cookie and question, walk a class of `students` × 50 questions as the browser does —
/// the card of the next ungraded answer, the claim, the page image and layer, the score — until
/// `views` cards have been shown in all, each pausing about `thinkMilliseconds` on a card (half to
/// one and a half times that; real graders take 10–30 s on an answer), and asking for the next
/// students' images while they read, as the browser does. Reports the score round trip, card + image, cold images
/// (the first request for a page image), refused requests and the server's memory at the end.
enum TeamServeBench {
    static func run(binary: String, graders: Int, views: Int, thinkMilliseconds: Int, students: Int, scans: [String], in workFolder: String) throws {
        let (project, questions) = try makeProject(students: students, questions: 50, scans: scans, in: workFolder)
        print("ezgrader serve, \(graders) graders at once on \(students) students × \(questions.count) questions "
            + "(\(views) views, ~\(thinkMilliseconds) ms on each card; \(ProcessInfo.processInfo.activeProcessorCount) cores, load \(loadAverage()))")
        let server = try Server(binary: binary, project: project)
        defer { server.stop() }
        let stats = TeamStats(), seen = SeenPages()
        let group = DispatchGroup()
        let perGrader = max(1, views / graders)
        for index in 0..<graders {
            // A thread per grader: Dispatch's concurrentPerform would run only one per core.
            let thread = Thread {
                // Graders arrive over the first second, not all in the same millisecond.
                Thread.sleep(forTimeInterval: Double(index) / Double(graders))
                let grader = TeamGrader(server: server, name: "grader-\(index + 1)", question: questions[index % questions.count],
                                        think: Double(thinkMilliseconds) / 1000, seed: index)
                grader.grade(views: perGrader, stats: stats, seen: seen)
                group.leave()
            }
            group.enter()
            thread.start()
        }
        group.wait()
        print("  score round trip: p50 \(ms(stats.score.percentile(0.5))) ms, p99 \(ms(stats.score.percentile(0.99))) ms "
            + "(\(stats.score.count) scores)")
        print("  card + image: p50 \(ms(stats.cardAndImage.percentile(0.5))) ms, p99 \(ms(stats.cardAndImage.percentile(0.99))) ms "
            + "(\(stats.cardAndImage.count) views)")
        print("  cold page images (first request of a page): p50 \(ms(stats.cold.percentile(0.5))) ms, "
            + "p99 \(ms(stats.cold.percentile(0.99))) ms (\(stats.cold.count) images)")
        print("  refused: \(stats.refused) of \(stats.requests) requests\(stats.firstRefusal.map { " (first: \($0))" } ?? "")")
        print("  server memory after \(stats.cardAndImage.count) views: \(server.residentMegabytes()) MB resident")
    }

    /// A project of `students` whose scans are hard links to the generated booklets (in turn), every
    /// question ungraded, questions spread over the booklet's pages.
    private static func makeProject(students: Int, questions: Int, scans: [String], in workFolder: String) throws -> (String, [(id: Int64, page: Int)]) {
        let folder = "\(workFolder)/team-\(students)x\(questions).ezgrader"
        try? FileManager.default.removeItem(atPath: folder)
        try FileManager.default.createDirectory(atPath: "\(folder)/scans", withIntermediateDirectories: true)
        let booklets = try scans.map { path in
            let document = try PDFDocument(path: path)
            return (path: path, sha: FileDigest.sha256(ofFile: path) ?? "", sizes: try (0..<document.pageCount).map { try document.page(at: $0).size })
        }
        let pages = booklets[0].sizes.count
        let store = try ProjectStore.create(in: folder, pagesPerStudent: pages, grader: try Grader("bench"))
        try store.change("students") { writer in
            for index in 1...students {
                let booklet = booklets[(index - 1) % booklets.count]
                try FileManager.default.linkItem(atPath: booklet.path, toPath: "\(folder)/scans/\(index).pdf")
                try writer.insertStudent(Student(name: "Student \(index)", rosterID: "S\(index)"), scanFile: "scans/\(index).pdf",
                                         sha256: booklet.sha, pageSizes: booklet.sizes)
            }
        }
        let specs = (0..<questions).map { index in
            QuestionSpec(page: 1 + index % pages, position: PagePosition(PagePoint(x: Double(50 + index % 5 * 100), y: Double(60 + index / 5 * 14))),
                         maxPoints: Points(quarters: 16), label: "Q\(index + 1)")
        }
        let added = try GradingProject.open(folder, as: try Grader("bench")).addQuestions(specs, description: "questions")
        return (folder, added.map { ($0.question.id.rawValue, $0.question.page) })
    }

    private static func ms(_ seconds: Double) -> String { String(format: "%.1f", seconds * 1000) }
}

/// One grader in the browser: their own URL session (connections) and cookie, on one question.
private final class TeamGrader: @unchecked Sendable {
    let server: Server, name: String, question: (id: Int64, page: Int)
    private let session: URLSession
    private let think: Double, seed: Int

    init(server: Server, name: String, question: (id: Int64, page: Int), think: Double, seed: Int) {
        self.server = server
        self.name = name
        self.question = question
        self.think = think
        self.seed = seed
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpMaximumConnectionsPerHost = 2
        session = URLSession(configuration: configuration)
    }

    /// `views` cards in a row: next ungraded, claim, image and layer, score.
    func grade(views: Int, stats: TeamStats, seen: SeenPages) {
        var student: Int64?
        for view in 0..<views {
            let start = DispatchTime.now()
            let path = "/api/questions/\(question.id)/card?move=" + (student.map { "next-ungraded&student=\($0)" } ?? "here")
            let (cardStatus, cardBody, _) = request("GET", path, stats: stats)
            guard cardStatus == 200, let card = try? JSONSerialization.jsonObject(with: cardBody) as? [String: Any],
                  let shown = (card["student"] as? NSNumber)?.int64Value, let page = (card["page"] as? NSNumber)?.intValue
            else { continue }
            student = shown
            _ = request("PUT", "/api/claim", body: #"{"question":\#(question.id),"student":\#(shown)}"#, stats: stats)
            let stamp = card["images"] as? String ?? ""
            image(student: shown, page: page, stamp: stamp, stats: stats, seen: seen)
            stats.cardAndImage.add(seconds(start, DispatchTime.now()), ok: true)
            // As the browser does: the next students' images asked for now, while the grader reads
            // (on threads of their own: a request blocks its thread, which Dispatch's pool runs short of).
            for next in card["upcoming"] as? [[String: NSNumber]] ?? [] {
                guard let ahead = next["student"]?.int64Value, let page = next["page"]?.intValue else { continue }
                Thread { self.image(student: ahead, page: page, stamp: stamp, stats: stats, seen: seen) }.start()
            }
            _ = request("GET", "/api/pages/\(shown)/\(page)", stats: stats)
            let scoreStart = DispatchTime.now()
            _ = request("PUT", "/api/scores/\(shown)/\(question.id)", body: #"{"score":"\#(Double(view % 16 + 1) / 4)"}"#, stats: stats)
            stats.score.add(seconds(scoreStart, DispatchTime.now()), ok: true)
            // Reading the answer: half to one and a half times `think`, the same in every run.
            Thread.sleep(forTimeInterval: think * (0.5 + Double((seed * 7919 + view * 104_729) % 1000) / 1000))
        }
    }

    /// Asks for a page image as the browser shows it; the first request of a page counts as a cold image.
    private func image(student: Int64, page: Int, stamp: String, stats: TeamStats, seen: SeenPages) {
        let first = seen.firstTime(student: student, page: page), start = DispatchTime.now()
        _ = request("GET", "/api/pages/\(student)/\(page)/image?width=1200&v=\(stamp)", stats: stats)
        if first { stats.cold.add(seconds(start, DispatchTime.now()), ok: true) }
    }

    private func request(_ method: String, _ path: String, body: String? = nil, stats: TeamStats) -> (Int, Data, Double) {
        let answer = server.send(method, path, body: body, grader: name, session: session)
        stats.count(status: answer.status, method: method, path: path)
        return answer
    }

    private func seconds(_ start: DispatchTime, _ end: DispatchTime) -> Double { Double(end.uptimeNanoseconds - start.uptimeNanoseconds) / 1e9 }
}

/// The pages some grader has already asked for: the first request of each is a cold image.
private final class SeenPages: @unchecked Sendable {
    private let lock = NSLock()
    private var seen: Set<String> = []
    func firstTime(student: Int64, page: Int) -> Bool { lock.withLock { seen.insert("\(student)/\(page)").inserted } }
}

/// Every grader's times and refusals.
private final class TeamStats: @unchecked Sendable {
    let score = Times(), cardAndImage = Times(), cold = Times()
    private let lock = NSLock()
    private(set) var requests = 0, refused = 0
    private(set) var firstRefusal: String?

    func count(status: Int, method: String, path: String) {
        lock.withLock {
            requests += 1
            guard !(200..<300).contains(status) else { return }
            refused += 1
            if firstRefusal == nil { firstRefusal = "\(status) on \(method) \(path)" }
        }
    }
}
