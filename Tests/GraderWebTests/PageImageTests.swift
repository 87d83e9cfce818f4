import Foundation
@testable import GraderWeb
import GraderKit
import Hummingbird
import HummingbirdTesting
import Synchronization
import Testing

/// Page images under strain: a cache that cannot be written, and a burst of requests.
@Suite(.serialized) struct PageImageTests {
    @Test func everyPageImageAnswersWhenTheCacheCannotBeWritten() async throws {
        let fixture = try WebFixture()
        let cache = (fixture.project.folder as NSString).appendingPathComponent("cache")
        try? FileManager.default.removeItem(atPath: cache)
        #expect(FileManager.default.createFile(atPath: cache, contents: Data("not a folder".utf8)), "a file where the cache folder goes")
        let keys = try ["Anna", "Ben", "Cy"].map { try fixture.key($0) }
        try await fixture.test { client in
            for key in keys {
                for page in 1...2 {
                    for round in 1...2 {
                        let image = try await client.send(.get, "/api/pages/\(key)/\(page)/image?width=480")
                        #expect(image.status == .ok, "student \(key) page \(page), round \(round): \(image.text.prefix(300))")
                        #expect(image.headers[.contentType] == "image/jpeg")
                        #expect(JPEGSize.of(Array(image.body.readableBytesView))?.width == 480)
                    }
                }
            }
        }
    }

    @Test func aBurstOfImagesQueuesItsRendersWhileOtherRequestsAnswer() async throws {
        let fixture = try WebFixture()
        let keys = try ["Anna", "Ben", "Cy"].map { try fixture.key($0) }
        let (anna, q1) = (keys[0], try fixture.question("Q1"))
        let gate = RenderGate(limit: 2)
        let uris = (1...2).flatMap { _ in
            keys.flatMap { key in (1...2).flatMap { page in PageImageCache.widths.map { "/api/pages/\(key)/\(page)/image?width=\($0)" } } }
        }
        #expect(uris.count == 60)
        let finished = Tally()
        try await fixture.test(renders: gate) { client in
            try await withThrowingTaskGroup(of: HTTPResponse.Status.self) { group in
                for uri in uris {
                    group.addTask {
                        let status = try await client.send(.get, uri).status
                        finished.count.add(1, ordering: .relaxed)
                        return status
                    }
                }
                // Once renders queue, the grader's other requests still answer at once.
                for _ in 0..<2_000 where gate.load.waiting == 0 { try await Task.sleep(for: .milliseconds(5)) }
                #expect(gate.load.waiting > 0, "renders queued")
                let me = try await client.send(.get, "/api/me")
                let score = try await client.send(.put, "/api/scores/\(anna)/\(q1)", #"{"score":"3"}"#)
                let imagesDone = finished.count.load(ordering: .relaxed)
                #expect(me.status == .ok && me.json["students"] as? Int == 3)
                #expect(score.status == .ok && score.json["score"] as? String == "3")
                #expect(imagesDone < 60, "answered while images were still being rendered (\(imagesDone) of 60 done)")
                var statuses: [HTTPResponse.Status] = []
                for try await status in group { statuses.append(status) }
                #expect(statuses.count == 60 && statuses.allSatisfy { $0 == .ok })
            }
        }
        #expect(gate.load.peak <= 2, "at most two renders ran at once, not \(gate.load.peak)")
    }
}

/// A count several tasks add to.
private final class Tally: Sendable {
    let count = Atomic<Int>(0)
}
