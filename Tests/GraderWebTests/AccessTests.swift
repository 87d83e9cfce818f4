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

    @Test func aPageOnAnotherPortOrSchemeOfThisMachineCannotChangeAnything() async throws {
        let fixture = try WebFixture(port: 8080)
        let anna = try fixture.key("Anna")
        try await fixture.test { client in
            for origin in ["http://127.0.0.1:3000", "http://localhost:3000", "http://localhost", "https://localhost:8080", "null"] {
                var headers = WebFixture.browser()
                headers[.origin] = origin
                let question = try await client.execute(uri: "/api/questions", method: .post, headers: headers,
                                                        body: ByteBuffer(string: #"{"page":1,"x":100,"y":100,"max":"2"}"#))
                #expect(question.status == .forbidden, "\(origin)")
                #expect(question.json["error"] as? String == "Requests from other sites are refused.", "\(origin)")
                let note = try await client.execute(uri: "/api/pages/\(anna)/1/notes", method: .post, headers: headers,
                                                    body: ByteBuffer(string: #"{"x":100,"y":100,"text":"hi"}"#))
                #expect(note.status == .forbidden, "\(origin)")
            }
            var own = WebFixture.browser()
            own[.origin] = "http://127.0.0.1:8080"
            let placed = try await client.execute(uri: "/api/questions", method: .post, headers: own,
                                                  body: ByteBuffer(string: #"{"page":2,"x":100,"y":500,"max":"2"}"#))
            #expect(placed.status == .created, "the server's own page on 127.0.0.1:8080 still places a box")
        }
        #expect(try fixture.project.gradeBook().questions.count == 4, "only the own page's box was added")
        #expect(try fixture.project.pageLayer(student: StudentKey(anna), page: 1).notes.isEmpty)
    }

    @Test func aChangeNotSentAsJSONIsRefusedWith415() async throws {
        let fixture = try WebFixture()
        let (anna, q1) = (try fixture.key("Anna"), try fixture.question("Q1"))
        try await fixture.test { client in
            var plain = WebFixture.browser()
            plain[.contentType] = "text/plain"
            let question = try await client.execute(uri: "/api/questions", method: .post, headers: plain,
                                                    body: ByteBuffer(string: #"{"page":1,"x":100,"y":100,"max":"2"}"#))
            #expect(question.status == .unsupportedMediaType)
            #expect(question.json["error"] as? String == "A change must be sent as JSON with Content-Type: application/json (not text/plain).")
            let score = try await client.execute(uri: "/api/scores/\(anna)/\(q1)", method: .put, headers: plain, body: ByteBuffer(string: #"{"score":"4"}"#))
            #expect(score.status == .unsupportedMediaType)
            var untyped = WebFixture.browser()
            untyped[.contentType] = nil
            let undo = try await client.execute(uri: "/api/undo", method: .post, headers: untyped)
            #expect(undo.status == .unsupportedMediaType)
            #expect(undo.json["error"] as? String == "A change must be sent as JSON with Content-Type: application/json (it came without a Content-Type).")
            // The grading page sends JSON's type even without a body; a script with the token needs none.
            #expect(try await client.execute(uri: "/api/undo", method: .post, headers: WebFixture.browser()).status == .ok)
            let scripted = try await client.execute(uri: "/api/undo", method: .post,
                                                    headers: [.authorization: "Bearer \(WebFixture.token)", .cookie: "ezgrader_grader=ann"])
            #expect(scripted.status == .ok)
            let scriptedPlain = try await client.execute(uri: "/api/questions", method: .post,
                                                         headers: [.authorization: "Bearer \(WebFixture.token)", .cookie: "ezgrader_grader=ann",
                                                                   .contentType: "text/plain"],
                                                         body: ByteBuffer(string: #"{"page":1,"x":100,"y":100,"max":"2"}"#))
            #expect(scriptedPlain.status == .unsupportedMediaType, "a body is JSON-typed whoever sends it")
        }
        #expect(try fixture.project.gradeBook().questions.count == 3, "no box was added")
        #expect(try fixture.project.scoreRecord(student: StudentKey(anna), question: QuestionID(q1)) == nil)
    }

    @Test func traceAndUnknownMethodsAnswer405NamingTheMethodsServed() async throws {
        let fixture = try WebFixture()
        try await fixture.test { client in
            for method in [HTTPRequest.Method.trace, .options, .connect, HTTPRequest.Method("PROPFIND")!] {
                let response = try await client.execute(uri: "/api/me", method: method, headers: WebFixture.browser())
                #expect(response.status == .methodNotAllowed, "\(method)")
                #expect(response.headers[.allow] == "GET, HEAD, POST, PUT, PATCH, DELETE")
                #expect(response.json["error"] as? String == "\(method.rawValue) is not served here: this server answers GET, HEAD, POST, PUT, PATCH, DELETE.")
            }
        }
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
