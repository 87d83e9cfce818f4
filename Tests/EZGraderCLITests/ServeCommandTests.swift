import Foundation
import Testing
import TestSupport

/// `ezgrader serve` as a user starts it: the link it prints, and a port already taken.
@Suite struct ServeCommandTests {
    private let ezgrader = builtProduct("ezgrader")

    @Test func theLinkHoldsATokenAndATakenPortIsNamedWithWhatToDo() throws {
        let folder = TemporaryFolder()
        try TestClass.scanned(["Anna"], pages: 1, in: folder)
        #expect(try runCommand(ezgrader, ["new", "exam", "Anna.pdf"], in: folder.path).status == 0)
        let first = Process()
        first.executableURL = URL(fileURLWithPath: ezgrader)
        first.arguments = ["serve", folder.file("exam"), "--port", "0"]
        let output = Pipe()
        first.standardOutput = output
        first.standardError = FileHandle.nullDevice
        try first.run()
        defer { first.terminate(); first.waitUntilExit() }
        var printed = ""
        while !printed.contains("Ctrl+C") {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            printed += String(decoding: chunk, as: UTF8.self)
        }
        #expect(printed.hasPrefix("Grading "), "our own line first, no server log line: \(printed)")
        let match = try #require(printed.firstMatch(of: /http:\/\/127\.0\.0\.1:(\d+)\/\?token=[0-9a-f]{48}\n/), "\(printed)")
        let second = try runCommand(ezgrader, ["serve", "exam", "--port", String(match.1)], in: folder.path)
        #expect(second.status == 1)
        #expect(second.error == "error: Port \(match.1) on 127.0.0.1 is in use (another ezgrader serve?): "
            + "choose another with --port, or --port 0 for any free one.\n")
        let badPort = try runCommand(ezgrader, ["serve", "exam", "--port", "70000"], in: folder.path)
        #expect(badPort.status == 64 && badPort.error.contains("--port must be 0 to 65535, not 70000."))
    }
}
