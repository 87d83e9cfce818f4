import Foundation
@testable import GraderWeb
import GraderKit
import Hummingbird
import HummingbirdTesting
import Testing
import TestSupport

/// Copies left for review by their handwritten student number, over HTTP: listed with the crop and
/// three students, one confirmed as one step; a roster id not offered and a copy confirmed twice refused by name.
@Suite(.serialized) struct IDReviewRouteTests {
    @Test func aCopyLeftForReviewIsListedAndConfirmedOnce() async throws {
        let folder = TemporaryFolder()
        let project = try IDBoxClass.project(in: folder, written: Array(IDBoxClass.roster.prefix(2)) + ["20175531"])
        _ = try project.matchByIDBoxes(rosterPath: folder.file("roster.csv"))
        let fixture = WebFixture(project: project, in: folder)
        let key = try fixture.key("paper3")
        try await fixture.test { client in
            #expect(try await client.send(.get, "/api/me").json["views"] as? [String] == ["ids", "return"], "the IDs tab shows, and the instructor's Return tab")
            let list = try await client.send(.get, "/api/id-reviews")
            #expect(list.status == .ok)
            let copies = try #require(try JSONSerialization.jsonObject(with: Data(list.text.utf8)) as? [[String: Any]])
            #expect(copies.count == 1 && copies[0]["student"] as? Int64 == key && copies[0]["name"] as? String == "paper3" && copies[0]["page"] as? Int == 1)
            let candidates = try #require(copies[0]["candidates"] as? [[String: Any]])
            #expect(candidates.count == 3)
            let first = try #require(candidates.first?["rosterID"] as? String), name = try #require(candidates.first?["name"] as? String)
            let stranger = try await client.send(.post, "/api/id-reviews/\(key)", #"{"rosterID":"123"}"#)
            #expect(stranger.status == .badRequest)
            #expect((stranger.json["error"] as? String)?.hasPrefix("Roster id 123 is not one of the students offered for paper3 (\(first), ") == true)
            let confirmed = try await client.send(.post, "/api/id-reviews/\(key)", #"{"rosterID":"\#(first)"}"#)
            #expect(confirmed.status == .ok && confirmed.json["name"] as? String == name && confirmed.json["rosterID"] as? String == first)
            #expect(try await client.send(.get, "/api/id-reviews").text == "[]")
            let again = try await client.send(.post, "/api/id-reviews/\(key)", #"{"rosterID":"\#(first)"}"#)
            #expect(again.status == .conflict)
            #expect(again.json["error"] as? String
                == "\(name) is not waiting for its student number to be confirmed: it was matched meanwhile, or ezgrader match --roster has not left it for review.")
        }
        #expect(try project.history(limit: 1)[0].description == "match paper3 to \(try #require(try project.directory().students.last?.student.name)) (its student number confirmed)")
    }
}
