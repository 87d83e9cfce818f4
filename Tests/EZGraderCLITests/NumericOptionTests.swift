import Foundation
import Testing
import TestSupport

/// Issue 26: every number a command takes is a plain decimal within sane bounds. NaN, infinity,
/// huge and hexadecimal values are refused with a message naming the option and the value —
/// never a crash (a signal), never read as some other number.
@Suite struct NumericOptionTests {
    private let ezgrader = builtProduct("ezgrader")

    /// Values that once crashed a command or were read as another number.
    private static let hostile = ["NaN", "inf", "-inf", "1e300", "9.3e18", "-9.3e18", "0x10"]

    /// A number option: the command line with `V` where the value goes, how the value is typed
    /// (`V` inside it), and the option's name as the message gives it (nil: a positional value,
    /// whose message names its kind).
    private struct Row: Sendable {
        let arguments: [String], typed: String, option: String?
    }

    /// Every option of every command that takes a non-integer number.
    private static let decimals: [Row] = [
        Row(arguments: ["question", "add", "exam", "--page", "1", "--at=V", "--max", "2"], typed: "V,10", option: "--at"),
        Row(arguments: ["question", "add", "exam", "--page", "1", "--at", "10,10", "--max", "2", "--size=V"], typed: "V,20", option: "--size"),
        Row(arguments: ["question", "add", "exam", "--page", "1", "--at", "10,10", "--max=V"], typed: "V", option: "--max"),
        Row(arguments: ["question", "move", "exam", "Q1", "--to=V"], typed: "V,10", option: "--to"),
        Row(arguments: ["question", "move", "exam", "Q1", "--by", "V"], typed: "1,V", option: "--by"),
        Row(arguments: ["note", "add", "exam", "--student", "Anna", "--page", "1", "--at=V", "hi"], typed: "10,V", option: "--at"),
        Row(arguments: ["note", "add", "exam", "--student", "Anna", "--page", "1", "--at", "10,10", "--size=V", "hi"], typed: "V", option: "--size"),
        Row(arguments: ["note", "move", "exam", "1", "--by", "V"], typed: "V,0", option: "--by"),
        Row(arguments: ["ink", "exam", "--student", "Anna", "--page", "1", "--width=V", "10,10 20,20"], typed: "V", option: "--width"),
        Row(arguments: ["erase", "exam", "--student", "Anna", "--page", "1", "--at=V"], typed: "V,V", option: "--at"),
        Row(arguments: ["preview", "exam", "-o", "p.png", "--dpi=V"], typed: "V", option: "--dpi"),
        Row(arguments: ["rubric", "add", "exam", "Q1", "--points", "V", "text"], typed: "V", option: "--points"),
        Row(arguments: ["rubric", "edit", "exam", "Q1", "1", "--points", "V"], typed: "V", option: "--points"),
        Row(arguments: ["rubric", "apply", "exam", "--student", "Anna", "--question", "Q1", "--adjust", "V", "1"], typed: "V", option: "--adjust"),
        Row(arguments: ["anonymous", "exam", "on", "--name-region=V"], typed: "40,V,300,40", option: "--name-region"),
        Row(arguments: ["prepare", "Anna.pdf", "-o", "print.pdf", "--code-at=V"], typed: "V,1", option: "--code-at"),
        Row(arguments: ["score", "exam", "--student", "Anna", "--question", "Q1", "--", "V"], typed: "V", option: nil),
        Row(arguments: ["question", "set-max", "exam", "Q1", "--", "V"], typed: "V", option: nil),
        Row(arguments: ["question", "resize", "exam", "Q1", "--", "V"], typed: "V,30", option: nil),
        Row(arguments: ["ink", "exam", "--student", "Anna", "--page", "1", "--", "10,10 V"], typed: "V,20", option: nil),
    ]

    /// Every option that takes a whole number: the command-line parser refuses anything else as a
    /// usage error, naming the option.
    private static let integers: [Row] = [
        Row(arguments: ["note", "add", "exam", "--student", "Anna", "--page=V", "--at", "10,10", "hi"], typed: "V", option: "--page"),
        Row(arguments: ["question", "add", "exam", "--page=V", "--at", "10,10", "--max", "2"], typed: "V", option: "--page"),
        Row(arguments: ["grade", "exam", "--page=V"], typed: "V", option: "--page"),
        Row(arguments: ["preview", "exam", "-o", "p.png", "--page=V"], typed: "V", option: "--page"),
        Row(arguments: ["order", "exam", "shuffled", "--seed=V"], typed: "V", option: "--seed"),
        Row(arguments: ["merge", "Anna.pdf", "-o", "class.pdf", "--order", "shuffled", "--seed=V"], typed: "V", option: "--seed"),
        Row(arguments: ["export", "pdf", "exam", "--out", "graded", "--order", "shuffled", "--seed=V"], typed: "V", option: "--seed"),
        Row(arguments: ["history", "exam", "--limit=V"], typed: "V", option: "--limit"),
        Row(arguments: ["prepare", "Anna.pdf", "-o", "print.pdf", "--copies=V"], typed: "V", option: "--copies"),
        Row(arguments: ["serve", "exam", "--port=V"], typed: "V", option: "--port"),
        Row(arguments: ["new", "bulk", "Anna.pdf", "--pages-per-student=V"], typed: "V", option: "--pages-per-student"),
        Row(arguments: ["match", "exam", "--copy=V", "--student", "Anna"], typed: "V", option: "--copy"),
        Row(arguments: ["assign", "exam", "--scan", "a.pdf", "--page", "1", "--copy", "1", "--page-of-copy", "1", "--rotate=V"],
            typed: "V", option: "--rotate"),
    ]

