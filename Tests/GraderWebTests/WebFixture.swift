import Foundation
@testable import GraderWeb
import GraderKit
import Hummingbird
import HummingbirdTesting
import TestSupport
import Testing

/// A served project of three scanned students (two pages each), Q1 and Q2 on page 1 and Q3 on
/// page 2, and the calls a test makes against its API in Hummingbird's in-process test client.
struct WebFixture {
    let folder: TemporaryFolder
    let project: GradingProject
    let server: GradingServer
    static let token = "test-token-0123456789"

    /// `names`: the students' (their scans' file names); `port`: the port the server is taken to
    /// listen on (its pages' `Origin` names it).
    init(names: [String] = ["Anna", "Ben", "Cy"], port: Int = 8080) throws {
        folder = TemporaryFolder()
        let scans = try TestClass.scanned(names, pages: 2, in: folder)
        project = try GradingProject.create(folder.file("exam.ezgrader"), scans: scans, grader: try Grader("owner"))
        for (page, at, max, label) in [(1, "300,100", "4", "Q1"), (1, "300,400", "2", "Q2"), (2, "300,100", "3", "Q3")] {
            _ = try project.addQuestion(QuestionSpec(page: page, position: PagePosition(at)!, maxPoints: Points(max)!, label: label))
        }
        server = GradingServer(project: project, port: port, token: Self.token)
    }

    /// `project` (made in `folder`) served, trusting `mailAuthorities` for mail.
    init(project: GradingProject, in folder: TemporaryFolder, port: Int = 8080, mailAuthorities: String? = nil) {
        (self.folder, self.project) = (folder, project)
        server = GradingServer(project: project, port: port, token: Self.token, mailAuthorities: mailAuthorities)
    }

    /// Runs `body` against the API in process, page renders taking turns through `renders`.
    func test(_ setup: TestingSetup = .router, renders: RenderGate = RenderGate(), sourceLocation: SourceLocation = #_sourceLocation,
              _ body: @escaping @Sendable (any TestClientProtocol) async throws -> Void) async throws {
        let feed = ChangeFeed(project: project, interval: .milliseconds(50))
        let app = Application(router: server.makeRouter(feed: feed, renders: renders))
        try await app.testWithoutHanging(setup, sourceLocation: sourceLocation, body)
        feed.stop()
    }

    /// Runs `body` against the server listening on a real socket (127.0.0.1, any free port).
    func live(renders: RenderGate = RenderGate(), sourceLocation: SourceLocation = #_sourceLocation,
              _ body: @escaping @Sendable (any TestClientProtocol, Int) async throws -> Void) async throws {
        let feed = ChangeFeed(project: project, interval: .milliseconds(50))
        let app = GradingServer(project: project, port: 0, token: Self.token).application(feed: feed, renders: renders)
        try await app.testWithoutHanging(.live, sourceLocation: sourceLocation) { client in try await body(client, try #require(client.port)) }
        feed.stop()
    }

    /// The headers of a browser page of the server acting as `grader`.
    static func browser(_ grader: String? = "ann", origin: Bool = true) -> HTTPFields {
        var cookie = "ezgrader_token=\(token)"
        if let grader { cookie += "; ezgrader_grader=\(grader)" }
        var headers: HTTPFields = [.cookie: cookie, .contentType: "application/json"]
        if origin { headers[.origin] = "http://localhost:8080" }
        return headers
    }

    /// A student's key by name.
    func key(_ name: String) throws -> Int64 { try project.student(named: name).rawValue }

    /// A question's id by name.
    func question(_ name: String) throws -> Int64 { try project.question(named: name).question.id.rawValue }
}

extension TestResponse {
    /// The body as text.
    var text: String { String(buffer: body) }

    /// The body as a JSON object.
    var json: [String: Any] { (try? JSONSerialization.jsonObject(with: Data(String(buffer: body).utf8))) as? [String: Any] ?? [:] }
}

extension TestClientProtocol {
    /// Sends `body` (a JSON text) as a browser of the server acting as `grader`.
    @discardableResult
    func send(_ method: HTTPRequest.Method, _ uri: String, _ body: String? = nil, as grader: String? = "ann") async throws -> TestResponse {
        try await execute(uri: uri, method: method, headers: WebFixture.browser(grader), body: body.map { ByteBuffer(string: $0) })
    }
}

/// The pixel size a JPEG's frame header gives.
enum JPEGSize {
    static func of(_ bytes: [UInt8]) -> (width: Int, height: Int)? {
        var at = 2
        while at + 9 < bytes.count, bytes[at] == 0xFF {
            let marker = bytes[at + 1], length = Int(bytes[at + 2]) << 8 | Int(bytes[at + 3])
            if (0xC0...0xC2).contains(marker) {
                return (Int(bytes[at + 7]) << 8 | Int(bytes[at + 8]), Int(bytes[at + 5]) << 8 | Int(bytes[at + 6]))
            }
            at += 2 + length
        }
        return nil
    }
}
