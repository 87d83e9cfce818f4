import Foundation
import Testing
import TestSupport

/// `ezgrader … --help` of every command, found by walking the SUBCOMMANDS lists, compared with the
/// text recorded under Goldens/. After a deliberate change, re-record them and review the diff:
///
///     EZGRADER_RECORD_GOLDENS=1 swift test --filter HelpGoldenTests
@Suite struct HelpGoldenTests {
    private let ezgrader = builtProduct("ezgrader")
    private let goldens = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Goldens")
    private let recording = ProcessInfo.processInfo.environment["EZGRADER_RECORD_GOLDENS"] == "1"

    /// The help text of `command` (empty: the root), at a fixed width.
    private func help(_ command: [String]) throws -> String {
        let result = try runCommand(ezgrader, command + ["--help"], environment: ["COLUMNS": "80"])
        #expect(result.status == 0, "\(command): \(result.error)")
        return result.output
    }

    /// The subcommands a help text lists.
    private func subcommands(in help: String) -> [String] {
        guard let start = help.range(of: "SUBCOMMANDS:\n") else { return [] }
        return help[start.upperBound...].split(separator: "\n").compactMap { line in
            guard line.hasPrefix("  "), !line.hasPrefix("   ") else { return nil }
            return line.split(separator: " ").first.map(String.init)
        }.filter { $0 != "See" }
    }

    @Test func everyCommandsHelpMatchesItsGolden() throws {
        var queue: [[String]] = [[]], seen: Set<String> = []
        while !queue.isEmpty {
            let command = queue.removeFirst()
            let text = try help(command)
            queue += subcommands(in: text).map { command + [$0] }
            let name = (["ezgrader"] + command).joined(separator: "-") + ".txt"
            seen.insert(name)
            let file = goldens.appendingPathComponent(name)
            if recording {
                try FileManager.default.createDirectory(at: goldens, withIntermediateDirectories: true)
                try text.write(to: file, atomically: true, encoding: .utf8)
            } else {
                let golden = try? String(contentsOf: file, encoding: .utf8)
                #expect(golden == text, "\(name) differs from ezgrader \(command.joined(separator: " ")) --help; if the change is meant, re-record with EZGRADER_RECORD_GOLDENS=1")
            }
        }
        #expect(seen.count > 40, "the walk found the commands")
        let stale = try FileManager.default.contentsOfDirectory(atPath: goldens.path).filter { !seen.contains($0) }
        if recording { stale.forEach { try? FileManager.default.removeItem(at: goldens.appendingPathComponent($0)) } } else {
            #expect(stale.isEmpty, "goldens of commands that no longer exist: \(stale)")
        }
    }
}
