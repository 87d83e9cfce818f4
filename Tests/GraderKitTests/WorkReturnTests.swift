import Foundation
@testable import GraderKit
import GraderPDF
import GraderStore
import Testing
import TestSupport

/// Returning graded work by e-mail, against a real SMTP server (aiosmtpd with STARTTLS and AUTH,
/// a self-signed certificate made for the test): every student gets exactly their own PDF, once;
/// a second run sends nothing, a regrade only what changed; a lost connection or a refused
/// recipient never records a message the server did not accept.
@Suite struct WorkReturnTests {
    /// A class of 200 one-page booklets, each scored differently, made once and copied per test.
    static let classOf200: TemporaryFolder = {
        let folder = TemporaryFolder()
        _ = try? makeProject(in: folder, count: 200)
        return folder
    }()

    /// `count` scanned one-page booklets "Student 001"… with a roster giving each an address, Q1
    /// out of 10 scored `index % 11`.
    @discardableResult
    static func makeProject(in folder: TemporaryFolder, count: Int, emails: [String?]? = nil) throws -> GradingProject {
        let names = (1...count).map { String(format: "Student %03d", $0) }
        try FileManager.default.createDirectory(atPath: folder.file("in"), withIntermediateDirectories: true)
        let scans = try TestClass.scanned(names, pages: 1, in: TemporaryFolder(existing: folder.file("in")))
        let addresses = emails ?? names.indices.map { "student\($0 + 1)@school.example.org" }
        let roster = "file,name,email\n" + zip(names, addresses).map { "\($0).pdf,\($0),\($1 ?? "")\n" }.joined()
        try roster.write(toFile: folder.file("roster.csv"), atomically: true, encoding: .utf8)
        let project = try GradingProject.create(folder.file("exam.ezgrader"), scans: scans, rosterPath: folder.file("roster.csv"), grader: try .tester())
        _ = try project.addQuestion(page: 1, at: "300,176", maxPoints: "10", label: "Q1")
        for (index, name) in names.enumerated() { _ = try project.setScore(student: name, question: "Q1", value: String(index % 11)) }
        return project
    }

    /// A copy of the class of 200, opened.
    private func classOf200(in folder: TemporaryFolder) throws -> GradingProject {
        try FileManager.default.copyItem(atPath: Self.classOf200.file("exam.ezgrader"), toPath: folder.file("exam.ezgrader"))
        return try GradingProject.open(folder.file("exam.ezgrader"), as: try .tester())
    }

    let letter = { try! ReturnLetter(from: "Dr. Ada Lovelace <ada@school.example.org>", replyTo: "office@school.example.org") }()

    func delivery(_ server: TestMailServer, password: String = "secret", implicitTLS: Bool = false) -> WorkReturn.Delivery {
        .smtp(url: server.url(implicitTLS: implicitTLS), user: "teacher", password: password, certificateAuthorities: server.certificate)
    }

    let fast = WorkReturn.Options(perMinute: 100_000)

    /// Each received message's recipient, checked to be the PDF in the project's returned folder byte for byte.
    private func expectRightPDFs(_ received: [TestMailServer.Received], _ server: TestMailServer, _ project: GradingProject,
                                 sourceLocation: SourceLocation = #_sourceLocation) throws {
        let book = try project.gradeBook()
        for message in received {
            let index = try #require(book.students.firstIndex { $0.student.email == message.rcpt_tos?.first }, sourceLocation: sourceLocation)
            let name = book.students[index].student.name
            let sent = try #require(server.attachment(message.number), sourceLocation: sourceLocation)
            #expect(sent == FileManager.default.contents(atPath: project.returnedFolder + "/\(name).pdf"), "\(name)", sourceLocation: sourceLocation)
            #expect(message.attachments.map(\.name) == ["\(name).pdf"], sourceLocation: sourceLocation)
            #expect(message.to == "\(name) <\(book.students[index].student.email!)>", sourceLocation: sourceLocation)
            #expect(message.text?.contains("Dear \(name),") == true, sourceLocation: sourceLocation)
            #expect(message.text?.contains("You scored \(index % 11) out of 10 (\(index % 11 * 10)%).") == true, sourceLocation: sourceLocation)
        }
    }

