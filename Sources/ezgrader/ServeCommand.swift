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

            By default only this machine can connect (127.0.0.1). --host 0.0.0.0 lets other \
            machines in (they still need the token): only on a network you trust.

            Example:
              ezgrader serve exam --open
            """)
    @Argument(help: ArgumentHelp("The project folder (NAME.ezgrader; the suffix may be left out).", valueName: "project"))
    var project: String
    @Option(help: "The port (0: any free one).") var port: Int = 8080
    @Option(help: "The address to listen on.") var host: String = "127.0.0.1"
    @Flag(help: "Open the link in the default browser (xdg-open).") var open = false

    func validate() throws {
        guard (0...65_535).contains(port) else { throw ValidationError("--port must be 0 to 65535, not \(port).") }
    }

    func run() throws {
        try reportingErrors {
            // A change another program keeps waiting is answered 503 after 5 s, not held for 30.
            let grading = try GradingProject.open(GradingProject.folder(named: project), as: try Grader.resolve(nil), busyWait: 5)
            let server = GradingServer(project: grading, host: host, port: port)
            if !server.isLoopback {
                writeStandardError("""
                    WARNING: listening on \(host): other machines can reach this server. Anyone with the link \
                    (it holds the token) can see and change the grades. Use it only on a network you trust.

                    """)
            }
            let open = self.open
            let finished = DispatchSemaphore(value: 0)
            let failure = ServeFailure()
            Task {
                do {
                    try await server.run { link in
                        print("Grading \(grading.folder) at:\n  \(link)\nOpen it in a browser; stop with Ctrl+C.")
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
