import Foundation
import GraderCore
import ScanFactory
import Testing
import TestSupport

/// `ezgrader match --roster` on a bulk-scanned bubble sheet with a student-number grid: a grid read
/// in full matches its copy; one read in part is listed with its best guess; one that cannot be
/// read at all (a blot over it) is listed with why, in the text and in `--json` alike.
@Suite struct MatchIDGridCommandTests {
    private let ezgrader = builtProduct("ezgrader")
    private static let grid = BubbleSheetLayout.studentIDBlock
    private static let roster = ["1234567", "7654321"]

    /// The pencil marks of the student number `digits` ("_" leaves that position blank).
    private static func marks(_ digits: String) -> [PagePoint] {
        digits.enumerated().compactMap { position, digit in digit.wholeNumberValue.map { grid.centre(row: position, choice: $0) } }
    }

    @Test func copiesTheGridDoesNotNameAreListedWithWhyInTextAndJSON() throws {
        let folder = TemporaryFolder()
        let style = ScanStyle(dpi: 150, jpegQuality: 80, maxSkewDegrees: 0.4, maxOffsetPoints: 3, noise: 0.1)
        try ScanFactory.writeBubbleSheetBooklet(to: URL(fileURLWithPath: folder.file("sheet.pdf")), studentNumber: 0, answers: [],
                                                idDigits: nil, style: ScanStyle(dpi: 150, jpegQuality: 80, maxSkewDegrees: 0, maxOffsetPoints: 0,
                                                                                noise: 0.1), seed: 1)
        let prepared = try runCommand(ezgrader, ["prepare", "sheet.pdf", "--copies", "3", "--exam-id", "IDG1", "-o", "print.pdf"], in: folder.path)
        #expect(prepared.status == 0, "\(prepared.error)")
        // Copy 1 fills in a roster number, copy 2 leaves a digit out, copy 3 has a blot over the whole grid.
        let last = Self.grid.centre(row: Self.grid.rows - 1, choice: 9), first = Self.grid.centre(row: 0, choice: 0)
        let blot = PagePoint(x: (first.x + last.x) / 2, y: (first.y + last.y) / 2)
        let sheets: [BulkSheet] = [.answered(pageIndex: 0, filled: Self.marks(Self.roster[0]), diameter: Self.grid.bubbleDiameter),
                                   .answered(pageIndex: 1, filled: Self.marks("76543_1"), diameter: Self.grid.bubbleDiameter),
                                   .answered(pageIndex: 2, filled: [blot], diameter: 260)]
        try ScanFactory.writeBulkScan(of: folder.file("print.pdf"), sheets: sheets, to: URL(fileURLWithPath: folder.file("stack.pdf")),
                                      style: style, seed: 41)
        try BubbleRubric.yaml([Self.grid]).write(toFile: folder.file("rubric.yaml"), atomically: true, encoding: .utf8)
        try "file,name,id\nx1.pdf,Anna Berg,\(Self.roster[0])\nx2.pdf,Ben Okafor,\(Self.roster[1])\n".write(toFile: folder.file("roster.csv"), atomically: true, encoding: .utf8)
        let created = try runCommand(ezgrader, ["new", "quiz", "--bulk", "stack.pdf", "--master", "sheet.pdf", "--rubric", "rubric.yaml"], in: folder.path)
        #expect(created.status == 0, "\(created.error)")

        // As JSON first (it matches copy 1), then as text (copies 2 and 3 are left).
        let json = try runCommand(ezgrader, ["match", "quiz", "--roster", "roster.csv", "--json"], in: folder.path)
        #expect(json.status == 0, "\(json.error)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
        #expect((object["matched"] as? [[String: Any]])?.map { "\($0["copy"] ?? "") \($0["student"] ?? "")" } == ["1 Anna Berg"])
        let review = try #require(object["review"] as? [[String: Any]])
        #expect(review.map { $0["copy"] as? Int } == [2, 3])
        #expect(review[0]["read"] as? String == "76543?1" && review[0]["guess"] as? String == "Ben Okafor" && review[0]["problem"] == nil)
        let problem = try #require(review[1]["problem"] as? String, "the blotted grid says why it was not read: \(review[1])")
        #expect(!problem.isEmpty && review[1]["read"] as? String == "???????")

        let text = try runCommand(ezgrader, ["match", "quiz", "--roster", "roster.csv"], in: folder.path)
        #expect(text.status == 0, "\(text.error)")
        let lines = text.output.split(separator: "\n").map(String.init)
        #expect(lines.count == 2, "\(text.output)")
        #expect(lines.first?.hasPrefix("review copy 2: the ID grid reads 76543?1; best guess Ben Okafor (7654321), 86 % of the digits") == true,
                "\(text.output)")
        #expect(lines.last?.hasPrefix("review copy 3: the ID grid reads ??????? (not read: \(problem)); ") == true, "\(text.output)")
    }
}
