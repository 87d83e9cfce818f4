import Foundation
import GraderKit
import Testing

/// Claims through the API: reading a card writes nothing, the page says which answer it shows, and
/// "next ungraded" hands a second grader an answer nobody else has open.
@Suite struct ClaimRouteTests {
    @Test func readingACardWritesNothingAndNextUngradedPassesOverAnAnswerSomeoneHasOpen() async throws {
        let fixture = try WebFixture()
        let (anna, ben, cy, q1) = (try fixture.key("Anna"), try fixture.key("Ben"), try fixture.key("Cy"), try fixture.question("Q1"))
        try await fixture.test { client in
            let ann = fixture.project.acting(as: try Grader("ann"))
            let before = try ann.place().position
            let looked = try await client.send(.get, "/api/questions/\(q1)/card?student=\(cy)")
            #expect(looked.json["student"] as? Int64 == cy)
            #expect(try ann.place().position == before, "a GET leaves the grader's place alone")

            let first = try await client.send(.get, "/api/questions/\(q1)/card")
            #expect(first.json["student"] as? Int64 == anna)
            let taken = try await client.send(.put, "/api/claim", #"{"question":\#(q1),"student":\#(anna)}"#)
            #expect(taken.status == .ok && taken.json["taken"] as? Bool == true)
            #expect(try ann.place().label == "Anna — p. 1", "the claim records the grader's place")

            let benFirst = try await client.send(.get, "/api/questions/\(q1)/card", as: "ben")
            #expect(benFirst.json["student"] as? Int64 == ben, "Anna is Ann's: Ben is handed the next ungraded answer")
            let refused = try await client.send(.put, "/api/claim", #"{"question":\#(q1),"student":\#(anna)}"#, as: "ben")
            #expect(refused.status == .conflict)
            #expect(refused.json["error"] as? String == "ann is grading this answer: open it on purpose to grade it too.")
            let onPurpose = try await client.send(.put, "/api/claim", #"{"question":\#(q1),"student":\#(anna),"onPurpose":true}"#, as: "ben")
            #expect(onPurpose.status == .ok && (onPurpose.json["heldBy"] as? [String]) == ["ann"])
            let seenByBen = try await client.send(.get, "/api/questions/\(q1)/card?student=\(anna)", as: "ben")
            #expect((seenByBen.json["heldBy"] as? [String]) == ["ann"], "the card says who else has it open")

            let overview = try await client.send(.get, "/api/overview", as: "cy")
            let rows = try #require(overview.json["students"] as? [[String: Any]])
            #expect(rows.first { $0["student"] as? Int64 == anna }?["holders"] as? [String] == ["ann, ben", "", ""])

            #expect(try await client.send(.delete, "/api/claim").status == .noContent)
            let benAgain = try await client.send(.get, "/api/questions/\(q1)/card?student=\(anna)", as: "ben")
            #expect((benAgain.json["heldBy"] as? [String]) == [], "Ann let go")
        }
    }
}
