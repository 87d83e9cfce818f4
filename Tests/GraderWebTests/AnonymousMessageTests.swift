import Foundation
@testable import GraderWeb
import GraderKit
import Hummingbird
import HummingbirdTesting
import Testing

/// Anonymous grading through every door that tells a grader about a student: a score changed
/// meanwhile (409), undo and redo, a refused change of a box and a changed scan all name the
/// pseudonym, never the real name nor the scan file that holds it.
@Suite(.serialized) struct AnonymousMessageTests {
    /// A project graded anonymously, whose students' names appear in nothing the server says.
    private static func anonymousFixture() throws -> (WebFixture, anna: Int64, pseudonym: String) {
        let fixture = try WebFixture(names: ["Schmidt, Anna", "Okafor, Ben", "Cy"])
        try fixture.project.setAnonymous(true)
        let anna = try fixture.key("Schmidt, Anna")
        let pseudonym = try #require(try fixture.project.displayNames(fixture.project.gradeBook())[StudentKey(anna)])
        return (fixture, anna, pseudonym)
    }

    private static func expectNoRealName(_ response: TestResponse, sourceLocation: SourceLocation = #_sourceLocation) {
        for name in ["Schmidt", "Anna", "Okafor", "scans/"] {
            #expect(!response.text.contains(name), "\(response.text)", sourceLocation: sourceLocation)
        }
    }

    @Test func aScoreChangedMeanwhileNamesThePseudonym() async throws {
        let (fixture, anna, pseudonym) = try Self.anonymousFixture()
        let q1 = try fixture.question("Q1")
        try await fixture.test { client in
            _ = try await client.send(.put, "/api/scores/\(anna)/\(q1)", #"{"score":"3","expected":"?"}"#)
            let stale = try await client.send(.put, "/api/scores/\(anna)/\(q1)", #"{"score":"1","expected":"?"}"#, as: "cy")
            #expect(stale.status == .conflict)
            #expect(stale.json["error"] as? String
                == "Not saved: \(pseudonym)'s score on Q1 was ? when you looked, but ann changed it to 3 meanwhile. Look again and score it anew if it should change.")
            Self.expectNoRealName(stale)
            // Cy builds on ann's score; ann's undo is refused naming both steps.
            _ = try await client.send(.put, "/api/scores/\(anna)/\(q1)", #"{"score":"2","expected":"3"}"#, as: "cy")
            let blocked = try await client.send(.post, "/api/undo")
            #expect(blocked.status == .conflict)
            #expect((blocked.json["error"] as? String)?.hasPrefix("Cannot undo 'score \(pseudonym) on Q1: 3': cy changed the same rows, or rows that depend on them, afterwards") == true,
                    "\(blocked.text)")
            Self.expectNoRealName(blocked)
        }
    }

    @Test func undoAndRedoNameThePseudonym() async throws {
        let (fixture, anna, pseudonym) = try Self.anonymousFixture()
        try await fixture.test { client in
            #expect(try await client.send(.post, "/api/pages/\(anna)/1/notes", #"{"x":100,"y":100,"text":"see me"}"#).status == .created)
            let undo = try await client.send(.post, "/api/undo")
            #expect(undo.status == .ok)
            #expect(undo.json["step"] as? String == "note on \(pseudonym) page 1")
            Self.expectNoRealName(undo)
            let redo = try await client.send(.post, "/api/redo")
            #expect(redo.json["step"] as? String == "note on \(pseudonym) page 1")
            Self.expectNoRealName(redo)
        }
        try fixture.project.setAnonymous(false)
        #expect(try fixture.project.acting(as: Grader("ann")).undo()?.description == "note on Schmidt, Anna page 1", "names come back when it is off")
    }

    @Test func aRefusedMaximumNamesPseudonyms() async throws {
        let (fixture, anna, pseudonym) = try Self.anonymousFixture()
        let q1 = try fixture.question("Q1")
        try await fixture.test { client in
            _ = try await client.send(.put, "/api/scores/\(anna)/\(q1)", #"{"score":"3.5"}"#)
            let lowered = try await client.send(.patch, "/api/questions/\(q1)", #"{"max":"2"}"#)
            #expect(lowered.status == .badRequest)
            #expect(lowered.json["error"] as? String == "Q1 cannot be worth 2: \(pseudonym) already has more. Lower those scores first.")
            Self.expectNoRealName(lowered)
        }
    }

    @Test func aChangedScanIsReportedByPseudonymWithoutItsPath() async throws {
        let (fixture, anna, pseudonym) = try Self.anonymousFixture()
        let entry = try #require(try fixture.project.gradeBook().students.first { $0.key.rawValue == anna })
        let scan = try FileHandle(forWritingTo: URL(fileURLWithPath: fixture.project.scanPath(entry)))
        try scan.seekToEnd()
        try scan.write(contentsOf: Data("%changed\n".utf8))
        try scan.close()
        try await fixture.test { client in
            let image = try await client.send(.get, "/api/pages/\(anna)/1/image?width=480")
            #expect(image.status == .badRequest)
            #expect(image.json["error"] as? String == "The scan of \(pseudonym) changed since it was imported (its SHA-256 differs): "
                + "put the original file back, or remove and re-add the student.")
            Self.expectNoRealName(image)
        }
    }
}
