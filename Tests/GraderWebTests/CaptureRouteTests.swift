import Foundation
@testable import GraderWeb
import GraderKit
import Hummingbird
import HummingbirdTesting
import Testing
import TestSupport

/// POST /api/capture from a grader's personal link: a photo of a sheet whose student number is not
/// on the roster asks who it is and keeps nothing; named, it is added (201) as that student's sheet,
/// recorded as the grader's; a photo that is not a JPEG or PNG is refused with the reason.
@Suite(.serialized) struct CaptureRouteTests {
    @Test func aGraderPhotographsASheetNamesTheStudentAndItIsKept() async throws {
        let fixture = try CaptureFixture()
        let project = try fixture.project(named: "quiz", scans: [fixture.scan])
        let secret = try project.invite(try Grader("ta-ben"), role: .grader).text
        let server = GradingServer(project: project, port: 8080, token: WebFixture.token)
        let photo = Data(try fixture.photo(1).jpeg).base64EncodedString()
        let feed = ChangeFeed(project: project, interval: .milliseconds(50))
        try await Application(router: server.makeRouter(feed: feed)).testWithoutHanging(.router) { client in
            let signIn = try await client.execute(uri: "/?invite=\(secret)", method: .get, headers: [:])
            let cookie = try #require(signIn.headers[.setCookie]).split(separator: ";")[0]
            let headers: HTTPFields = [.cookie: String(cookie), .contentType: "application/json", .origin: "http://localhost:8080"]
            let send = { (body: String) in try await client.execute(uri: "/api/capture", method: .post, headers: headers, body: ByteBuffer(string: body)) }

            let me = try await client.execute(uri: "/api/me", method: .get, headers: headers)
            #expect(me.json["views"] as? [String] == ["capture"], "the Capture tab shows on a one-page bubble sheet")
            let asked = try await send(#"{"photo":"\#(photo)"}"#)
            #expect(asked.status == .ok)
            #expect(asked.json["outcome"] as? String == "needsStudent" && asked.json["idRead"] as? String == CaptureFixture.ids[1])
            #expect(asked.json["candidates"] as? [String] == ["Ada Lovelace"])
            let added = try await send(#"{"photo":"\#(photo)","student":"Ben Okafor"}"#)
            #expect(added.status == .created)
            #expect(added.json["outcome"] as? String == "added" && added.json["student"] as? String == "Ben Okafor")
            #expect((added.json["questions"] as? [[String: Any]])?.count == asked.json["questions"].map { ($0 as? [Any])?.count ?? -1 })

            let refused = try await send(#"{"photo":"\#(Data("%PDF-1.4".utf8).base64EncodedString())","student":"Cy"}"#)
            #expect(refused.status == .badRequest)
            #expect((refused.json["error"] as? String)?.contains("not a JPEG or PNG photo") == true, "\(refused.text)")
        }
        feed.stop()
        #expect(try project.gradeBook().students.map(\.student.name) == ["Ada Lovelace", "Ben Okafor"])
        #expect(try project.history(limit: 1).first?.grader == "ta-ben")
    }
}
