import Foundation

/// A real SMTP server for a test (`Tests/Mail/smtp_server.py`, aiosmtpd): STARTTLS (or TLS from
/// the start) with a self-signed certificate made for the test, AUTH as teacher/secret; each
/// message it accepts is kept in `mailbox` with what Python's `email` package reads in it.
public final class TestMailServer: @unchecked Sendable {
    /// What the server accepted of one message.
    public struct Received: Decodable, Sendable {
        public let from: String, to: String, subject: String, message_id: String
        public let reply_to: String
        public let text: String?, html: String?
        public let attachments: [Attachment]
        public let mail_from: String?, rcpt_tos: [String]?
        public let login: String?
        public let defects: Int
        /// The message's place in the mailbox, from 1.
        public var number = 0

        /// One attached file.
        public struct Attachment: Decodable, Sendable {
            public let name: String?, type: String, sha256: String, size: Int
        }

        enum CodingKeys: CodingKey { case from, to, subject, message_id, reply_to, text, html, attachments, mail_from, rcpt_tos, login, defects }
    }

    /// The folder the accepted messages are written to (shared by every server of a test).
    public let mailbox: String
    /// The certificate the server presents: the one file the client must trust.
    public let certificate: String
    /// The port it listens on.
    public private(set) var port = 0
    private let process = Process()

    /// Starts a server writing into `folder`'s mailbox (made with its certificate if missing);
    /// it refuses RCPT to `refuse` and drops every connection at the data of each message after
    /// `dropAfter` accepted.
    public init(in folder: TemporaryFolder, dropAfter: Int? = nil, refuse: [String] = [], implicitTLS: Bool = false) throws {
        mailbox = folder.file("mailbox")
        certificate = folder.file("smtp-cert.pem")
        let key = folder.file("smtp-key.pem")
        try FileManager.default.createDirectory(atPath: mailbox, withIntermediateDirectories: true)
        if !FileManager.default.fileExists(atPath: certificate) {
            try Self.run("/usr/bin/openssl", ["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes",
                                              "-keyout", key, "-out", certificate, "-days", "2", "-subj", "/CN=localhost",
                                              "-addext", "subjectAltName=DNS:localhost,IP:127.0.0.1"])
        }
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", packageRoot.appendingPathComponent("Tests/Mail/smtp_server.py").path,
                             "--folder", mailbox, "--cert", certificate, "--key", key]
            + (dropAfter.map { ["--drop-after", String($0)] } ?? []) + refuse.flatMap { ["--refuse", $0] }
            + (implicitTLS ? ["--implicit-tls"] : [])
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        var line = Data()
        while !line.contains(UInt8(ascii: "\n")) {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            line += chunk
        }
        guard let text = String(data: line, encoding: .utf8), text.hasPrefix("PORT "),
              let port = Int(text.dropFirst(5).trimmingCharacters(in: .whitespacesAndNewlines)) else {
            stop()
            throw TestMailServerError.didNotStart(String(decoding: line, as: UTF8.self))
        }
        self.port = port
    }

    deinit { stop() }

    /// The URL to send through: STARTTLS on `smtp://`, TLS from the start on `smtps://`.
    public func url(implicitTLS: Bool = false) -> String { "\(implicitTLS ? "smtps" : "smtp")://localhost:\(port)" }

    /// Stops the server (what it accepted stays in the mailbox).
    public func stop() {
        guard process.isRunning else { return }
        // SIGKILL: a test runner may ignore SIGTERM, and its children inherit that.
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    /// Every message accepted so far, in order.
    public func received() throws -> [Received] {
        try FileManager.default.contentsOfDirectory(atPath: mailbox).filter { $0.hasSuffix(".json") }.sorted().map { name in
            var message = try JSONDecoder().decode(Received.self, from: Data(contentsOf: URL(fileURLWithPath: mailbox + "/" + name)))
            message.number = Int(name.prefix(5)) ?? 0
            return message
        }
    }

    /// The attachment's bytes of message `number`.
    public func attachment(_ number: Int) -> Data? {
        FileManager.default.contents(atPath: mailbox + "/" + String(format: "%05d.pdf", number))
    }

    /// Reads `.eml` files with Python's `email` package, as the server reads what it accepts.
    public static func read(emlFiles paths: [String]) throws -> [Received] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", packageRoot.appendingPathComponent("Tests/Mail/read_message.py").path] + paths
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return try JSONDecoder().decode([Received].self, from: data.isEmpty ? Data("[]".utf8) : data)
    }

    private static func run(_ tool: String, _ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw TestMailServerError.didNotStart("\(tool) failed") }
    }
}

/// Why the test's mail server could not start.
public enum TestMailServerError: Error {
    case didNotStart(String)
}
