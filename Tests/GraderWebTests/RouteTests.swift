import Foundation
@testable import GraderWeb
import GraderKit
import Hummingbird
import HummingbirdTesting
import Testing
import TestSupport

/// Every API call, with what a grader would notice: the score stored, the box placed, the stroke
/// gone; and bad input (unknown ids, off the page, numbers that are not numbers) refused by name.
@Suite(.serialized) struct RouteTests {
    @Test func aGraderSaysWhoTheyAreOnceAndChangesNeedIt() async throws {
        let fixture = try WebFixture()
        try await fixture.test { client in
            let anonymous = try await client.send(.get, "/api/me", as: nil)
            #expect(anonymous.json["grader"] == nil || anonymous.json["grader"] is NSNull)
            #expect((anonymous.json["questions"] as? [[String: Any]])?.map { $0["name"] as? String } == ["Q1", "Q2", "Q3"])
            let refused = try await client.send(.post, "/api/undo", as: nil)
            #expect(refused.status == .unauthorized)
            #expect(refused.json["error"] as? String == "Say who is grading first (POST /api/me with a name).")
            let named = try await client.send(.post, "/api/me", #"{"name":"Zoë Ångström"}"#, as: nil)
            #expect(named.json["grader"] as? String == "Zoë Ångström")
            #expect(named.headers[.setCookie]?.hasPrefix("ezgrader_grader=Zo%C3%AB%20%C3%85ngstr%C3%B6m") == true)
            let empty = try await client.send(.post, "/api/me", #"{"name":"  "}"#, as: nil)
            #expect(empty.status == .badRequest)
        }
    }

    @Test func aScoreIsSavedAsTheGraderAndAStaleOneIsRefusedNamingWhoChangedIt() async throws {
        let fixture = try WebFixture()
        let (ben, q1) = (try fixture.key("Ben"), try fixture.question("Q1"))
        try await fixture.test { client in
            let saved = try await client.send(.put, "/api/scores/\(ben)/\(q1)", #"{"score":"3.5","expected":"?"}"#)
            #expect(saved.status == .ok && saved.json["score"] as? String == "3.5")
            let stale = try await client.send(.put, "/api/scores/\(ben)/\(q1)", #"{"score":"1","expected":"?"}"#, as: "cy")
            #expect(stale.status == .conflict)
            #expect((stale.json["error"] as? String)?.contains("ann") == true)
            let tooMany = try await client.send(.put, "/api/scores/\(ben)/\(q1)", #"{"score":"5"}"#)
            #expect(tooMany.status == .badRequest)
            #expect((tooMany.json["error"] as? String)?.contains("4") == true)
            let notANumber = try await client.send(.put, "/api/scores/\(ben)/\(q1)", #"{"score":"NaN"}"#)
            #expect(notANumber.status == .badRequest)
            let unknown = try await client.send(.put, "/api/scores/999/\(q1)", #"{"score":"1"}"#)
            #expect(unknown.status == .notFound)
            let badJSON = try await client.send(.put, "/api/scores/\(ben)/\(q1)", #"{"points":1}"#)
            #expect(badJSON.status == .badRequest)
            #expect(badJSON.json["error"] as? String == "The request body lacks `score`: see /api/openapi.json.")
            let notJSON = try await client.send(.put, "/api/scores/\(ben)/\(q1)", "score=1")
            #expect(notJSON.json["error"] as? String == "The request body is not JSON: see /api/openapi.json.")
        }
        let record = try #require(try fixture.project.scoreRecord(student: StudentKey(ben), question: QuestionID(q1)))
        #expect(record.points.description == "3.5" && record.grader == "ann")
    }

    @Test func anotherGradersScoreIsReplacedOnlyOnPurpose() async throws {
        let fixture = try WebFixture()
        let (ben, q1) = (try fixture.key("Ben"), try fixture.question("Q1"))
        try await fixture.test { client in
            #expect(try await client.send(.put, "/api/scores/\(ben)/\(q1)", #"{"score":"3"}"#, as: "ann").status == .ok)
            let unseen = try await client.send(.put, "/api/scores/\(ben)/\(q1)", #"{"score":"1"}"#, as: "cy")
            #expect(unseen.status == .conflict)
            #expect((unseen.json["error"] as? String)?.hasPrefix("That score was given by another grader (Ben on Q1: 3 by ann)") == true)
            let meant = try await client.send(.put, "/api/scores/\(ben)/\(q1)", #"{"score":"1","overwrite":true}"#, as: "cy")
            #expect(meant.status == .ok && meant.json["score"] as? String == "1")
        }
    }

    @Test func theCardWalksTheGradersOrderAndJumpsToTheNextUngraded() async throws {
        let fixture = try WebFixture()
        let (anna, ben, cy, q1) = (try fixture.key("Anna"), try fixture.key("Ben"), try fixture.key("Cy"), try fixture.question("Q1"))
        _ = try fixture.project.setScore(.points(Points("2")!), student: StudentKey(ben), question: QuestionID(q1))
        try await fixture.test { client in
            let first = try await client.send(.get, "/api/questions/\(q1)/card")
            #expect(first.json["student"] as? Int64 == anna)
            #expect(first.json["position"] as? Int == 1 && first.json["count"] as? Int == 3 && first.json["ungraded"] as? Int == 2)
            #expect((first.json["upcoming"] as? [[String: Int64]]) == [["student": ben, "page": 1], ["student": cy, "page": 1]])
            let region = try #require(first.json["region"] as? [String: Double])
            #expect(region["y"] == 88 && region["width"] == 612, "from the box (at y 100, less the margin), full width")
            #expect(region["height"] == 306, "down to half a margin above Q2's box at y 400")
            let skip = try await client.send(.get, "/api/questions/\(q1)/card?student=\(anna)&move=next-ungraded")
            #expect(skip.json["student"] as? Int64 == cy, "Ben is graded")
            #expect((skip.json["upcoming"] as? [Any])?.isEmpty == true)
            let back = try await client.send(.get, "/api/questions/\(q1)/card?student=\(cy)&move=previous")
            #expect(back.json["student"] as? Int64 == ben && back.json["score"] as? String == "2" && back.json["gradedBy"] as? String == "owner")
            let badMove = try await client.send(.get, "/api/questions/\(q1)/card?move=sideways")
            #expect(badMove.status == .badRequest)
            #expect(badMove.json["error"] as? String == "'sideways' is not a move: use here, next, previous, next-ungraded.")
            #expect(try await client.send(.get, "/api/questions/77/card").status == .notFound)
            #expect(try await client.send(.get, "/api/questions/abc/card").status == .badRequest)
        }
    }

    @Test func aRubricItemMovesInItsList() async throws {
        let fixture = try WebFixture()
        let q1 = try fixture.question("Q1")
        try await fixture.test { client in
            for text in ["Sign error", "No units"] {
                #expect(try await client.send(.post, "/api/questions/\(q1)/rubric", #"{"text":"\#(text)","points":"-1"}"#).status == .created)
            }
            #expect(try await client.send(.patch, "/api/questions/\(q1)/rubric/2", #"{"position":1}"#).status == .ok)
            let items = try await client.send(.get, "/api/questions/\(q1)/rubric")
            #expect(items.text.contains(#""text":"No units""#) && items.text.range(of: "No units")!.lowerBound < items.text.range(of: "Sign error")!.lowerBound,
                    "\(items.text)")
            #expect(try await client.send(.patch, "/api/questions/\(q1)/rubric/2", #"{"position":1,"text":"x"}"#).status == .badRequest)
            #expect(try await client.send(.patch, "/api/questions/\(q1)/rubric/1", #"{"position":3}"#).status == .badRequest)
        }
    }

    @Test func rubricItemsScoreThroughTheAPI() async throws {
        let fixture = try WebFixture()
        let (anna, q1) = (try fixture.key("Anna"), try fixture.question("Q1"))
        _ = try fixture.project.addRubricItem(question: QuestionID(q1), text: "Sign error", points: Points("-1")!)
        try await fixture.test { client in
            let applied = try await client.send(.post, "/api/scores/\(anna)/\(q1)/items", #"{"add":[1],"expected":"?"}"#)
            #expect(applied.json["score"] as? String == "3")
            let card = try await client.send(.get, "/api/questions/\(q1)/card?student=\(anna)")
            let items = try #require(card.json["items"] as? [[String: Any]])
            #expect(items.first?["applied"] as? Bool == true && items.first?["points"] as? String == "−1")
            let unknown = try await client.send(.post, "/api/scores/\(anna)/\(q1)/items", #"{"add":[4]}"#)
            #expect(unknown.status == .badRequest)
        }
    }

    @Test func thePageLayerListsBoxesNotesAndInkAndTheOverviewEveryScore() async throws {
        let fixture = try WebFixture()
        let (anna, q1) = (try fixture.key("Anna"), try fixture.question("Q1"))
        try await fixture.test { client in
            let note = try await client.send(.post, "/api/pages/\(anna)/1/notes", #"{"x":100,"y":200,"text":"Show the limit."}"#)
            #expect(note.status == .created)
            let ink = try await client.send(.post, "/api/pages/\(anna)/1/ink", #"{"points":[[100,300],[150,310],[200,300]],"pressures":[0.2,0.9,0.4],"width":2}"#)
            #expect(ink.status == .created)
            _ = try await client.send(.put, "/api/scores/\(anna)/\(q1)", #"{"score":"4"}"#)
            let layer = try await client.send(.get, "/api/pages/\(anna)/1")
            let boxes = try #require(layer.json["boxes"] as? [[String: Any]])
            #expect(boxes.map { "\($0["name"]!) \($0["score"]!)/\($0["max"]!) at \($0["x"]!),\($0["y"]!)" } == ["Q1 4/4 at 300,100", "Q2 ?/2 at 300,400"])
            let notes = try #require(layer.json["notes"] as? [[String: Any]])
            #expect(notes.first?["text"] as? String == "Show the limit.")
            let strokes = try #require(layer.json["strokes"] as? [[String: Any]])
            #expect(strokes.first?["pressures"] as? [Double] == [0.2, 0.9, 0.4])
            #expect(layer.json["total"] as? String == "Total 4 / 9 · 2 ungraded")
            let overview = try await client.send(.get, "/api/overview")
            let rows = try #require(overview.json["students"] as? [[String: Any]])
            #expect(rows.map { "\($0["name"]!): \(($0["scores"] as! [String]).joined(separator: " ")) by \(($0["graders"] as! [String]).joined(separator: ","))" }
                    == ["Anna: 4 ? ? by ann,,", "Ben: ? ? ? by ,,", "Cy: ? ? ? by ,,"])
            #expect(try await client.send(.get, "/api/pages/\(anna)/3").status == .notFound)
            #expect(try await client.send(.get, "/api/pages/999/1").status == .notFound)
        }
    }

    @Test func notesAndStrokesAreEditedMovedErasedAndRemoved() async throws {
        let fixture = try WebFixture()
        let anna = try fixture.key("Anna")
        try await fixture.test { client in
            let note = try await client.send(.post, "/api/pages/\(anna)/1/notes", #"{"x":100,"y":200,"text":"Draft"}"#)
            let noteID = try #require(note.json["id"] as? Int64)
            #expect(try await client.send(.patch, "/api/annotations/\(noteID)", #"{"text":"Final","dx":10,"dy":-20}"#).status == .ok)
            let stroke = try await client.send(.post, "/api/pages/\(anna)/1/ink", #"{"points":[[100,300],[200,300]]}"#)
            let strokeID = try #require(stroke.json["id"] as? Int64)
            let miss = try await client.send(.post, "/api/pages/\(anna)/1/erase", #"{"x":150,"y":500}"#)
            #expect(miss.status == .badRequest)
            let erased = try await client.send(.post, "/api/pages/\(anna)/1/erase", #"{"x":150,"y":301}"#)
            #expect(erased.json["removed"] as? [Int64] == [strokeID])
            let layer = try fixture.project.pageLayer(student: StudentKey(anna), page: 1)
            #expect(layer.notes.map { "\($0.text) \(Int($0.x.rounded())),\(Int($0.y.rounded()))" } == ["Final 110,180"] && layer.strokes.isEmpty)
            #expect(try await client.send(.delete, "/api/annotations/\(noteID)").status == .ok)
            #expect(try await client.send(.delete, "/api/annotations/\(noteID)").status == .notFound)
            let offPage = try await client.send(.post, "/api/pages/\(anna)/1/notes", #"{"x":5000,"y":200,"text":"Lost"}"#)
            #expect(offPage.status == .badRequest)
            #expect((offPage.json["error"] as? String)?.hasPrefix("Position 5000,200 is off page 1") == true)
            let infinite = try await client.send(.post, "/api/pages/\(anna)/1/notes", #"{"x":1e999,"y":200,"text":"Far"}"#)
            #expect(infinite.status == .badRequest)
            let badPoint = try await client.send(.post, "/api/pages/\(anna)/1/ink", #"{"points":[[1,2,3]]}"#)
            #expect(badPoint.json["error"] as? String == "Each ink point is [x, y] in points.")
        }
        #expect(try fixture.project.pageLayer(student: StudentKey(anna), page: 1).notes.isEmpty)
    }

    @Test func gradeBoxesArePlacedMovedAndRemovedForEveryone() async throws {
        let fixture = try WebFixture()
        let (ben, q3) = (try fixture.key("Ben"), try fixture.question("Q3"))
        try await fixture.test { client in
            let added = try await client.send(.post, "/api/questions", #"{"page":2,"x":300,"y":500,"max":"5","student":\#(ben)}"#)
            #expect(added.status == .created)
            let id = try #require(added.json["id"] as? Int64)
            // Dragged on Ben's page: it lands where it was dropped there (carried through his page's alignment).
            #expect(try await client.send(.patch, "/api/questions/\(id)", #"{"dx":-100,"dy":20,"student":\#(ben)}"#).status == .ok)
            let off = try await client.send(.patch, "/api/questions/\(id)", #"{"dx":5000}"#)
            #expect(off.status == .badRequest)
            #expect(try await client.send(.patch, "/api/questions/\(q3)", #"{"max":"6","width":90,"height":30}"#).status == .ok)
            let tooWide = try await client.send(.patch, "/api/questions/\(q3)", #"{"width":900}"#)
            #expect(tooWide.status == .badRequest)
            let layer = try fixture.project.pageLayer(student: StudentKey(ben), page: 2)
            let q3OnBen = try fixture.project.placement(of: QuestionID(q3), for: StudentKey(ben)).box.origin
            #expect(layer.boxes.map { String(format: "%@ %@ %.2f,%.2f %g×%g", $0.name, $0.max, $0.x, $0.y, $0.width, $0.height) }
                    == [String(format: "Q3 6 %.2f,%.2f 90×30", q3OnBen.x, q3OnBen.y), "p2q2 5 200.00,520.00 64×22"])
            #expect(try await client.send(.delete, "/api/questions/\(id)").status == .ok)
            #expect(try await client.send(.delete, "/api/questions/\(id)").status == .notFound)
            let noMax = try await client.send(.post, "/api/questions", #"{"page":2,"x":300,"y":500,"max":"0"}"#)
            #expect(noMax.status == .badRequest)
        }
        #expect(try fixture.project.pageLayer(student: StudentKey(ben), page: 2).boxes.count == 1)
    }

    @Test func gradeTablesAndAGradedPDFDownloadButNotWhileAnonymous() async throws {
        let fixture = try WebFixture()
        let (ben, q1) = (try fixture.key("Ben"), try fixture.question("Q1"))
        _ = try fixture.project.setScore(.points(Points("2.5")!), student: StudentKey(ben), question: QuestionID(q1))
        try await fixture.test { client in
            let table = try await client.send(.get, "/api/downloads/table?layout=questions")
            #expect(table.status == .ok && table.headers[.contentType] == "text/csv; charset=utf-8")
            #expect(table.headers[.contentDisposition] == "attachment; filename=\"scores-questions.csv\"; filename*=UTF-8''scores%2Dquestions%2Ecsv")
            #expect(table.text.hasPrefix("Page Number,Question Number,Max Question Points,Anna,Ben,Cy\r\nPage 1,Q1,4,?,2.5,?\r\n"), "\(table.text)")
            #expect(try await client.send(.get, "/api/downloads/table?layout=ledger").status == .badRequest)
            let pdf = try await client.send(.get, "/api/downloads/graded/\(ben)")
            #expect(pdf.status == .ok && pdf.headers[.contentType] == "application/pdf")
            #expect(pdf.headers[.contentDisposition]?.hasPrefix("attachment; filename=\"Ben.pdf\"") == true)
            let file = TemporaryFolder()
            try Data(pdf.body.readableBytesView).write(to: URL(fileURLWithPath: file.file("Ben.pdf")))
            #expect(try runCommand("/usr/bin/qpdf", ["--show-npages", file.file("Ben.pdf")]).output == "3\n", "a cover page, then Ben's two pages")
            #expect(try await client.send(.get, "/api/downloads/graded/999").status == .notFound)
            try fixture.project.setAnonymous(true)
            let hidden = try await client.send(.get, "/api/downloads/graded/\(ben)")
            #expect(hidden.status == .conflict)
            #expect(hidden.json["error"] as? String == "The graded PDFs carry the students' real names: turn anonymous grading off to download them.")
            #expect(try await client.send(.get, "/api/downloads/table").status == .conflict)
        }
    }

    @Test func aBoxEditIsOneStepAndARefusedPartSavesNothing() async throws {
        let fixture = try WebFixture()
        let q3 = try fixture.question("Q3")
        let before = try fixture.project.question(id: QuestionID(q3)).question
        try await fixture.test { client in
            let refused = try await client.send(.patch, "/api/questions/\(q3)", #"{"dx":5,"width":1}"#)
            #expect(refused.status == .badRequest)
            #expect(try fixture.project.question(id: QuestionID(q3)).question == before, "the move of a refused edit is not saved")
            #expect(try await client.send(.patch, "/api/questions/\(q3)", #"{"dx":5,"dy":4,"width":90,"height":30,"max":"6"}"#).status == .ok)
            #expect(try fixture.project.history(limit: 1).map(\.description) == ["edit question Q3"], "one step for move, size and maximum")
            #expect(try await client.send(.post, "/api/undo").json["step"] as? String == "edit question Q3")
            #expect(try fixture.project.question(id: QuestionID(q3)).question == before, "one undo takes the whole edit back")
        }
    }

    @Test func undoAndRedoTakeBackOnlyTheGradersOwnSteps() async throws {
        let fixture = try WebFixture()
        let (anna, q1) = (try fixture.key("Anna"), try fixture.question("Q1"))
        try await fixture.test { client in
            _ = try await client.send(.put, "/api/scores/\(anna)/\(q1)", #"{"score":"2"}"#)
            let other = try await client.send(.post, "/api/undo", as: "cy")
            #expect(other.status == .ok && (other.json["step"] == nil || other.json["step"] is NSNull), "cy has nothing to undo")
            let undone = try await client.send(.post, "/api/undo")
            #expect((undone.json["step"] as? String)?.contains("Anna") == true)
            #expect(try fixture.project.scoreRecord(student: StudentKey(anna), question: QuestionID(q1)) == nil)
            _ = try await client.send(.post, "/api/redo")
            #expect(try fixture.project.scoreRecord(student: StudentKey(anna), question: QuestionID(q1))?.points.description == "2")
        }
    }

    @Test func pageImagesAreJPEGsAtSnappedWidthsServedFromTheCacheTheSecondTime() async throws {
        let fixture = try WebFixture()
        let anna = try fixture.key("Anna")
        try await fixture.test { client in
            let first = try await client.send(.get, "/api/pages/\(anna)/1/image?width=700")
            #expect(first.status == .ok && first.headers[.contentType] == "image/jpeg")
            let bytes = Array(first.body.readableBytesView)
            #expect(bytes.prefix(2) == [0xFF, 0xD8])
            #expect(JPEGSize.of(bytes)?.width == 800, "700 snaps up to 800")
            let cached = try FileManager.default.contentsOfDirectory(atPath: fixture.folder.file("exam.ezgrader/cache/pages"))
            #expect(cached.count == 1 && cached[0].hasPrefix("s\(anna)-p1-w800"))
            let second = try await client.send(.get, "/api/pages/\(anna)/1/image?width=800")
            #expect(Array(second.body.readableBytesView) == bytes)
            #expect(try await client.send(.get, "/api/pages/\(anna)/1/image?width=0").status == .badRequest)
            #expect(try await client.send(.get, "/api/pages/\(anna)/9/image").status == .notFound)
        }
    }

    @Test func anonymousGradingShowsPseudonymsAndCoversTheNameRegion() async throws {
        let fixture = try WebFixture()
        try fixture.project.setAnonymous(true, nameRegions: [NameRegion(page: 1, rect: PageRect(origin: PagePoint(x: 0, y: 0), width: 612, height: 200))])
        let anna = try fixture.key("Anna"), q1 = try fixture.question("Q1")
        try await fixture.test { client in
            let card = try await client.send(.get, "/api/questions/\(q1)/card?student=\(anna)")
            let name = try #require(card.json["name"] as? String)
            #expect(name.hasPrefix("Student ") && name.count == 12 && !name.contains("Anna"))
            let overview = try await client.send(.get, "/api/overview")
            #expect((overview.json["students"] as? [[String: Any]])?.contains { ($0["name"] as? String)?.contains("Anna") == true } == false)
            let image = try await client.send(.get, "/api/pages/\(anna)/1/image?width=480")
            let cached = try FileManager.default.contentsOfDirectory(atPath: fixture.folder.file("exam.ezgrader/cache/pages"))
            #expect(image.status == .ok && cached.first?.contains("-c0_0_612_200") == true, "the covered image is its own cache entry")
        }
        let again = try fixture.project.displayNames(try fixture.project.gradeBook())[StudentKey(anna)]
        #expect(again?.hasPrefix("Student ") == true, "the same pseudonym every time")
    }

    @Test func theChangeFeedTellsOfAChangeMadeElsewhere() async throws {
        let fixture = try WebFixture()
        let (anna, q1) = (try fixture.key("Anna"), try fixture.question("Q1"))
        let feed = ChangeFeed(project: fixture.project, interval: .milliseconds(20))
        defer { feed.stop() }
        var events = feed.subscribe().makeAsyncIterator()
        try await Task.sleep(for: .milliseconds(100))
        // Another process (the command line) changes the project: the feed hears it.
        let cli = try GradingProject.open(fixture.project.folder, as: try Grader("cli"))
        _ = try cli.setScore(.points(Points("1")!), student: StudentKey(anna), question: QuestionID(q1))
        let event = await events.next()
        #expect(event?.hasPrefix("event: change\ndata: ") == true)
        _ = try cli.undo()
        let undone = await events.next()
        #expect(undone?.hasPrefix("event: change") == true && undone != event, "an undo is a change too")
    }

    @Test func aBoxPlacedOrMovedOverAnotherIsKeptAndTheReplyNamesWhatItOverlaps() async throws {
        let fixture = try WebFixture()
        try await fixture.test { client in
            // Q1's box has its top-left corner at 300,100 on page 1.
            let added = try await client.send(.post, "/api/questions", #"{"page":1,"x":310,"y":105,"max":"1","label":"Q1b"}"#)
            #expect(added.status == .created)
            #expect(added.json["overlaps"] as? [String] == ["Q1"])
            let id = try #require(added.json["id"] as? Int64)
            let apart = try await client.send(.patch, "/api/questions/\(id)", #"{"dy":150}"#)
            #expect(apart.json["overlaps"] as? [String] == [])
        }
        #expect(try fixture.project.question(named: "Q1b").question.page == 1)
    }

    @Test func everyAPIRouteIsInTheOpenAPIDocument() async throws {
        let fixture = try WebFixture()
        let router = fixture.server.makeRouter(feed: ChangeFeed(project: fixture.project))
        let served = Set(router.routes.map { "\($0.method) \($0.path)" }.filter { $0.contains(" /api/") })
        try await fixture.test { client in
            let document = try await client.send(.get, "/api/openapi.json")
            let paths = try #require(document.json["paths"] as? [String: [String: Any]])
            let documented = Set(paths.flatMap { path, operations in operations.keys.map { "\($0.uppercased()) \(path)" } })
            #expect(served == documented)
            #expect(served.count == 51)
        }
    }
}
