import Foundation
@testable import GraderWeb
import GraderKit
import Hummingbird
import HummingbirdTesting
import Testing
import TestSupport

/// Returning graded work from the browser, over HTTP against a real SMTP server (aiosmtpd, STARTTLS
/// and AUTH): each student's state, a student's message as it would go, a run sent in the background
/// and read to its end, a second run that sends nothing; a student without an address, a run without
/// a server or a password, and a teaching assistant refused by name.
@Suite(.serialized) struct ReturnRouteTests {
    /// Anna and Ben with an address, Cy without; Q1 scored 3 and 1.
    private func project(in folder: TemporaryFolder) throws -> GradingProject {
        let scans = try TestClass.scanned(["Anna", "Ben", "Cy"], pages: 1, in: folder)
        try "file,name,email\nAnna.pdf,Anna,anna@school.example.org\nBen.pdf,Ben,ben@school.example.org\nCy.pdf,Cy,\n"
            .write(toFile: folder.file("roster.csv"), atomically: true, encoding: .utf8)
        let project = try GradingProject.create(folder.file("exam.ezgrader"), scans: scans, rosterPath: folder.file("roster.csv"), grader: try Grader("owner"))
        _ = try project.addQuestion(page: 1, at: "300,176", maxPoints: "4", label: "Q1")
        for (name, score) in [("Anna", "3"), ("Ben", "1")] { _ = try project.setScore(student: name, question: "Q1", value: score) }
        return project
    }

    /// The run's status once it has ended.
    private func finished(_ client: some TestClientProtocol) async throws -> [String: Any] {
        for _ in 0..<600 {
            let status = try await client.send(.get, "/api/return/run").json
            if status["phase"] as? String == "finished" { return status }
            try await Task.sleep(for: .milliseconds(100))
        }
        return try await client.send(.get, "/api/return/run").json
    }

