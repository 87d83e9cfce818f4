import Foundation
@testable import GraderWeb
import GraderKit
import Hummingbird
import HummingbirdTesting
import Testing
import TestSupport

/// The highlighter and the lasso over HTTP: a highlighter stroke comes back as one; a loop names
/// what it takes; those move and go together, one step each; bad kinds and ids are refused by name.
@Suite(.serialized) struct InkRouteTests {
    @Test func aHighlighterStrokeIsStoredAsOneAndAnUnknownKindIsRefused() async throws {
        let fixture = try WebFixture()
        let anna = try fixture.key("Anna")
        try await fixture.test { client in
            let added = try await client.send(.post, "/api/pages/\(anna)/1/ink", #"{"points":[[100,300],[200,300]],"kind":"highlighter"}"#)
            #expect(added.status == .created)
            let pencil = try await client.send(.post, "/api/pages/\(anna)/1/ink", #"{"points":[[100,300],[200,300]],"kind":"pencil"}"#)
            #expect(pencil.status == .badRequest)
            #expect(pencil.json["error"] as? String == "An ink kind is pen or highlighter, not pencil.")
        }
        let strokes = try fixture.project.pageLayer(student: StudentKey(anna), page: 1).strokes
        #expect(strokes.map(\.kind) == ["highlighter"] && strokes[0].width == GradeLayerLook.standard.highlighterWidth,
                "the highlighter's width when none is given")
    }

    @Test func theLassoNamesWhatItTakesWhichThenMoveAndGoTogether() async throws {
        let fixture = try WebFixture()
        let anna = try fixture.key("Anna")
        try await fixture.test { client in
            var ids: [Int64] = []
            for path in ["[[110,110],[150,120]]", "[[120,150],[180,150]]", "[[300,300],[350,300]]"] {
                ids.append(try #require(try await client.send(.post, "/api/pages/\(anna)/1/ink", #"{"points":\#(path)}"#).json["id"] as? Int64))
            }
            let taken = try await client.send(.post, "/api/pages/\(anna)/1/lasso", #"{"points":[[100,100],[200,100],[200,200],[100,200]]}"#)
            #expect(taken.json["ids"] as? [Int64] == Array(ids.prefix(2)))
            let badLoop = try await client.send(.post, "/api/pages/\(anna)/1/lasso", #"{"points":[[100,100,1]]}"#)
            #expect(badLoop.json["error"] as? String == "Each lasso point is [x, y] in points.")
            let moved = try await client.send(.patch, "/api/annotations", #"{"ids":[\#(ids[0]),\#(ids[1])],"dx":10,"dy":5}"#)
            #expect(moved.status == .ok)
            let layer = try fixture.project.pageLayer(student: StudentKey(anna), page: 1)
            #expect(layer.strokes.map { $0.points[0].map { ($0 * 100).rounded() / 100 } } == [[120, 115], [130, 155], [300, 300]])
            #expect(try fixture.project.history(limit: 1)[0].description == "move 2 annotations")
            let none = try await client.send(.patch, "/api/annotations", #"{"ids":[],"dx":10,"dy":5}"#)
            #expect(none.json["error"] as? String == "Name at least one annotation (ids).")
            let badIDs = try await client.send(.delete, "/api/annotations?ids=1,two")
            #expect(badIDs.json["error"] as? String == "ids is a list of annotation ids (1,2,3), not '1,two'.")
            #expect(try await client.send(.delete, "/api/annotations?ids=\(ids[0]),\(ids[1])").status == .ok)
            #expect(try await client.send(.delete, "/api/annotations?ids=\(ids[0])").status == .notFound)
            #expect(try fixture.project.pageLayer(student: StudentKey(anna), page: 1).strokes.map(\.id) == [ids[2]])
        }
    }
}
