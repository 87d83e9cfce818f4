import Foundation
import Testing
import TestSupport

/// `ezgrader graders` and `serve` off loopback as an instructor uses them: a personal link printed
/// once, the list, a revoke; HTTPS with the project's own certificate (kept, its key private, its
/// fingerprint printed the same each time) or with PEM files given, a bad one named.
@Suite struct GradersCommandTests {
    private let ezgrader = builtProduct("ezgrader")

    private func project() throws -> TemporaryFolder {
        let folder = TemporaryFolder()
        try TestClass.scanned(["Anna"], pages: 1, in: folder)
        #expect(try runCommand(ezgrader, ["new", "exam", "Anna.pdf"], in: folder.path).status == 0)
        return folder
    }

    @Test func aTAIsInvitedListedAndRevokedByName() throws {
        let folder = try project()
        let invite = try runCommand(ezgrader, ["graders", "exam", "invite", "ta-ben", "--role", "grader", "--server", "https://grading.example.edu:8443/"],
                                    in: folder.path)
        #expect(invite.status == 0)
        #expect(invite.output.contains(/ta-ben is invited as grader\. Their personal link, shown only now:\n  https:\/\/grading\.example\.edu:8443\/\?invite=[0-9a-f]{32}\n/),
                "\(invite.output)")
        #expect(try runCommand(ezgrader, ["graders", "exam", "invite", "viv", "--role", "Viewer"], in: folder.path).status == 0)
        let list = try runCommand(ezgrader, ["graders", "exam", "list"], in: folder.path)
        let lines = list.output.split(separator: "\n").map { $0.split(separator: "\t").map(String.init) }
        #expect(lines.map { [$0[0], $0[1], $0[3]] } == [["ta-ben", "grader", "active"], ["viv", "viewer", "active"]], "\(list.output)")
        let revoke = try runCommand(ezgrader, ["graders", "exam", "revoke", "ta-ben"], in: folder.path)
        #expect(revoke.status == 0 && revoke.output.hasPrefix("ta-ben's link no longer works"))
        #expect(try runCommand(ezgrader, ["graders", "exam", "list"], in: folder.path).output.contains(/ta-ben\tgrader\tinvited [^\t]+\trevoked 20/))
        let again = try runCommand(ezgrader, ["graders", "exam", "revoke", "ta-ben"], in: folder.path)
        #expect(again.status == 1 && again.error == "error: 'ta-ben' holds no working invite link (invited: viv).\n")
        let noRole = try runCommand(ezgrader, ["graders", "exam", "invite", "cy"], in: folder.path)
        #expect(noRole.status == 64 && noRole.error.contains("Give the invited grader a --role: instructor, grader or viewer."))
        let badRole = try runCommand(ezgrader, ["graders", "exam", "invite", "cy", "--role", "admin"], in: folder.path)
        #expect(badRole.status == 64 && badRole.error.contains("--role must be instructor, grader or viewer, not 'admin'."))
        let badServer = try runCommand(ezgrader, ["graders", "exam", "invite", "cy", "--role", "grader", "--server", "http://x"], in: folder.path)
        #expect(badServer.status == 64 && badServer.error.contains("--server must be an https address"))
    }

    /// Starts `serve` with `arguments`, returns what it printed up to its link, and stops it.
    private func served(_ arguments: [String], in folder: TemporaryFolder) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: ezgrader)
        process.arguments = ["serve", folder.file("exam"), "--port", "0"] + arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        defer { process.terminate(); process.waitUntilExit() }
        var printed = ""
        while !printed.contains("Ctrl+C") {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            printed += String(decoding: chunk, as: UTF8.self)
        }
        return printed
    }

    @Test func servingPubliclyIsHTTPSWithTheProjectsOwnCertificateMadeOnceAndItsFingerprintPrinted() throws {
        let folder = try project()
        let first = try served(["--public"], in: folder)
        let fingerprint = try #require(first.firstMatch(of: /fingerprint:\n  ((?:[0-9A-F]{2}:){31}[0-9A-F]{2})\n/), "\(first)").1
        #expect(first.contains("made now and kept in") && first.contains(#/\n  https://[^/]+:\d+/\?token=[0-9a-f]{48}\n/#), "\(first)")
        let key = try FileManager.default.attributesOfItem(atPath: folder.file("exam.ezgrader/tls/key.pem"))
        #expect((key[.posixPermissions] as? NSNumber)?.intValue == 0o600)
        let second = try served(["--public"], in: folder)
        #expect(second.contains("fingerprint:\n  \(fingerprint)\n") && !second.contains("made now"), "the same certificate, kept: \(second)")
        let given = try served(["--cert", folder.file("exam.ezgrader/tls/certificate.pem"), "--key", folder.file("exam.ezgrader/tls/key.pem")], in: folder)
        #expect(given.contains(#/\n  https://127\.0\.0\.1:\d+/#) && given.contains(String(fingerprint)), "--cert and --key serve HTTPS even on loopback")
    }

    @Test func aMissingOrWrongCertificateFileIsNamedAndNothingIsServed() throws {
        let folder = try project()
        try "not a certificate\n".write(toFile: folder.file("junk.pem"), atomically: true, encoding: .utf8)
        let missing = try runCommand(ezgrader, ["serve", "exam", "--public", "--port", "0", "--cert", "nope.pem", "--key", "junk.pem"], in: folder.path)
        #expect(missing.status == 1 && missing.error == "error: 'nope.pem' does not exist: check the path given to --cert or --key.\n")
        let junk = try runCommand(ezgrader, ["serve", "exam", "--public", "--port", "0", "--cert", "junk.pem", "--key", "junk.pem"], in: folder.path)
        #expect(junk.status == 1 && junk.error.contains("'junk.pem' holds no PEM certificate"))
        let half = try runCommand(ezgrader, ["serve", "exam", "--cert", "junk.pem"], in: folder.path)
        #expect(half.status == 64 && half.error.contains("Give --cert and --key together"))
        _ = try served(["--public"], in: folder)
        let other = try project()
        _ = try served(["--public"], in: other)
        let mismatch = try runCommand(ezgrader, ["serve", "exam", "--port", "0", "--cert", folder.file("exam.ezgrader/tls/certificate.pem"),
                                                 "--key", other.file("exam.ezgrader/tls/key.pem")], in: folder.path)
        #expect(mismatch.status == 1 && mismatch.error.contains("is not the key of the certificate in"), "\(mismatch.error)")
    }
}