    @Test func theInstructorPreviewsAMessageSendsAllOnceAndASecondRunSendsNothing() async throws {
        let folder = TemporaryFolder()
        let project = try project(in: folder)
        let server = try TestMailServer(in: folder)
        let fixture = WebFixture(project: project, in: folder, mailAuthorities: server.certificate)
        let (anna, cy) = (try fixture.key("Anna"), try fixture.key("Cy"))
        let send = #"{"from":"Dr. Ada Lovelace <ada@school.example.org>","host":"localhost","port":\#(server.port),"security":"starttls","#
            + #""user":"teacher","password":"secret","perMinute":6000}"#
        try await fixture.test { client in
            #expect(try await client.send(.get, "/api/me").json["views"] as? [String] == ["return"], "the Return tab shows")
            #expect(try await client.send(.get, "/api/return/run").json["phase"] as? String == "idle")
            let plan = try await client.send(.get, "/api/return")
            #expect(plan.status == .ok)
            let students = try #require(plan.json["students"] as? [[String: Any]])
            #expect(students.map { $0["name"] as? String } == ["Anna", "Ben", "Cy"])
            #expect(students.map { $0["state"] as? String } == ["new", "new", "noAddress"])
            #expect(students[2]["reason"] as? String == "no e-mail address in the roster")

            let preview = try await client.send(.post, "/api/return/preview/\(anna)", #"{"from":"ada@school.example.org","subject":"Quiz {{total}}/{{maximum}}"}"#)
            #expect(preview.status == .ok)
            #expect(preview.json["to"] as? String == "Anna <anna@school.example.org>" && preview.json["subject"] as? String == "Quiz 3/4")
            #expect(preview.json["attachment"] as? String == "Anna.pdf" && preview.json["state"] as? String == "new")
            #expect((preview.json["text"] as? String)?.contains("Dear Anna,") == true)
            #expect(preview.json["attachmentBytes"] as? Int == FileManager.default.contents(atPath: project.returnedFolder + "/Anna.pdf")?.count)
            let nobody = try await client.send(.post, "/api/return/preview/\(cy)", #"{"from":"ada@school.example.org"}"#)
            #expect(nobody.status == .badRequest && nobody.json["error"] as? String == "Cy has no message to send: no e-mail address in the roster.")
            let unknown = try await client.send(.post, "/api/return/preview/\(anna)", #"{"from":"ada@school.example.org","template":"{{grade}}"}"#)
            #expect(unknown.status == .badRequest && (unknown.json["error"] as? String)?.contains("{{grade}}") == true, "\(unknown.text)")

            let started = try await client.send(.post, "/api/return/send", send)
            #expect(started.status == .accepted && started.json["phase"] as? String == "preparing")
            let first = try await finished(client)
            let report = try #require(first["report"] as? [String: Any])
            #expect(report["sent"] as? [String] == ["Anna", "Ben"] && first["done"] as? Int == 2 && first["total"] as? Int == 2)
            #expect((report["leftOut"] as? [[String: Any]])?.map { $0["student"] as? String } == ["Cy"])
            #expect(try server.received().compactMap { $0.rcpt_tos?.first } == ["anna@school.example.org", "ben@school.example.org"])
            let after = try #require(try await client.send(.get, "/api/return").json["students"] as? [[String: Any]])
            #expect(after.map { $0["state"] as? String } == ["sent", "sent", "noAddress"] && after[0]["sentBy"] as? String == "ann")

            #expect(try await client.send(.post, "/api/return/send", send).status == .accepted)
            let second = try #require(try await finished(client)["report"] as? [String: Any])
            #expect(second["sent"] as? [String] == [] && second["unchanged"] as? [String] == ["Anna", "Ben"])
            #expect(try server.received().count == 2)
            #expect(try await client.send(.post, "/api/return/stop").json["phase"] as? String == "finished")
        }
    }

    @Test func whileGradingIsAnonymousTheReturnPageIsRefusedWithoutAName() async throws {
        let folder = TemporaryFolder()
        let project = try project(in: folder)
        let anna = try project.student(named: "Anna").rawValue
        try project.setAnonymous(true)
        let fixture = WebFixture(project: project, in: folder)
        let refusal = "Returning work shows the students' real names and addresses: turn anonymous grading off to return it. Nothing was sent."
        try await fixture.test { client in
            let plan = try await client.send(.get, "/api/return")
            #expect(plan.status == .conflict && plan.json["error"] as? String == refusal && !plan.text.contains("Anna"), "\(plan.text)")
            let preview = try await client.send(.post, "/api/return/preview/\(anna)", #"{"from":"ada@school.example.org"}"#)
            #expect(preview.status == .conflict && preview.json["error"] as? String == refusal)
            let send = try await client.send(.post, "/api/return/send", #"{"from":"ada@school.example.org","host":"localhost","port":2525}"#)
            #expect(send.status == .conflict && send.json["error"] as? String == refusal)
            #expect(try await client.send(.get, "/api/return/run").json["phase"] as? String == "idle", "nothing started")
        }
    }

    @Test func aRunWithoutAServerOrAPasswordIsRefusedAndATeachingAssistantMayNotReturnWork() async throws {
        let folder = TemporaryFolder()
        let project = try project(in: folder)
        let secret = try project.invite(try Grader("ta-ben"), role: .grader).text
        let fixture = WebFixture(project: project, in: folder)
        try await fixture.test { client in
            let noHost = try await client.send(.post, "/api/return/send", #"{"from":"ada@school.example.org","host":""}"#)
            #expect(noHost.status == .badRequest && noHost.json["error"] as? String == "Give the mail server's host (host), e.g. smtp.example.edu.")
            let badHost = try await client.send(.post, "/api/return/send", #"{"from":"ada@school.example.org","host":"mail/x","port":25}"#)
            #expect(badHost.status == .badRequest && (badHost.json["error"] as? String)?.hasPrefix("'mail/x' port 25 is not a mail server's address") == true)
            if WorkReturn.environmentPassword == nil {
                let noPassword = try await client.send(.post, "/api/return/send", #"{"from":"ada@school.example.org","host":"localhost","user":"teacher"}"#)
                #expect(noPassword.status == .badRequest
                    && noPassword.json["error"] as? String == "No password for 'teacher': type it, or start the server with EZGRADER_SMTP_PASSWORD set.")
            }
            #expect(try await client.send(.get, "/api/return/run").json["phase"] as? String == "idle", "nothing started")

            let signIn = try await client.execute(uri: "/?invite=\(secret)", method: .get, headers: [:])
            let cookie = try #require(signIn.headers[.setCookie]).split(separator: ";")[0]
            let headers: HTTPFields = [.cookie: String(cookie), .contentType: "application/json", .origin: "http://localhost:8080"]
            #expect(try await client.execute(uri: "/api/me", method: .get, headers: headers).json["views"] as? [String] == [], "no Return tab for a TA")
            let refused = try await client.execute(uri: "/api/return", method: .get, headers: headers)
            #expect(refused.status == .forbidden)
            #expect(refused.json["error"] as? String == "ta-ben is a grader, and may not e-mail graded work to students: ask the instructor. Nothing was changed.")
        }
        #expect(!FileManager.default.fileExists(atPath: project.returnedFolder), "nothing exported for a refused call")
    }
}