    @Test func twoHundredStudentsGetTheirOwnPDFOnceAndOnlyARegradeIsSentAgain() throws {
        let folder = TemporaryFolder()
        let project = try classOf200(in: folder)
        let server = try TestMailServer(in: folder)

        let first = try project.returnWork(letter, delivery: delivery(server), options: fast)
        #expect(first.sent.count == 200 && first.isComplete && first.unchanged.isEmpty)
        let received = try server.received()
        #expect(received.count == 200)
        #expect(Set(received.compactMap { $0.rcpt_tos?.first }).count == 200, "one message for each student")
        #expect(received.allSatisfy { $0.login == "teacher" && $0.mail_from == "ada@school.example.org" && $0.defects == 0 })
        #expect(received.allSatisfy { $0.reply_to == "office@school.example.org" && $0.from == "\"Dr. Ada Lovelace\" <ada@school.example.org>" })
        try expectRightPDFs(received, server, project)
        let records = try project.store.latestReturnedMail()
        #expect(records.count == 200)
        #expect(Set(records.values.map { "<\($0.messageID)>" }) == Set(received.map(\.message_id)))

        let second = try project.returnWork(letter, delivery: delivery(server), options: fast)
        #expect(second.sent == [] && second.unchanged.count == 200)
        #expect(try server.received().count == 200)

        let regraded = ["Student 007", "Student 100", "Student 199"]
        for name in regraded { _ = try project.setScore(student: name, question: "Q1", value: "9.5") }
        let third = try project.returnWork(letter, delivery: delivery(server), options: fast)
        #expect(third.sent == regraded && third.changed == regraded && third.unchanged.count == 197)
        let resent = try Array(server.received().dropFirst(200))
        #expect(resent.compactMap { $0.rcpt_tos?.first } == ["student7@school.example.org", "student100@school.example.org", "student199@school.example.org"])
        #expect(resent.allSatisfy { $0.text?.contains("You scored 9.5 out of 10 (95%).") == true })
        for message in resent {
            let name = regraded[resent.firstIndex { $0.number == message.number }!]
            #expect(server.attachment(message.number) == FileManager.default.contents(atPath: project.returnedFolder + "/\(name).pdf"))
        }
    }

    @Test func aConnectionDroppedAfter50LeavesThose50RecordedAndARerunSendsTheOther150() throws {
        let folder = TemporaryFolder()
        let project = try classOf200(in: folder)
        let dropping = try TestMailServer(in: folder, dropAfter: 50)
        let first = try project.returnWork(letter, delivery: delivery(dropping), options: fast)
        dropping.stop()
        #expect(first.sent.count == 50 && first.notSent.count == 150)
        #expect(first.stopped?.hasPrefix("the connection to \(dropping.url()) failed or was lost") == true, "\(first.stopped ?? "")")
        #expect(try dropping.received().count == 50)
        #expect(try project.store.latestReturnedMail().count == 50)

        let server = try TestMailServer(in: folder)
        let second = try project.returnWork(letter, delivery: delivery(server), options: fast)
        #expect(second.sent.count == 150 && second.unchanged.count == 50 && second.isComplete)
        let received = try server.received()
        #expect(received.count == 200)
        #expect(Set(received.compactMap { $0.rcpt_tos?.first }).count == 200, "nobody got two, nobody none")
        try expectRightPDFs(received, server, project)
    }

