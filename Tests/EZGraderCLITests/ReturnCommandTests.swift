import Foundation
import GraderPDF
import Testing
import TestSupport

/// `ezgrader return` from the command line: the dry run's .eml files as a standard mail parser
/// reads them, a bad template refused before anything is sent, sending through a real SMTP server
/// (aiosmtpd, STARTTLS, AUTH) and Ctrl+C in the middle of a run.
@Suite struct ReturnCommandTests {
    private let ezgrader = builtProduct("ezgrader")

    /// Every command run as the grader prof, with the SMTP server's password.
    private static let prof = ["EZGRADER_GRADER": "prof", "EZGRADER_SMTP_PASSWORD": "secret"]

    /// A project of `names` with a roster giving each an address (a name of two words is
    /// "first.last@…"), Q1 out of 4 scored 3 for everyone.
    private func project(_ folder: TemporaryFolder, _ names: [String]) throws {
        try TestClass.scanned(names, pages: 1, in: folder)
        let rows = names.map { "\($0).pdf,\($0),\($0.lowercased().replacingOccurrences(of: " ", with: "."))@school.example.org\n" }
        try ("file,name,email\n" + rows.joined()).write(toFile: folder.file("roster.csv"), atomically: true, encoding: .utf8)
        #expect(try run(folder, arguments: ["new", "exam"] + names.map { "\($0).pdf" } + ["--roster", "roster.csv"], environment: Self.prof).status == 0)
        #expect(try run(folder, arguments: ["question", "add", "exam", "--page", "1", "--at", "300,176", "--max", "4", "--label", "Q1"], environment: Self.prof).status == 0)
        for name in names { #expect(try run(folder, arguments: ["score", "exam", "--student", name, "--question", "Q1", "3"], environment: Self.prof).status == 0) }
    }

    private func smtp(_ server: TestMailServer) -> [String] {
        ["--smtp", server.url(), "--user", "teacher", "--cafile", server.certificate, "--from", "Dr. Ada Lovelace <ada@school.example.org>"]
    }

    @Test func aDryRunWritesMessagesAMailParserReadsWithThePDFAttachedAndTheTextAsWritten() throws {
        let folder = TemporaryFolder()
        try project(folder, ["Zoë Ångström", "Ben"])
        try "Liebe {{name}} — Ihr Ergebnis: {{total}}/{{maximum}} ({{percent}} %).\n\n{{scores}}\n"
            .write(toFile: folder.file("mail.txt"), atomically: true, encoding: .utf8)
        let result = try run(folder, arguments: ["return", "exam", "--dry-run", "preview", "--template", "mail.txt", "--from", "ada@school.example.org",
                                      "--subject", "{{exam}} für {{name}}"], environment: Self.prof)
        #expect(result.status == 0, "\(result.error)")
        #expect(result.output == "Wrote 2 messages to preview (nothing sent).\n")
        let messages = try TestMailServer.read(emlFiles: [folder.file("preview/Zoë Ångström.eml"), folder.file("preview/Ben.eml")])
        #expect(messages.map(\.subject) == ["exam für Zoë Ångström", "exam für Ben"])
        #expect(messages[0].to == "Zoë Ångström <zoë.ångström@school.example.org>")
        #expect(messages[0].text?.replacingOccurrences(of: "\r\n", with: "\n") == "Liebe Zoë Ångström — Ihr Ergebnis: 3/4 (75 %).\n\nQ1: 3 / 4\n")
        #expect(messages[0].html?.contains("<td>Q1</td><td>3 / 4</td>") == true)
        #expect(messages.map { $0.attachments.map(\.name) } == [["Zoë Ångström.pdf"], ["Ben.pdf"]])
        #expect(messages.allSatisfy { $0.defects == 0 && $0.attachments.first?.type == "application/pdf" })
        let pdf = try #require(FileManager.default.contents(atPath: folder.file("exam.ezgrader/returned/Ben.pdf")))
        #expect(messages[1].attachments.first?.sha256 == FileDigest.sha256(of: pdf))
        // A dry run records nothing: the real run sends both.
        let server = try TestMailServer(in: folder)
        #expect(try run(folder, arguments: ["return", "exam"] + smtp(server), environment: Self.prof).output == "Sent 2 messages.\n")
    }

    @Test func anUnknownPlaceholderIsNamedAndNothingIsSent() throws {
        let folder = TemporaryFolder()
        try project(folder, ["Anna"])
        try "Dear {{name}},\nyour grade is {{grade}}.\n".write(toFile: folder.file("mail.txt"), atomically: true, encoding: .utf8)
        let server = try TestMailServer(in: folder)
        let result = try run(folder, arguments: ["return", "exam", "--template", "mail.txt"] + smtp(server), environment: Self.prof)
        #expect(result.status == 1)
        #expect(result.error == "error: template 'mail.txt', line 2: unknown placeholder {{grade}}: use {{name}}, {{reading_name}}, {{id}}, {{exam}}, {{total}}, "
            + "{{maximum}}, {{percent}}, {{scores}}, {{comments}}. Nothing was sent.\n")
        #expect(try server.received().isEmpty)
        #expect(!FileManager.default.fileExists(atPath: folder.file("exam.ezgrader/returned")))
    }

