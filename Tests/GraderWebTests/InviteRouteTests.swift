import Foundation
@testable import GraderWeb
import GraderKit
import Hummingbird
import HummingbirdTesting
import Testing
import TestSupport

/// Invited graders in the browser: a personal link signs its browser in with a fixed name and a
/// role; what the role does not allow is answered 403 with the façade's plain message; a revoked
/// link is refused from the next request. Over HTTPS: HSTS, `Secure` cookies, https origins only,
/// and nothing answered in plain HTTP.
@Suite(.serialized) struct InviteRouteTests {
    /// The headers of a browser signed in with the personal link `secret`.
    static func invited(_ secret: String, origin: String = "http://localhost:8080") -> HTTPFields {
        [.cookie: "\(AccessGuard.sessionCookie)=\(secret)", .contentType: "application/json", .origin: origin]
    }

    @Test func aPersonalLinkSignsTheBrowserInWithItsNameAndRoleAndTheirScoresNameThem() async throws {
        let fixture = try WebFixture()
        let secret = try fixture.project.invite(try Grader("ta-ben"), role: .grader).text
        let (anna, q1) = (try fixture.key("Anna"), try fixture.question("Q1"))
        try await fixture.test { client in
            let link = try await client.execute(uri: "/?invite=\(secret)", method: .get)
            #expect(link.status == .seeOther && link.headers[.location] == "/")
            let cookie = try #require(link.headers[.setCookie])
            #expect(cookie.hasPrefix("ezgrader_session=\(secret)") && cookie.contains("HttpOnly") && cookie.contains("SameSite=Strict"))
            let me = try await client.execute(uri: "/api/me", method: .get, headers: Self.invited(secret))
            #expect(me.json["grader"] as? String == "ta-ben" && me.json["role"] as? String == "grader" && me.json["nameFixed"] as? Bool == true)
            #expect(me.json["may"] as? [String] == ["score", "applyRubric", "annotate", "undoOwn", "keepPlace", "captureSheet", "groupAnswers"])
            let score = try await client.execute(uri: "/api/scores/\(anna)/\(q1)", method: .put, headers: Self.invited(secret),
                                                 body: ByteBuffer(string: #"{"score":"3"}"#))
            #expect(score.status == .ok)
            let rename = try await client.execute(uri: "/api/me", method: .post, headers: Self.invited(secret), body: ByteBuffer(string: #"{"name":"prof"}"#))
            #expect(rename.status == .forbidden)
            #expect(rename.json["error"] as? String == "You are signed in as ta-ben by your personal link; your name cannot be changed here.")
            let owner = try await client.send(.get, "/api/me")
            #expect(owner.json["role"] as? String == "instructor" && owner.json["nameFixed"] as? Bool == false, "the token link is the instructor's")
        }
        #expect(try fixture.project.scoreRecord(student: StudentKey(anna), question: QuestionID(q1))?.grader == "ta-ben")
        #expect(try fixture.project.history(limit: 1).first?.grader == "ta-ben")
    }

    @Test func whatTheRoleDoesNotAllowIsForbiddenWithItsPlainMessageAndNothingChanges() async throws {
        let fixture = try WebFixture()
        let ta = try fixture.project.invite(try Grader("ta-ben"), role: .grader).text
        let viewer = try fixture.project.invite(try Grader("viv"), role: .viewer).text
        let (anna, q1) = (try fixture.key("Anna"), try fixture.question("Q1"))
        let before = try fixture.project.changeStamp()
        try await fixture.test { client in
            let refusals: [(String, HTTPRequest.Method, String, String?, String)] = [
                (ta, .post, "/api/questions", #"{"page":1,"x":100,"y":600,"max":"2"}"#, "ta-ben is a grader, and may not change questions"),
                (ta, .put, "/api/anonymity", #"{"on":true}"#, "ta-ben is a grader, and may not change anonymous grading"),
                (ta, .post, "/api/questions/\(q1)/rubric", #"{"text":"Sign","points":"-1"}"#, "ta-ben is a grader, and may not change rubric items"),
                (ta, .get, "/api/downloads/table?layout=questions", nil, "ta-ben is a grader, and may not download or export grades"),
                (ta, .put, "/api/scores/\(anna)/\(q1)", #"{"score":"1","overwrite":true}"#, "ta-ben is a grader, and may not replace another grader's work"),
                (viewer, .put, "/api/scores/\(anna)/\(q1)", #"{"score":"1"}"#, "viv is a viewer, who can only look, and may not enter scores"),
                (viewer, .post, "/api/undo", nil, "viv is a viewer, who can only look, and may not undo or redo"),
            ]
            for (secret, method, uri, body, message) in refusals {
                let response = try await client.execute(uri: uri, method: method, headers: Self.invited(secret), body: body.map { ByteBuffer(string: $0) })
                #expect(response.status == .forbidden, "\(method) \(uri)")
                #expect(response.json["error"] as? String == message + ": ask the instructor. Nothing was changed.", "\(response.text)")
            }
            let looking = try await client.execute(uri: "/api/questions/\(q1)/card", method: .get, headers: Self.invited(viewer))
            #expect(looking.status == .ok, "a viewer looks")
        }
        #expect(try fixture.project.changeStamp() == before)
    }

    @Test func aRevokedLinkIsRefusedFromTheNextRequestAndAForgedOneNeverWorks() async throws {
        let fixture = try WebFixture()
        let secret = try fixture.project.invite(try Grader("ta-ben"), role: .grader).text
        try await fixture.test { client in
            #expect(try await client.execute(uri: "/api/me", method: .get, headers: Self.invited(secret)).status == .ok)
            try fixture.project.revokeInvite(of: try Grader("ta-ben"))
            let next = try await client.execute(uri: "/api/me", method: .get, headers: Self.invited(secret))
            #expect(next.status == .unauthorized && next.json["error"] as? String == AccessGuard.deadLink)
            let page = try await client.execute(uri: "/?invite=\(secret)", method: .get)
            #expect(page.status == .unauthorized && page.text == AccessGuard.deadLink + "\n" && page.headers[.setCookie] == nil)
            for forged in ["", "00000000000000000000000000000000", "%00", String(repeating: "f", count: 5000), "ta-ben"] {
                let response = try await client.execute(uri: "/api/overview", method: .get, headers: Self.invited(forged))
                #expect(response.status == .unauthorized, "\(forged.prefix(20))")
            }
        }
    }

    @Test func overHTTPSEveryAnswerCarriesHSTSCookiesAreSecureAndOnlyHTTPSOriginsMayChange() async throws {
        let fixture = try WebFixture()
        let identity = try ServerIdentity.projectCertificate(in: fixture.project.folder, names: ["localhost", "127.0.0.1"])
        let server = GradingServer(project: fixture.project, port: 8080, token: WebFixture.token, identity: identity)
        let secret = try fixture.project.invite(try Grader("ta-ben"), role: .grader).text
        let (anna, q1) = (try fixture.key("Anna"), try fixture.question("Q1"))
        let feed = ChangeFeed(project: fixture.project, interval: .milliseconds(50))
        try await Application(router: server.makeRouter(feed: feed)).testWithoutHanging(.router) { client in
            let link = try await client.execute(uri: "/?invite=\(secret)", method: .get)
            #expect(link.headers[.strictTransportSecurity] == "max-age=86400")
            #expect(link.headers[.setCookie]?.contains("Secure") == true)
            let https = try await client.execute(uri: "/api/scores/\(anna)/\(q1)", method: .put,
                                                 headers: Self.invited(secret, origin: "https://localhost:8080"), body: ByteBuffer(string: #"{"score":"2"}"#))
            #expect(https.status == .ok && https.headers[.strictTransportSecurity] == "max-age=86400")
            let http = try await client.execute(uri: "/api/scores/\(anna)/\(q1)", method: .put,
                                                headers: Self.invited(secret, origin: "http://localhost:8080"), body: ByteBuffer(string: #"{"score":"1"}"#))
            #expect(http.status == .forbidden)
        }
        feed.stop()
        #expect(server.link(port: 8443).hasPrefix("https://127.0.0.1:8443/?token="))
        try await fixture.test { client in
            let plain = try await client.send(.get, "/api/me")
            #expect(plain.headers[.strictTransportSecurity] == nil, "no HSTS over plain HTTP")
        }
    }

    @Test func theTLSPortAnswersNothingInPlainHTTPAndPlainHTTPIsRefusedOffLoopback() async throws {
        let fixture = try WebFixture()
        let identity = try ServerIdentity.projectCertificate(in: fixture.project.folder, names: ["localhost", "127.0.0.1"])
        let feed = ChangeFeed(project: fixture.project, interval: .milliseconds(50))
        let app = GradingServer(project: fixture.project, port: 0, token: WebFixture.token, identity: identity).application(feed: feed)
        try await app.testWithoutHanging(.live) { client in
            let port = try #require(client.port)
            let plain = try #require(RawConnection(port: port))
            let answer = plain.answer(to: "GET /api/me HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nAuthorization: Bearer \(WebFixture.token)\r\nConnection: close\r\n\r\n")
            #expect(!answer.contains("HTTP/1.1"), "plain HTTP got an HTTP answer from the TLS port: \(answer.prefix(100))")
        }
        feed.stop()
        await #expect(throws: ServerError.plainHTTPOffLoopback(host: "0.0.0.0")) {
            try await GradingServer(project: fixture.project, host: "0.0.0.0", port: 0).run { _ in }
        }
    }
}
