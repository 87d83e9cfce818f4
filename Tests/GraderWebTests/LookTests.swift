import Foundation
@testable import GraderWeb
@_spi(Rules) import GraderCore
import GraderKit
import Hummingbird
import HummingbirdTesting
import Testing

/// The screen draws the grade layer with what the PDF draws it with: the server serves the core's
/// `GradeLayerLook`, and no copy of those values is left in the page's scripts to drift from it.
@Suite struct LookTests {
    static let look = GradeLayerLook.standard

    @Test func theServedLookIsTheCoresLook() async throws {
        let fixture = try WebFixture()
        try await fixture.test { client in
            let served = try await client.send(.get, "/api/look")
            #expect(served.status == .ok)
            let expected = try JSONSerialization.jsonObject(with: JSONEncoder().encode(Self.look)) as? NSDictionary
            #expect(served.json as NSDictionary == expected)
            #expect(served.json["ungradedColor"] as? String == "#e07000", "orange on screen as in the PDF, not grey")
            #expect(served.json["boxSize"] as? [String: Double] == ["width": BoxSize.standard.width, "height": BoxSize.standard.height])
            #expect(served.json["minBoxSide"] as? Double == GradingRules.minBoxSide)
            #expect(served.json["imageWidths"] as? [Int] == PageImageCache.widths)
            let document = try await client.send(.get, "/api/openapi.json").json
            let schema = ((document["components"] as? [String: Any])?["schemas"] as? [String: Any])?["GradeLayerLook"] as? [String: Any]
            #expect(Set(served.json.keys) == Set((schema?["required"] as? [String]) ?? []), "openapi.json declares what is served")
            #expect(Set(served.json.keys) == Set(((schema?["properties"] as? [String: Any]) ?? [:]).keys))
        }
    }

    @Test func theScriptsHoldNoCopyOfTheLook() async throws {
        let fixture = try WebFixture()
        // Numbers the scripts once copied: image widths, the standard box (64×22) and its old minimum
        // (16×12), the pen (1.5, #d01010), the pressure rule (0.35 + 1.3 p), notes wrapped by a character
        // count (0.55, 0.56 of the font size, 1.25 line height), the grey of an ungraded box.
        let numbers = ["480", "800", "1200", "1600", "2400", "64", "22", "16", "12", "1.5", "0.35", "1.3", "0.55", "0.56", "0.6", "11"]
        let colours = [Self.look.gradedColor.description, Self.look.ungradedColor.description, Self.look.ink.color.description,
                       "#8a929b", "#c8102e"]
        try await fixture.test { client in
            for name in ["ink.js", "pageview.js", "api.js", "grade.js"] {
                let script = try await client.send(.get, "/assets/\(name)").text
                #expect(!script.isEmpty)
                let literals = Set(script.matches(of: /(?:^|[^\w.])(\d+(?:\.\d+)?)(?![\w.])/).map { String($0.output.1) })
                #expect(literals.isDisjoint(with: numbers), "\(name) copies \(literals.intersection(numbers).sorted())")
                #expect(!colours.contains { script.lowercased().contains($0) }, "\(name) holds a colour of the grade layer")
                #expect(!script.contains("perLine"), "\(name) wraps notes itself")
            }
            let style = try await client.send(.get, "/assets/app.css").text.lowercased()
            #expect(!colours.dropLast().contains { style.contains($0) }, "app.css holds a colour of the grade layer")
            #expect(!style.contains(".box rect"), "a box's frame is styled from the look")
        }
    }
}
