import Foundation
import GraderCore
import ScanFactory
import Testing
import TestSupport

/// `ezgrader match --roster` on per-student scans whose page 1 has the student number written by pen in boxes.
@Suite struct MatchIDBoxesCommandTests {
    private let ezgrader = builtProduct("ezgrader")

    @Test func matchesTheStudentsOnTheRosterAndListsTheOneLeft() throws {
        let folder = TemporaryFolder()
        let field = IDBoxField(id: "number", page: 1, left: 300, top: 96, boxWidth: 20, boxHeight: 26, pitch: 23, count: 8)
        let roster = ["20261048", "20263391", "20265507", "20267723", "20268814"]
        try FileManager.default.createDirectory(atPath: folder.file("in"), withIntermediateDirectories: true)
        for (index, id) in (roster.prefix(4) + ["20175531"]).enumerated() {
            try IDFieldScan.writePage(to: URL(fileURLWithPath: folder.file("in/paper\(index + 1).pdf")), field,
                                      boxes: id.map { .digit($0.wholeNumberValue!) }, writer: .pen(PenHand(seed: UInt64(index) + 70)),
                                      seed: UInt64(index) + 170)
        }
        try ("file,name,id\n" + roster.enumerated().map { "x\($0.offset).pdf,Student \($0.offset),\($0.element)" }.joined(separator: "\n"))
            .write(toFile: folder.file("roster.csv"), atomically: true, encoding: .utf8)
        try "id_boxes:\n  - id: number\n    page: 1\n    at: 300,96\n    size: 20,26\n    pitch: 23\n    count: 8\n"
            .write(toFile: folder.file("rubric.yaml"), atomically: true, encoding: .utf8)
        #expect(try runCommand(ezgrader, ["new", "class", "in", "--rubric", "rubric.yaml"], in: folder.path).status == 0)
        let result = try runCommand(ezgrader, ["match", "class", "--roster", "roster.csv"], in: folder.path)
        #expect(result.status == 0, "\(result.error)")
        let lines = result.output.split(separator: "\n").map(String.init)
        for index in 0..<4 {
            #expect(lines.contains { $0.hasPrefix("paper\(index + 1): Student \(index) (the boxes read \(roster[index]), confidence ") })
        }
        #expect(lines.contains { $0.hasPrefix("review paper5: the boxes read ") })
        #expect(lines.last == "4 of 5 matched by their handwritten student number, 1 left for review.")
        // Run again as JSON: nothing more matched, the copy left listed with its three likeliest students, numbers typed.
        let json = try runCommand(ezgrader, ["match", "class", "--roster", "roster.csv", "--json"], in: folder.path)
        #expect(json.status == 0, "\(json.error)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
        #expect((object["matched"] as? [Any])?.isEmpty == true)
        let review = try #require((object["review"] as? [[String: Any]])?.first)
        #expect(review["name"] as? String == "paper5" && (review["read"] as? String)?.count == 8 && review["confidence"] is Double && review["student"] == nil)
        let candidates = try #require(review["candidates"] as? [[String: Any]])
        #expect(candidates.count == 1 && candidates[0]["rosterID"] as? String == roster[4] && candidates[0]["probability"] is Double)
    }

    @Test func matchJSONGivesEachCopyMatchedWithItsConfidence() throws {
        let folder = TemporaryFolder()
        try IDBoxClass.write(in: folder, written: Array(IDBoxClass.roster.prefix(2)))
        #expect(try runCommand(ezgrader, ["new", "class", "in", "--rubric", "rubric.yaml"], in: folder.path).status == 0)
        let json = try runCommand(ezgrader, ["match", "class", "--roster", "roster.csv", "--json"], in: folder.path)
        #expect(json.status == 0, "\(json.error)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
        let matched = try #require(object["matched"] as? [[String: Any]])
        #expect(matched.map { $0["name"] as? String } == ["paper1", "paper2"])
        #expect(matched.map { ($0["student"] as? [String: Any])?["rosterID"] as? String } == Array(IDBoxClass.roster.prefix(2)))
        #expect(matched.allSatisfy { ($0["confidence"] as? Double ?? 0) >= 4 && $0["candidates"] == nil })
        #expect((object["review"] as? [Any])?.isEmpty == true)
    }
}