    @Test func everyDecimalOptionRefusesNaNInfinityHugeAndHexByName() throws {
        let folder = try Self.project()
        let before = try runCommand(ezgrader, ["export", "csv", "exam"], in: folder.path).output
        for row in Self.decimals {
            for hostile in Self.hostile {
                let typed = row.typed.replacingOccurrences(of: "V", with: hostile)
                let arguments = row.arguments.map { $0.replacingOccurrences(of: "V", with: typed) }
                let result = try runCommand(ezgrader, arguments, in: folder.path)
                let line = arguments.joined(separator: " ")
                #expect(result.status == 1, "\(line): exit \(result.status), \(result.error)")
                #expect(result.error.hasPrefix("error: " + (row.option.map { "\($0): " } ?? "")), "\(line): \(result.error)")
                #expect(result.error.contains(typed), "the message names the value: \(line): \(result.error)")
            }
        }
        #expect(try runCommand(ezgrader, ["export", "csv", "exam"], in: folder.path).output == before, "nothing was changed")
        #expect(!folder.fileNames.contains("p.png") && !folder.fileNames.contains("print.pdf"))
    }

    @Test func everyWholeNumberOptionRefusesNaNInfinityHugeAndHexAsAUsageError() throws {
        let folder = try Self.project()
        for row in Self.integers {
            for hostile in Self.hostile {
                let arguments = row.arguments.map { $0.replacingOccurrences(of: "V", with: hostile) }
                let result = try runCommand(ezgrader, arguments, in: folder.path)
                let line = arguments.joined(separator: " ")
                #expect(result.status == 64, "\(line): exit \(result.status), \(result.error)")
                #expect(result.error.contains("The value '\(hostile)' is invalid for '\(row.option!)"), "\(line): \(result.error)")
            }
        }
    }

    @Test func theCodePlaceThatCrashedIsRefusedWithItsMessage() throws {
        let folder = try Self.project()
        let result = try runCommand(ezgrader, ["prepare", "Anna.pdf", "--code-at", "NaN,1", "-o", "print.pdf"], in: folder.path)
        #expect(result.status == 1)
        #expect(result.error == "error: --code-at: Position 'NaN,1' is not understood: give x,y in points from the top-left corner, "
            + "plain decimal numbers (e.g. 40,740).\n")
        #expect(!folder.fileNames.contains("print.pdf"))
    }

    @Test func hexadecimalCoordinatesAreRefusedAndPlainDecimalsStillWork() throws {
        let folder = try Self.project()
        let hex = try runCommand(ezgrader, ["question", "add", "exam", "--page", "1", "--at", "0x10,5", "--max", "2"], in: folder.path)
        #expect(hex.status == 1)
        #expect(hex.error == "error: --at: Position '0x10,5' is not understood: give x,y in points from the top-left corner "
            + "(e.g. 430,60) or percentages (e.g. 70%,8%).\n")
        let plain = try runCommand(ezgrader, ["question", "add", "exam", "--page", "1", "--at", "+16, 5.5", "--max", "2.5", "--json"],
                                   in: folder.path)
        #expect(plain.status == 0, "\(plain.error)")
        #expect(plain.output.contains("\"x\" : 16") && plain.output.contains("\"y\" : 5.5"), "\(plain.output)")
    }

    /// A one-student project with a question Q1 (one rubric item) and a note.
    private static func project() throws -> TemporaryFolder {
        let folder = TemporaryFolder()
        try TestClass.scanned(["Anna"], pages: 1, in: folder)
        let ezgrader = builtProduct("ezgrader")
        for arguments in [["new", "exam", "Anna.pdf"], ["question", "add", "exam", "--page", "1", "--at", "100,100", "--max", "4", "--label", "Q1"],
                          ["rubric", "add", "exam", "Q1", "--points", "-1", "Sign"],
                          ["note", "add", "exam", "--student", "Anna", "--page", "1", "--at", "10,10", "hi"]] {
            let result = try runCommand(ezgrader, arguments, in: folder.path)
            guard result.status == 0 else { throw CocoaError(.featureUnsupported, userInfo: [NSLocalizedDescriptionKey: result.error]) }
        }
        return folder
    }
}