    @Test func aRefusedRecipientIsReportedAndTheOthersStillGetTheirs() throws {
        let folder = TemporaryFolder()
        let project = try Self.makeProject(in: folder, count: 4)
        let server = try TestMailServer(in: folder, refuse: ["student2@school.example.org"], implicitTLS: true)
        let report = try project.returnWork(letter, delivery: delivery(server, implicitTLS: true), options: fast)
        #expect(report.sent == ["Student 001", "Student 003", "Student 004"])
        #expect(report.refused.map(\.student) == ["Student 002"])
        #expect(report.refused.first?.reason.hasPrefix("refused by the server (550)") == true, "\(report.refused)")
        #expect(try server.received().compactMap { $0.rcpt_tos?.first } == ["student1@school.example.org", "student3@school.example.org", "student4@school.example.org"])
        // The refused one is tried again next time, alone.
        #expect(try project.returnWork(letter, delivery: delivery(server, implicitTLS: true), options: fast).refused.map(\.student) == ["Student 002"])
        #expect(try server.received().count == 3)
    }

    @Test func studentsWithoutAnAddressOrAScanAreListedAndNothingIsSentToThem() throws {
        let folder = TemporaryFolder()
        let project = try Self.makeProject(in: folder, count: 4, emails: ["a@school.example.org", nil, "not an address", "d@school.example.org"])
        try FileManager.default.removeItem(atPath: project.folder + "/scans/Student 004.pdf")
        let server = try TestMailServer(in: folder)
        let report = try project.returnWork(letter, delivery: delivery(server), options: fast)
        #expect(report.sent == ["Student 001"])
        #expect(report.leftOut.map(\.student) == ["Student 002", "Student 003", "Student 004"])
        #expect(report.leftOut[0].reason == "no e-mail address in the roster")
        #expect(report.leftOut[1].reason == "'not an address' is not an e-mail address")
        #expect(report.leftOut[2].reason.hasPrefix("no graded PDF: "))
        #expect(!report.isComplete)
        #expect(try server.received().count == 1)
    }

    @Test func aWrongPasswordStopsBeforeAnythingIsRecorded() throws {
        let folder = TemporaryFolder()
        let project = try Self.makeProject(in: folder, count: 2)
        let server = try TestMailServer(in: folder)
        let report = try project.returnWork(letter, delivery: delivery(server, password: "wrong"), options: fast)
        #expect(report.sent == [] && report.notSent == ["Student 001", "Student 002"])
        #expect(report.stopped?.contains("refused the user name 'teacher' or its password") == true, "\(report.stopped ?? "")")
        #expect(try project.store.latestReturnedMail().isEmpty)
    }

