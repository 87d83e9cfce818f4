import Foundation
@testable import GraderWeb
import GraderKit
import Hummingbird
import HummingbirdTesting
import Testing

/// Who may talk to the server: the token, Host, Origin, and the headers every answer carries.
@Suite(.serialized) struct AccessTests {
    @Test func aRequestWithoutTheRightTokenIsRefusedAndSaysWhereTheTokenIs() async throws {
        let fixture = try WebFixture()
        try await fixture.test { client in
            let none = try await client.execute(uri: "/api/me", method: .get)
            #expect(none.status == .unauthorized)
            #expect(none.json["error"] as? String == "Open the link `ezgrader serve` printed: it holds this server's token.")
            let wrong = try await client.execute(uri: "/api/overview", method: .get, headers: [.cookie: "ezgrader_token=guess"])
            #expect(wrong.status == .unauthorized)
            let page = try await client.execute(uri: "/", method: .get)
            #expect(page.status == .unauthorized && page.text.hasPrefix("Open the link"))
            let bearer = try await client.execute(uri: "/api/me", method: .get, headers: [.authorization: "Bearer \(WebFixture.token)"])
            #expect(bearer.status == .ok)
        }
    }

    @Test func theLinksTokenBecomesACookieAndLeavesTheAddress() async throws {
        let fixture = try WebFixture()
        try await fixture.test { client in
            let response = try await client.execute(uri: "/?token=\(WebFixture.token)", method: .get)
            #expect(response.status == .seeOther)
            #expect(response.headers[.location] == "/")
            let cookie = try #require(response.headers[.setCookie])
            #expect(cookie.hasPrefix("ezgrader_token=\(WebFixture.token)") && cookie.contains("HttpOnly") && cookie.contains("SameSite=Strict"))
            let wrong = try await client.execute(uri: "/?token=nope", method: .get)
            #expect(wrong.status == .unauthorized && wrong.headers[.setCookie] == nil)
        }
    }

    @Test func anotherSitesOriginAndAChangeWithoutOriginAreRefused() async throws {
        let fixture = try WebFixture()
        let (anna, q1) = (try fixture.key("Anna"), try fixture.question("Q1"))
        try await fixture.test { client in
            var headers = WebFixture.browser()
            headers[.origin] = "http://evil.example"
            let evil = try await client.execute(uri: "/api/scores/\(anna)/\(q1)", method: .put, headers: headers, body: ByteBuffer(string: #"{"score":"4"}"#))
            #expect(evil.status == .forbidden)
            #expect(evil.json["error"] as? String == "Requests from other sites are refused.")
            let noOrigin = try await client.execute(uri: "/api/scores/\(anna)/\(q1)", method: .put, headers: WebFixture.browser(origin: false),
                                                    body: ByteBuffer(string: #"{"score":"4"}"#))
            #expect(noOrigin.status == .forbidden)
        }
        #expect(try fixture.project.scoreRecord(student: StudentKey(anna), question: QuestionID(q1)) == nil, "nothing was written")
    }

    @Test func aHostIsReadWithoutItsPort() {
        // The Host check itself runs against the real server in Tests/Browser (a rebound name is refused).
        #expect(AccessGuard.hostName(of: "[::1]:8080") == "::1")
        #expect(AccessGuard.hostName(of: "LocalHost:80") == "localhost")
        #expect(AccessGuard.hostName(of: "rebound.example:8080") == "rebound.example")
    }

    @Test func everyAnswerCarriesAStrictContentSecurityPolicy() async throws {
        let fixture = try WebFixture()
        try await fixture.test { client in
            for uri in ["/", "/assets/app.js", "/api/me", "/api/nothing-here"] {
                let response = try await client.execute(uri: uri, method: .get, headers: WebFixture.browser())
                #expect(response.headers[.contentSecurityPolicy]?.hasPrefix("default-src 'none'; script-src 'self'") == true, "\(uri)")
                #expect(response.headers.first { $0.name.rawName == "X-Content-Type-Options" }?.value == "nosniff")
            }
        }
    }

    @Test func noPathReachesTheFileSystem() async throws {
        let fixture = try WebFixture()
        try await fixture.test { client in
            for uri in ["/assets/..%2F..%2FPackage.swift", "/assets/../project.sqlite", "/assets/%2e%2e/GradingServer.swift", "/project.sqlite"] {
                let response = try await client.execute(uri: uri, method: .get, headers: WebFixture.browser())
                #expect(response.status == .notFound, "\(uri)")
            }
            let app = try await client.execute(uri: "/assets/app.js", method: .get, headers: WebFixture.browser())
            #expect(app.status == .ok && app.headers[.contentType] == "text/javascript; charset=utf-8")
        }
    }

    @Test func aBodyOverTheLimitIsRefused() async throws {
        let fixture = try WebFixture()
        let anna = try fixture.key("Anna")
        try await fixture.test { client in
            let points = Array(repeating: "[10,10]", count: 150_000).joined(separator: ",")
            let response = try await client.send(.post, "/api/pages/\(anna)/1/ink", #"{"points":[\#(points)]}"#)
            #expect(response.status == .contentTooLarge)
            #expect(response.json["error"] as? String == "The request is larger than 1 MB: send less at once.")
        }
        #expect(try fixture.project.pageLayer(student: StudentKey(anna), page: 1).strokes.isEmpty)
    }
}
