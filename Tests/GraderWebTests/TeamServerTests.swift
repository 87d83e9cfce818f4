import Foundation
@testable import GraderWeb
import GraderKit
import Hummingbird
import HummingbirdTesting
import TestSupport
import Testing

/// The server under a team's load: identical page images rendered once, renders nobody waits for
/// dropped, a database another program keeps busy answered 503 while reads go on, and other
/// programs' changes seen by the views.
@Suite struct TeamServerTests {
    /// A render that holds the gate's only place until `release`.
    private final class Hold: Sendable {
        let released = DispatchSemaphore(value: 0)
        let task: Task<Data, any Error>
        init(_ gate: RenderGate) {
            let released = released
            task = Task { try await gate.run(key: "hold") { released.wait(); return Data() } }
        }
        func release() { released.signal() }
    }

    /// Waits (bounded) until `condition` holds.
    private func eventually(_ condition: () -> Bool) async throws {
        for _ in 0..<2_000 where !condition() { try await Task.sleep(for: .milliseconds(5)) }
    }

    /// A gate of one place, taken by a render that holds it until released.
    private func heldGate() async throws -> (RenderGate, Hold) {
        let gate = RenderGate(limit: 1)
        let hold = Hold(gate)
        try await eventually { gate.load.waiters == 1 }
        return (gate, hold)
    }

    @Test func gradersOpeningTheSamePageAtOnceShareOneRender() async throws {
        let fixture = try WebFixture()
        let anna = try fixture.key("Anna")
        let (gate, hold) = try await heldGate()
        try await fixture.test(renders: gate) { client in
            try await withThrowingTaskGroup(of: (HTTPResponse.Status, ByteBuffer).self) { group in
                for _ in 0..<5 {
                    group.addTask {
                        let response = try await client.send(.get, "/api/pages/\(anna)/1/image?width=800")
                        return (response.status, response.body)
                    }
                }
                try await eventually { gate.load.waiters == 6 }
                #expect(gate.load.waiters == 6 && gate.load.waiting == 1, "five requests wait for one queued render")
                hold.release()
                var answers: [(HTTPResponse.Status, ByteBuffer)] = []
                for try await answer in group { answers.append(answer) }
                #expect(answers.count == 5 && answers.allSatisfy { $0.0 == .ok && $0.1 == answers[0].1 && $0.1.readableBytes > 1000 })
            }
        }
        _ = try await hold.task.value
        #expect(gate.load.rendered == 2, "the held render and one render of the page, not \(gate.load.rendered)")
    }