    @Test func aTemplateWithAnUnknownPlaceholderIsRefusedNamingItBeforeAnythingIsWritten() throws {
        #expect(throws: MessageTemplateError.unknownPlaceholder("grade", origin: "template 'mail.txt'", line: 4)) {
            try ReturnLetter(from: "ada@school.example.org", text: "Dear {{name}},\n\nYour grade:\n{{grade}}\n", textOrigin: "template 'mail.txt'")
        }
        #expect(throws: MessageTemplateError.unclosed(origin: "the subject", line: 1)) {
            try ReturnLetter(from: "ada@school.example.org", subject: "{{exam")
        }
    }

    @Test func onlyTheChosenStudentsAreSentTo() throws {
        let folder = TemporaryFolder()
        let project = try Self.makeProject(in: folder, count: 3)
        let server = try TestMailServer(in: folder)
        let only = Set([try project.student(named: "Student 002")])
        let report = try project.returnWork(letter, delivery: delivery(server), options: .init(only: only, perMinute: 100_000))
        #expect(report.sent == ["Student 002"])
        #expect(try server.received().compactMap { $0.rcpt_tos?.first } == ["student2@school.example.org"])
    }

    @Test func reExportingUnchangedWorkGivesTheSameBytesSoARerunAfterDeletingTheReturnedFolderSendsNothing() throws {
        let folder = TemporaryFolder()
        let project = try Self.makeProject(in: folder, count: 3)
        let server = try TestMailServer(in: folder)
        #expect(try project.returnWork(letter, delivery: delivery(server), options: fast).sent.count == 3)
        let files = (1...3).map { project.returnedFolder + String(format: "/Student %03d.pdf", $0) }
        let before = files.map { FileManager.default.contents(atPath: $0) }
        try FileManager.default.removeItem(atPath: project.returnedFolder)
        let again = try project.returnWork(letter, delivery: delivery(server), options: fast)
        #expect(files.map { FileManager.default.contents(atPath: $0) } == before, "the same work exported again is the same bytes")
        #expect(again.sent == [] && again.unchanged.count == 3)
        #expect(try server.received().count == 3)
    }

    @Test func thePlanGivesEachStudentsStateAndThePreviewTheMessageAsItWouldGo() throws {
        let folder = TemporaryFolder()
        let project = try Self.makeProject(in: folder, count: 4, emails: ["a@school.example.org", nil, "c@school.example.org", "d@school.example.org"])
        let server = try TestMailServer(in: folder)
        let first = Set([try project.student(named: "Student 001"), try project.student(named: "Student 003")])
        _ = try project.returnWork(letter, delivery: delivery(server), options: .init(only: first, perMinute: 100_000))
        _ = try project.setScore(student: "Student 003", question: "Q1", value: "7")
        let plan = try project.returnPlan()
        #expect(plan.map(\.name) == ["Student 001", "Student 002", "Student 003", "Student 004"])
        #expect(plan.map(\.state) == [.sent, .noAddress, .changed, .new])
        #expect(plan[0].sentBy == "tester" && plan[0].sentAt != nil && plan[1].reason == "no e-mail address in the roster")

        let ben = try project.student(named: "Student 004")
        let preview = try project.previewReturn(letter, student: ben)
        #expect(preview.to == "Student 004 <d@school.example.org>" && preview.from == "Dr. Ada Lovelace <ada@school.example.org>")
        #expect(preview.replyTo == "office@school.example.org" && preview.state == .new)
        #expect(preview.text.contains("Dear Student 004,") && preview.text.contains("You scored 3 out of 10 (30%)."))
        #expect(preview.attachment == "Student 004.pdf")
        #expect(preview.attachmentBytes == FileManager.default.contents(atPath: project.returnedFolder + "/Student 004.pdf")?.count)
        #expect(throws: WorkReturnError.notReturnable(student: "Student 002", reason: "no e-mail address in the roster")) {
            try project.previewReturn(letter, student: try project.student(named: "Student 002"))
        }
        #expect(try server.received().count == 2, "planning and previewing send nothing")
    }

    @Test func aRunInTheBackgroundSendsWhatThePlanSaidAndCanBeStopped() throws {
        let folder = TemporaryFolder()
        let project = try Self.makeProject(in: folder, count: 3)
        let server = try TestMailServer(in: folder)
        // One message a minute: the first goes at once, the stop comes while the run waits for the second.
        _ = try project.startReturn(letter, delivery: delivery(server), options: .init(perMinute: 1))
        #expect(throws: WorkReturnError.alreadyRunning) { try project.startReturn(letter, delivery: delivery(server)) }
        try waitFor(project) { $0.phase == "sending" && $0.done == 1 }
        _ = try project.stopReturn()
        let stopped = try waitFor(project) { !$0.isRunning }
        #expect(stopped.report?.sent == ["Student 001"] && stopped.report?.stopped == "stopped on request")
        #expect(stopped.report?.notSent == ["Student 002", "Student 003"])
        #expect(try server.received().count == 1)

        _ = try project.startReturn(letter, delivery: delivery(server), options: fast)
        let finished = try waitFor(project) { !$0.isRunning }
        #expect(finished.report?.sent == ["Student 002", "Student 003"] && finished.report?.unchanged == ["Student 001"] && finished.done == 2)
        #expect(try server.received().count == 3)
    }

    /// The run's status once `ready` holds (within a minute).
    @discardableResult
    func waitFor(_ project: GradingProject, _ ready: (ReturnRun.Status) -> Bool) throws -> ReturnRun.Status {
        for _ in 0..<600 {
            let status = try project.returnStatus()
            if ready(status) { return status }
            Thread.sleep(forTimeInterval: 0.1)
        }
        return try project.returnStatus()
    }
}
