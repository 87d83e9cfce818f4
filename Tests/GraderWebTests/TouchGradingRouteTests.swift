import Foundation
@testable import GraderWeb
import GraderKit
import Hummingbird
import HummingbirdTesting
import Testing
import TestSupport

/// Issue 30: what a touch screen needs from the API: the project's graders, to pick one with a
/// tap, and the question's score pad with each card.
@Suite(.serialized) struct TouchGradingRouteTests {
    @Test func meListsEveryoneWhoHasWorkedOnTheProject() async throws {
        let fixture = try WebFixture()
        let (ben, q1) = (try fixture.key("Ben"), try fixture.question("Q1"))
        try await fixture.test { client in
            let before = try await client.send(.get, "/api/me")
            #expect(before.json["graders"] as? [String] == ["owner"], "who created the project")
            #expect(before.json["views"] as? [String] == ["return"], "a written exam has no Capture or IDs tab; the instructor has Return")
            let scored = try await client.send(.put, "/api/scores/\(ben)/\(q1)", #"{"score":"3"}"#, as: "Zoë")
            let opened = try await client.send(.put, "/api/claim", #"{"question":\#(q1),"student":\#(ben),"onPurpose":true}"#, as: "cy")
            #expect(scored.status == .ok && opened.status == .ok)
            let after = try await client.send(.get, "/api/me")
            #expect(after.json["graders"] as? [String] == ["Zoë", "cy", "owner"])
        }
    }

    @Test func theCardCarriesThePadOfItsQuestion() async throws {
        let fixture = try WebFixture()
        let q2 = try fixture.question("Q2")
        try await fixture.test { client in
            let card = try await client.send(.get, "/api/questions/\(q2)/card")
            let pad = try #require(card.json["pad"] as? [String: Any])
            #expect(pad["values"] as? [String] == ["0", "1", "2"])
            #expect(pad["fractions"] as? [String] == [".25", ".5", ".75"])
            #expect(pad["digits"] as? Bool == false)
        }
    }
}
