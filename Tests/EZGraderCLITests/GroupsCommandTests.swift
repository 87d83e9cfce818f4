import Foundation
import ScanFactory
import Testing
import TestSupport

/// `ezgrader groups` on a scanned quiz of 8 copies (generated PDFs, the master copy given).
@Suite struct GroupsCommandTests {
    private let ezgrader = builtProduct("ezgrader")

    @Test func listsTheSuggestedGroupsLargestFirstAndAsJSON() throws {
        let folder = TemporaryFolder()
        try FileManager.default.createDirectory(atPath: folder.file("in"), withIntermediateDirectories: true)
        let letters: [String?] = ["C", nil, "C", "A", nil, "C", nil, "D"]
        for (index, letter) in letters.enumerated() {
            try AnswerSheetScan.writePage(to: URL(fileURLWithPath: folder.file("in/s\(index + 1).pdf")),
                                          AnswerSheetScan.Answers(number: "42", word: "Paris", letter: letter, derivation: false), student: index)
        }
        try AnswerSheetScan.writeBlank(to: URL(fileURLWithPath: folder.file("blank.pdf")))
        #expect(try runCommand(ezgrader, ["new", "quiz", "in", "--master", "blank.pdf"], in: folder.path).status == 0)
        for (index, corner) in AnswerSheetScan.gradeBoxes.enumerated() {
            let added = try runCommand(ezgrader, ["question", "add", "quiz", "--page", "1", "--at", "\(Int(corner.x)),\(Int(corner.y))", "--max", "2",
                                                  "--label", "Q\(index + 1)"], in: folder.path)
            #expect(added.status == 0, "\(added.error)")
        }
        let listed = try runCommand(ezgrader, ["groups", "quiz", "--question", "Q3"], in: folder.path)
        #expect(listed.status == 0, "\(listed.error)")
        let lines = listed.output.split(separator: "\n").map(String.init)
        // The three C's and the three blanks (two groups of three, largest first), then the A and the D on their own.
        #expect(lines.count == 4 && lines.prefix(2).contains { $0.hasSuffix(". blank, 3 answers, confidence 1.00 (confident): s2, s5, s7") }, "\(lines)")
        #expect(lines.prefix(2).contains { $0.contains(". alike, 3 answers, confidence ") && $0.hasSuffix(": s1, s3, s6") }, "\(lines)")
        #expect(lines.suffix(2).allSatisfy { $0.contains(", 1 answer, ") }, "\(lines)")
        let json = try runCommand(ezgrader, ["groups", "quiz", "--question", "Q3", "--json"], in: folder.path)
        let groups = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [[String: Any]])
        let blank = try #require(groups.first { $0["kind"] as? String == "blank" })
        #expect(blank["size"] as? Int == 3 && blank["students"] as? [String] == ["s2", "s5", "s7"] && blank["confident"] as? Bool == true)
        #expect(groups.flatMap { $0["students"] as? [String] ?? [] }.sorted() == (1...8).map { "s\($0)" })
        #expect(groups.allSatisfy { $0["confidence"] is Double && $0["confident"] is Bool })
        // Every derivation left blank: one group of all eight.
        let blankWork = try runCommand(ezgrader, ["groups", "quiz", "--question", "Q4", "--json"], in: folder.path)
        let work = try #require(try JSONSerialization.jsonObject(with: Data(blankWork.output.utf8)) as? [[String: Any]])
        #expect(work.count == 1 && work[0]["kind"] as? String == "blank" && work[0]["size"] as? Int == 8)
        let unknown = try runCommand(ezgrader, ["groups", "quiz", "--question", "Q9"], in: folder.path)
        #expect(unknown.status == 1 && unknown.error.contains("Q9"), "\(unknown.error)")
    }

    /// The number question's answer box declared on the command line: its answers grouped by the
    /// number read; bad boxes refused naming the value, the project left as it was.
    @Test func anAnswerBoxGroupsTheNumbersReadAndBadBoxesAreRefused() throws {
        let folder = TemporaryFolder()
        try FileManager.default.createDirectory(atPath: folder.file("in"), withIntermediateDirectories: true)
        let numbers: [String?] = ["42", "42", nil, "48", "42", "7", "42", nil, "48", "42"]
        for (index, number) in numbers.enumerated() {
            try AnswerSheetScan.writePage(to: URL(fileURLWithPath: folder.file("in/s\(index + 1).pdf")),
                                          AnswerSheetScan.Answers(number: number, word: nil, letter: nil, derivation: false), student: index)
        }
        try AnswerSheetScan.writeBlank(to: URL(fileURLWithPath: folder.file("blank.pdf")))
        #expect(try runCommand(ezgrader, ["new", "quiz", "in", "--master", "blank.pdf"], in: folder.path).status == 0)
        let corner = AnswerSheetScan.gradeBoxes[0]
        #expect(try runCommand(ezgrader, ["question", "add", "quiz", "--page", "1", "--at", "\(Int(corner.x)),\(Int(corner.y))", "--max", "2", "--label", "Q1"],
                               in: folder.path).status == 0)
        for (arguments, message) in [(["--answer-box", "360,96,20,26", "--digits", "0"], "got 0"), (["--answer-box", "360,96,20,26", "--digits", "20"], "got 20"),
                                     (["--answer-box", "600,96,20,26", "--digits", "3", "--pitch", "23"], "its 3 boxes (600,96 to 666,122) reach off page 1"),
                                     (["--answer-box", "360,96,0,26", "--digits", "3"], "--answer-box: "), (["--digits", "3"], "--digits and --pitch go with --answer-box")] {
            let refused = try runCommand(ezgrader, ["groups", "quiz", "--question", "Q1"] + arguments, in: folder.path)
            #expect(refused.status != 0 && refused.error.contains(message), "\(arguments): \(refused.error)")
        }
        let listed = try runCommand(ezgrader, ["groups", "quiz", "--question", "Q1", "--answer-box", "360,96,20,26", "--pitch", "23", "--digits", "3", "--json"],
                                    in: folder.path)
        #expect(listed.status == 0, "\(listed.error)")
        let groups = try #require(try JSONSerialization.jsonObject(with: Data(listed.output.utf8)) as? [[String: Any]])
        let fortyTwo = try #require(groups.first { $0["value"] as? String == "42" }, "\(groups)")
        #expect(fortyTwo["kind"] as? String == "number 42" && (fortyTwo["students"] as? [String]).map(Set.init) == ["s1", "s2", "s5", "s7", "s10"], "\(groups)")
        #expect(groups.first { $0["kind"] as? String == "blank" }?["students"] as? [String] == ["s3", "s8"], "\(groups)")
        #expect(groups.flatMap { $0["students"] as? [String] ?? [] }.sorted() == (1...10).map { "s\($0)" }.sorted())
        // Declared once: kept by the project, removed with --no-answer-box (a second removal is refused).
        let again = try runCommand(ezgrader, ["groups", "quiz", "--question", "Q1", "--json"], in: folder.path)
        #expect(again.output.contains("\"value\" : \"42\"") || again.output.contains("\"value\":\"42\""), "\(again.output)")
        #expect(try runCommand(ezgrader, ["groups", "quiz", "--question", "Q1", "--no-answer-box"], in: folder.path).status == 0)
        let twice = try runCommand(ezgrader, ["groups", "quiz", "--question", "Q1", "--no-answer-box"], in: folder.path)
        #expect(twice.status == 1 && twice.error.contains("Q1 has no answer box to remove."), "\(twice.error)")
    }
}
