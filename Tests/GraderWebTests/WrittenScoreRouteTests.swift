import Foundation
@testable import GraderWeb
import GraderKit
import Hummingbird
import HummingbirdTesting
import ScanFactory
import Testing
import TestSupport

/// A score written by pen in the score pad, over HTTP: read and offered, a score over the maximum said and
/// not offered, a malformed point refused by name; nothing is recorded by a reading.
@Suite(.serialized) struct WrittenScoreRouteTests {
    /// `text` written by a generated pen hand, as the page sends it.
    static func body(_ text: String, hand: UInt64 = 7_301) -> String {
        let strokes = PenScoreStrokes.strokes(writing: text, hand: PenHand(seed: hand), seed: 11)
        return #"{"strokes":["# + strokes.map { "[" + $0.map { "[\($0.x),\($0.y)]" }.joined(separator: ",") + "]" }.joined(separator: ",") + "]}"
    }

    @Test func aWrittenScoreIsReadAndOfferedAndNothingIsRecorded() async throws {
        let fixture = try WebFixture()
        let q1 = try fixture.question("Q1")
        let steps = try fixture.project.history(limit: 50).count
        try await fixture.test { client in
            let three = try await client.send(.post, "/api/questions/\(q1)/written-score", Self.body("3"))
            #expect(three.status == .ok)
            #expect(three.json["read"] as? String == "3" && three.json["score"] as? String == "3" && three.json["max"] as? String == "4")
            #expect(three.json["message"] as? String == "3 — tap to give 3/4")
            #expect((three.json["confidence"] as? Double ?? 0) >= 0.9)
            let five = try await client.send(.post, "/api/questions/\(q1)/written-score", Self.body("5"))
            #expect(five.status == .ok && five.json["score"] == nil)
            #expect(five.json["message"] as? String == "Read 5, but Q1 takes 0 to 4 in steps of 0.25: write the score again.")
            let nothing = try await client.send(.post, "/api/questions/\(q1)/written-score", #"{"strokes":[]}"#)
            #expect(nothing.status == .ok && nothing.json["message"] as? String == "Write the score in the box, with the pen or a finger.")
            let bad = try await client.send(.post, "/api/questions/\(q1)/written-score", #"{"strokes":[[[1,2,3]]]}"#)
            #expect(bad.status == .badRequest && bad.json["error"] as? String == "Each point of a stroke is [x, y]; one has 3 numbers.")
            let far = try await client.send(.post, "/api/questions/\(q1)/written-score", #"{"strokes":[[[-1e308,0],[1e308,1]],[[0,0]]]}"#)
            #expect(far.status == .ok && far.json["message"] as? String == "Could not read that as a score: write it again, one digit beside the other.")
            let unknown = try await client.send(.post, "/api/questions/999/written-score", Self.body("3"))
            #expect(unknown.status == .notFound)
        }
        #expect(try fixture.project.history(limit: 50).count == steps, "a reading records nothing")
        #expect(try fixture.project.gradeBook().scores.isEmpty)
    }
}
