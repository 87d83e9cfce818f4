import Foundation
@testable import GraderWeb
import GraderKit
import Hummingbird
import HummingbirdTesting
import Testing
import TestSupport

/// A page lined up by hand over HTTP: the boxes on it move and turn by what was sent, as one step;
/// a turn past 45° is refused by name, and nothing moves. The reference page the browser lays over
/// it is the reference student's page, and each page layer says how the page is aligned.
@Suite(.serialized) struct AlignmentRouteTests {
    @Test func aPageLinedUpByHandCarriesItsBoxesAndABadMoveIsRefused() async throws {
        let fixture = try WebFixture()
        let ben = try fixture.key("Ben")
        let q1 = try fixture.project.question(named: "Q1").question.id
        let before = try fixture.project.placement(of: q1, for: StudentKey(ben)).box.origin
        try await fixture.test { client in
            let aligned = try await client.send(.post, "/api/pages/\(ben)/1/alignment", #"{"dx":12,"dy":-8,"degrees":1.5}"#)
            #expect(aligned.status == .ok)
            let wide = try await client.send(.post, "/api/pages/\(ben)/1/alignment", #"{"dx":0,"dy":0,"degrees":90}"#)
            #expect(wide.status == .badRequest)
            #expect((wide.json["error"] as? String)?.hasPrefix("Move '0,0,90' is not understood: give dx,dy[,degrees]") == true)
        }
        let after = try fixture.project.placement(of: q1, for: StudentKey(ben))
        let angle = 1.5 * .pi / 180, (cx, cy) = (306.0, 396.0)
        let (x, y) = (before.x - cx, before.y - cy)
        let expected = (x: cx + x * cos(angle) - y * sin(angle) + 12, y: cy + x * sin(angle) + y * cos(angle) - 8)
        #expect(hypot(after.box.origin.x - expected.x, after.box.origin.y - expected.y) < 0.01, "\(after.box.origin) against \(expected)")
        #expect(after.alignment?.byHand == true)
        #expect(try fixture.project.history(limit: 1)[0].description == "align Ben page 1 by hand (12,-8,1.5°)")
    }

    @Test func theReferencePageIsServedAndEachPageSaysHowItIsAligned() async throws {
        let fixture = try WebFixture()
        let (anna, ben) = (try fixture.key("Anna"), try fixture.key("Ben"))
        try await fixture.test { client in
            let reference = try await client.send(.get, "/api/reference/1/image?width=800")
            #expect(reference.status == .ok && reference.headers[.contentType] == "image/jpeg")
            let annas = try await client.send(.get, "/api/pages/\(anna)/1/image?width=800")
            #expect(Array(reference.body.readableBytesView) == Array(annas.body.readableBytesView), "Anna's booklet is the reference")
            let missing = try await client.send(.get, "/api/reference/9/image")
            #expect(missing.status == .notFound)
            #expect((missing.json["error"] as? String)?.contains("9") == true, "\(missing.json)")
            let layer = try await client.send(.get, "/api/pages/\(ben)/1").json
            let alignment = try #require(layer["alignment"] as? [String: Any])
            #expect(alignment["flagged"] as? Bool == false && alignment["byHand"] as? Bool == false)
            #expect(alignment["referenceWidth"] as? Double == 612 && alignment["referenceHeight"] as? Double == 792)
            #expect(abs((alignment["a"] as? Double ?? 0) - 1) < 0.02, "Ben's scan is Anna's size, barely turned")
        }
    }
}
