import ArgumentParser
import Foundation
import GraderKit
import GraderWeb

struct ServeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Grade in the browser: each answer beside its score, keyboard and pen, several graders at once.",
        discussion: """
            Prints a link with a secret token: open it in a browser on this machine. Each browser \
            says once who is grading; changes appear in every open view within a second. Stop with \
            Ctrl+C.

            By default only this machine can connect (127.0.0.1, plain HTTP). --public (every \
            address of this machine) or --host ADDRESS lets TAs in from their own machines, over \
            HTTPS only: with --cert and --key (PEM files, e.g. from your university), or else a \
            self-signed certificate made once and kept in the project's tls/ folder. serve prints \
            the certificate's SHA-256 fingerprint: tell it to your TAs, whose browser warns about \
            a self-signed certificate; they go on only when it shows the same fingerprint. Give \
            each TA a personal link with `ezgrader graders PROJECT invite NAME --role grader`; the \
            link serve prints is yours (the instructor's).

            Example:
              ezgrader serve exam --open
              ezgrader serve exam --public --port 8443
            """)
    @Argument(help: ArgumentHelp("The project folder (NAME.ezgrader; the suffix may be left out).", valueName: "project"))
    var project: String
    @Option(help: "The port (0: any free one).") var port: Int = 8080
    @Option(help: "The address to listen on (any but loopback: HTTPS only).") var host: String?
    @Flag(name: .customLong("public"), help: "Listen on every address of this machine, over HTTPS only.") var everyAddress = false
    @Option(help: ArgumentHelp("The HTTPS certificate (PEM; the server's first, then any intermediates).", valueName: "file"))
    var cert: String?
    @Option(help: ArgumentHelp("The certificate's private key (PEM).", valueName: "file")) var key: String?
    @Flag(help: "Open the link in the default browser (xdg-open).") var open = false
    @Option(help: ArgumentHelp("For the Return page's mail: trust the certificate authorities in this PEM file instead of the system's.",
                               valueName: "file"))
    var smtpCafile: String?

    func validate() throws {
        guard (0...65_535).contains(port) else { throw ValidationError("--port must be 0 to 65535, not \(port).") }
        if everyAddress, let host { throw ValidationError("Give --public or --host \(host), not both.") }
        if (cert == nil) != (key == nil) { throw ValidationError("Give --cert and --key together: the certificate and its private key.") }
    }

    func run() throws {
        try reportingErrors {
            // A change another program keeps waiting is answered 503 after 5 s, not held for 30.
            let grading = try GradingProject.open(GradingProject.folder(named: project), as: try Grader.resolve(nil), busyWait: 5)
            let address = everyAddress ? "0.0.0.0" : host ?? "127.0.0.1"
            let identity = try serverIdentity(for: address, in: grading.folder)
            let server = GradingServer(project: grading, host: address, port: port, identity: identity, mailAuthorities: smtpCafile)
            if let identity {
                let kept = cert == nil ? " (\(identity.madeNow ? "made now and kept" : "kept") in \(ServerIdentity.certificatePath(in: grading.folder)))" : ""
                print("HTTPS certificate\(kept), SHA-256 fingerprint:\n  \(identity.fingerprint)\n"
                    + "TAs check it against what their browser shows for the certificate before they go on.")
            }
            let open = self.open
            let finished = DispatchSemaphore(value: 0)
            let failure = ServeFailure()
            Task {
                do {
                    try await server.run { link in
                        print("Grading \(grading.folder) at:\n  \(link)\nOpen it in a browser; stop with Ctrl+C.")
                        if !server.isLoopback {
                            print("That link is yours (the instructor's): invite each TA with `ezgrader graders \(project) invite NAME --role grader`.")
                        }
                        fflush(nil)
                        if open { Self.openInBrowser(link) }
                    }
                } catch {
                    failure.error = error
                }
                finished.signal()
            }
            finished.wait()
            if let error = failure.error { throw error }
        }
    }

    /// The certificate to serve HTTPS with: the files given, or off loopback the project's own
    /// (made on first use for the names this machine answers to); nil: plain HTTP on loopback.
    private func serverIdentity(for address: String, in folder: String) throws -> ServerIdentity? {
        if let cert, let key { return try ServerIdentity.load(certificate: cert, key: key) }
        guard !GradingServer.isLoopback(address) else { return nil }
        return try ServerIdentity.projectCertificate(in: folder, names: GradingServer.names(answeringOn: address))
    }

    private static func openInBrowser(_ link: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["xdg-open", link]
        try? process.run()
    }
}

/// The error the server ended with, handed from its task to the command.
private final class ServeFailure: @unchecked Sendable {
    var error: (any Error)?
}