    @Test func aPageWhoseBrowserWentAwayBeforeItsTurnIsNotRendered() async throws {
        let fixture = try WebFixture()
        let anna = try fixture.key("Anna")
        let (gate, hold) = try await heldGate()
        try await fixture.live(renders: gate) { _, port in
            var browser = RawConnection(port: port)
            #expect(browser?.send("GET /api/pages/\(anna)/2/image?width=800 HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n"
                + "Authorization: Bearer \(WebFixture.token)\r\nCookie: ezgrader_grader=ann\r\n\r\n") == true)
            try await eventually { gate.load.waiters == 2 }
            #expect(gate.load.waiting == 1, "the page waits its turn")
            browser = nil  // the browser goes away
            try await eventually { gate.load.waiting == 0 }
            #expect(gate.load.waiting == 0 && gate.load.waiters == 1, "nobody waits for the page any more: its render is dropped")
            hold.release()
            _ = try await hold.task.value
            #expect(browser == nil)
        }
        #expect(gate.load.rendered == 1, "only the held render ran")
        let cached = (try? FileManager.default.contentsOfDirectory(atPath: fixture.folder.file("exam.ezgrader/cache/pages"))) ?? []
        #expect(!cached.contains { $0.hasPrefix("s\(anna)-p2-") }, "the page was never rendered: \(cached)")
    }

    @Test func aRenderGateCancelledWaiterGetsCancellationAndOthersStillGetTheImage() async throws {
        let (gate, hold) = try await heldGate()
        let rendered = Data("page".utf8)
        let leaving = Task { try await gate.run(key: "page") { rendered } }
        let staying = Task { try await gate.run(key: "page") { rendered } }
        try await eventually { gate.load.waiters == 3 }
        leaving.cancel()
        await #expect(throws: CancellationError.self) { try await leaving.value }
        hold.release()
        #expect(try await staying.value == rendered)
        #expect(gate.load.rendered == 2)
    }

    @Test func aChangeThatABusyDatabaseKeepsWaitingIsAnswered503WithRetryAfterWhileReadsGoOn() async throws {
        let fixture = try WebFixture()
        let (anna, q1) = (try fixture.key("Anna"), try fixture.question("Q1"))
        let project = try GradingProject.open(fixture.project.folder, as: try Grader("owner"), busyWait: 0.3)
        let server = GradingServer(project: project, port: 8080, token: WebFixture.token)
        let app = Application(router: server.makeRouter(feed: ChangeFeed(project: project)))
        let hold = try WriteHold(project: fixture.project.folder)
        try await app.testWithoutHanging(.router) { client in
            let card = try await client.send(.get, "/api/questions/\(q1)/card?student=\(anna)")
            #expect(card.status == .ok, "reading goes on while another program writes")
            let busy = try await client.send(.put, "/api/scores/\(anna)/\(q1)", #"{"score":"3"}"#)
            #expect(busy.status == .serviceUnavailable)
            #expect(busy.headers[.retryAfter] == "2")
            #expect((busy.json["error"] as? String)?.contains("is busy: another program") == true, "\(busy.text)")
            hold.release()
            let again = try await client.send(.put, "/api/scores/\(anna)/\(q1)", #"{"score":"3"}"#)
            #expect(again.status == .ok, "sent again once the other program is done, the score is saved")
        }
        #expect(try fixture.project.scoreRecord(student: StudentKey(anna), question: QuestionID(q1))?.points == Points("3"))
    }

    @Test func aScoreTheCommandLineGivesShowsOnTheNextCardAndPage() async throws {
        let fixture = try WebFixture()
        let (anna, q1) = (try fixture.key("Anna"), try fixture.question("Q1"))
        try await fixture.test { client in
            let before = try await client.send(.get, "/api/questions/\(q1)/card?student=\(anna)")
            #expect(before.json["score"] as? String == "?")
            let cli = try GradingProject.open(fixture.project.folder, as: try Grader("cli"))
            try cli.setScore(.points(Points("2.5")!), student: StudentKey(anna), question: QuestionID(q1))
            let card = try await client.send(.get, "/api/questions/\(q1)/card?student=\(anna)")
            #expect(card.json["score"] as? String == "2.5" && card.json["gradedBy"] as? String == "cli")
            let layer = try await client.send(.get, "/api/pages/\(anna)/1")
            let boxes = layer.json["boxes"] as? [[String: Any]] ?? []
            #expect(boxes.first { $0["name"] as? String == "Q1" }?["score"] as? String == "2.5")
        }
    }

    @Test func theServersOwnChangesReachTheFeedWithoutWaitingForALook() async throws {
        let fixture = try WebFixture()
        let (anna, q1) = (try fixture.key("Anna"), try fixture.question("Q1"))
        // Another program's changes are looked for once an hour here: only the write itself can wake the feed.
        let feed = ChangeFeed(project: fixture.project, interval: .seconds(3600))
        defer { feed.stop() }
        var events = feed.subscribe().makeAsyncIterator()
        try fixture.project.acting(as: try Grader("ben")).setScore(.points(Points("1")!), student: StudentKey(anna), question: QuestionID(q1))
        let event = await events.next()
        #expect(event?.hasPrefix("event: change\ndata: ") == true)
        _ = try fixture.project.acting(as: try Grader("ben")).takeAnswer(question: QuestionID(q1), student: StudentKey(anna), onPurpose: false)
        let claim = await events.next()
        #expect(claim?.hasPrefix("event: change") == true && claim != event, "who has an answer open is news to the others too")
    }

    /// Property: however many views are open, the events they are sent make at most about 50
    /// fetches a second in all, and a few views still hear of a change within 100 ms.
    @Test func eventsAreSpacedSoATeamsBrowsersFetchAtMostFiftyTimesASecond() {
        for views in 1...400 {
            let spacing = ChangeFeed.spacing(views: views)
            #expect(Double(views) / (Double(spacing.components.attoseconds) / 1e18 + Double(spacing.components.seconds)) <= 50 || views > 50)
            #expect(spacing >= .milliseconds(100) && spacing <= .seconds(1))
        }
        #expect(ChangeFeed.spacing(views: 3) == .milliseconds(100))
        #expect(ChangeFeed.spacing(views: 50) == .seconds(1))
    }
}