    @Test func aSecondRunSendsNothingAndSaysSoAndOnlyPicksStudents() throws {
        let folder = TemporaryFolder()
        try project(folder, ["Anna", "Ben"])
        let server = try TestMailServer(in: folder)
        #expect(try run(folder, arguments: ["return", "exam", "--only", "Ben"] + smtp(server), environment: Self.prof).output == "Sent 1 message.\n")
        #expect(try run(folder, arguments: ["return", "exam"] + smtp(server), environment: Self.prof).output == "Sent 1 message.\nAlready sent and unchanged: 1 student.\n")
        #expect(try run(folder, arguments: ["return", "exam"] + smtp(server), environment: Self.prof).output == "Sent 0 messages.\nAlready sent and unchanged: 2 students.\n")
        #expect(try run(folder, arguments: ["score", "exam", "--student", "Anna", "--question", "Q1", "4"], environment: Self.prof).status == 0)
        #expect(try run(folder, arguments: ["return", "exam"] + smtp(server), environment: Self.prof).output
            == "Sent 1 message, 1 of them again after a regrade or a new address: Anna.\nAlready sent and unchanged: 1 student.\n")
        #expect(try run(folder, arguments: ["score", "exam", "--student", "Ben", "--question", "Q1", "2"], environment: Self.prof).status == 0)
        let wrong = try run(folder, arguments: ["return", "exam"] + smtp(server), environment: Self.prof.merging(["EZGRADER_SMTP_PASSWORD": "wrong"]) { $1 })
        #expect(wrong.status == 1)
        #expect(wrong.output.hasPrefix("Sent 0 messages.\nAlready sent and unchanged: 1 student.\nStopped: \(server.url()) refused the user name 'teacher'"),
                "\(wrong.output)")
        #expect(!wrong.output.contains("wrong") && !wrong.error.contains("wrong"), "the password is never shown")
        #expect(try server.received().compactMap { $0.rcpt_tos?.first } == ["ben@school.example.org", "anna@school.example.org", "anna@school.example.org"])
    }

    @Test func ctrlCStopsAfterTheMessageBeingSentAndARerunSendsTheRestOnce() throws {
        let folder = TemporaryFolder()
        let names = (1...8).map { "Student \($0)" }
        try project(folder, names)
        let server = try TestMailServer(in: folder)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: ezgrader)
        process.arguments = ["return", "exam", "--per-minute", "120", "--grader", "prof"] + smtp(server)
        process.currentDirectoryURL = URL(fileURLWithPath: folder.path)
        process.environment = ProcessInfo.processInfo.environment.merging(["EZGRADER_SMTP_PASSWORD": "secret"]) { $1 }
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        while try server.received().count < 2 && process.isRunning { usleep(20_000) }
        kill(process.processIdentifier, SIGINT)
        let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let accepted = try server.received().count
        #expect(process.terminationStatus == 1)
        #expect(accepted < 8 && printed.hasPrefix("Sent \(accepted) messages.\nStopped: stopped on request. \(8 - accepted) students not sent"), "\(printed)")
        #expect(try run(folder, arguments: ["return", "exam", "--per-minute", "6000"] + smtp(server), environment: Self.prof).output
            == "Sent \(8 - accepted) messages.\nAlready sent and unchanged: \(accepted) students.\n")
        let recipients = try server.received().compactMap { $0.rcpt_tos?.first }
        #expect(recipients.count == 8 && Set(recipients).count == 8)
    }
}
