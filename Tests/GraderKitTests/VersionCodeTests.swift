import Foundation
import GraderCodes
@_spi(Rules) import GraderCore
@testable import GraderKit
import GraderPDF
import ScanFactory
import Testing
import TestSupport

/// A two-version bubble quiz printed with `prepare --versions` (a random spread from a seed),
/// answered, bulk-scanned out of order and sorted back into copies: each copy's version comes
/// from its page codes, and every score lands on the exam's question through that version's key.
/// Version B prints its questions in another order, its choices shuffled, and its block lower.
@Suite(.serialized) struct VersionCodeTests {
    typealias Quiz = ExamVersionTests
    static let copies = 8
    static let style = ScanStyle(dpi: 150, jpegQuality: 70, maxSkewDegrees: 0.6, maxOffsetPoints: 4, noise: 0.25)
    static let clean = ScanStyle(dpi: 150, jpegQuality: 80, maxSkewDegrees: 0, maxOffsetPoints: 0, noise: 0.1)
    /// How much lower version B prints everything, its answer block too.
    static let lowerOnB = 30.0

    /// The pencil marks of copy `copy` (student `copy - 1`) on its version's printed sheet.
    static func marks(copy: Int, version: String) -> [PagePoint] {
        let block = BubbleSheetLayout.answerBlock, s = copy - 1
        return (0..<8).map { row in
            let printedB = version == "B"
            let label = Quiz.answer(s, printedB ? Quiz.order[row] : row)
            let centre = block.centre(row: row, choice: (printedB ? Quiz.choicesB(row) : Quiz.letters).firstIndex(of: label)!)
            return PagePoint(x: centre.x, y: centre.y + (printedB ? lowerOnB : 0))
        }
    }

    @Test func copiesPreparedInVersionsAreGradedAsTheVersionTheirCodesCarry() throws {
        let folder = TemporaryFolder()
        for (name, lower) in [("A", 0.0), ("B", Self.lowerOnB)] {
            try ScanFactory.writeBubbleSheetBooklet(to: URL(fileURLWithPath: folder.file("\(name).pdf")), studentNumber: 0, answers: [],
                                                    idDigits: nil, style: Self.clean, seed: 1, placement: BubbleSheetPlacement(offsetY: lower))
        }
        let prepared = try ExamPreparation.prepare(exams: [folder.file("A.pdf"), folder.file("B.pdf")], versioned: true, spread: .random(seed: 35),
                                                   copies: Self.copies, rosterPath: nil, codeAt: nil, examID: "VQ35", to: folder.file("print.pdf"))
        let spread = VersionSpread.random(seed: 35).versions(copies: Self.copies, versions: 2).map { VersionSpread.name(ofVersion: $0) }
        #expect(prepared.versions == spread)
        #expect(spread.filter { $0 == "A" }.count == 4 && spread != ["A", "B", "A", "B", "A", "B", "A", "B"], "balanced, not in seat order")

        // Every printed page's code names its copy's version.
        let reader = CodeReader(), printed = try PDFDocument(path: folder.file("print.pdf"))
        #expect(printed.pageCount == Self.copies)
        for copy in 1...Self.copies {
            let bitmap = try printed.page(at: copy - 1).renderRGB(dpi: 150)
            let grey = stride(from: 0, to: bitmap.rgb.count, by: 3).map { bitmap.rgb[$0] }
            let codes = reader.read(grey: grey, width: bitmap.width, height: bitmap.height).compactMap { PageCode(text: $0.text) }
            #expect(codes.map(\.text) == ["EZG1:VQ35:\(copy)/8:1/1:\(spread[copy - 1])"])
            #expect(codes.first?.label == "VQ35 · copy \(copy) · page 1/1 · version \(spread[copy - 1])")
        }

        // Answered, fed out of order, scanned in bulk.
        let block = BubbleSheetLayout.answerBlock
        let sheets: [BulkSheet] = [5, 2, 8, 1, 7, 3, 6, 4].map { copy in
            .answered(pageIndex: copy - 1, filled: Self.marks(copy: copy, version: spread[copy - 1]), diameter: block.bubbleDiameter)
        }
        try ScanFactory.writeBulkScan(of: folder.file("print.pdf"), sheets: sheets, to: URL(fileURLWithPath: folder.file("stack.pdf")),
                                      style: Self.style, seed: 35)
        try Quiz.rubric(versionField: false).write(toFile: folder.file("rubric.yaml"), atomically: true, encoding: .utf8)
        let (project, report) = try GradingProject.createFromBulk(folder.file("quiz.ezgrader"), scans: [folder.file("stack.pdf")],
                                                                  rubricPath: folder.file("rubric.yaml"), masterPath: folder.file("A.pdf"),
                                                                  grader: try .tester())
        #expect(report.sort.completeCopies == Array(1...Self.copies))
        #expect(report.sort.versions == Dictionary(uniqueKeysWithValues: spread.enumerated().map { ($0 + 1, $1) }))

        // Adding the versions gives each copy its code's version (B's pages aligned to B's PDF).
        try project.addVersion("A")
        #expect(try project.store.gradeBook().versionUnknown.count == 4, "B's copies wait for version B")
        try project.addVersion("B", reference: folder.file("B.pdf"))
        #expect(throws: GradingError.positionOffPage(x: 110, y: 700, page: 1, size: PageSize(width: 612, height: 792))) {
            try project.placeBlock("mc", version: "B", page: 1, origin: PagePoint(x: 110, y: 700))
        }
        try project.placeBlock("mc", version: "B", page: 1, origin: PagePoint(x: block.origin.x, y: block.origin.y + Self.lowerOnB))
        try project.setVersionKey(version: "B", block: "mc", text: Quiz.keyFileB, file: "keyB.txt")
        _ = try project.setAnswerKey(block: "mc", answers: Quiz.key.joined(separator: ","))
        _ = try BubbleRun.run(project)

        let book = try project.store.gradeBook()
        #expect(book.versionUnknown.isEmpty)
        // On B, mc-1's grade box is beside the row B prints it on (row 2), where B prints the block.
        let mc1 = try book.resolveQuestion("mc-1").question, onB = try book.resolveStudent("Copy \(spread.firstIndex(of: "B")! + 1)")
        let letter = PageSize(width: 612, height: 792), examBox = mc1.position.point(on: letter)
        let boxB = book.placed(mc1, for: onB).position.point(on: letter)
        #expect(abs(boxB.x - examBox.x) < 0.01 && abs(boxB.y - (examBox.y + Self.lowerOnB + block.rowSpacing)) < 0.01, "\(boxB) vs \(examBox)")
        func points(_ s: Int, _ q: Int) -> Double { Quiz.answer(s, q) == Quiz.key[q] ? 2 : 0 }
        for copy in 1...Self.copies {
            let id = try book.resolveStudent("Copy \(copy)")
            #expect(book.version(of: id) == StudentVersion(name: spread[copy - 1], source: .code), "copy \(copy)")
            let scores = try (1...8).map { book.score(try book.resolveQuestion("mc-\($0)").question.id, id).description }
            #expect(scores == (0..<8).map { points(copy - 1, $0) == 2 ? "2" : "0" }, "copy \(copy), version \(spread[copy - 1])")
        }

        // The statistics are per exam question over the merged class, and per version.
        let json = try JSONSerialization.jsonObject(with: JSONEncoder().encode(try project.statistics())) as! [String: Any]
        func mean(_ values: [Double]) -> Double { values.reduce(0, +) / Double(values.count) }
        for (q, item) in (json["questions"] as! [[String: Any]]).enumerated() {
            #expect(abs((item["mean"] as! Double) - mean((0..<Self.copies).map { points($0, q) })) < 0.0005, "mc-\(q + 1)")
        }
        for version in json["versions"] as! [[String: Any]] {
            let members = (0..<Self.copies).filter { spread[$0] == version["name"] as? String }
            #expect(version["students"] as? Int == 4)
            for (q, item) in (version["questions"] as! [[String: Any]]).enumerated() {
                #expect(abs((item["mean"] as! Double) - mean(members.map { points($0, q) })) < 0.0005, "\(version["name"]!) mc-\(q + 1)")
            }
            // Each version's options are the exam's choices: B's shuffled bubbles counted as the choices they stand for.
            for (q, item) in (version["bubbleQuestions"] as! [[String: Any]]).enumerated() {
                let counts = (item["options"] as! [[String: Any]]).map { "\($0["label"]!) \($0["count"]!)" }
                #expect(counts == Quiz.letters.map { label in "\(label) \(members.filter { Quiz.answer($0, q) == label }.count)" },
                        "\(version["name"]!) mc-\(q + 1)")
            }
        }
        let text = try project.statistics().textLines(title: "Quiz")
        let header = try #require(text.firstIndex { $0.hasPrefix("  options by version") })
        let first = text[header + 1]
        let shares = ["A", "B"].map { name in
            let members = (0..<Self.copies).filter { spread[$0] == name }
            return name + " " + Quiz.letters.map { label in
                label + (label == Quiz.key[0] ? "*" : "") + " \(Int((Double(members.filter { Quiz.answer($0, 0) == label }.count) * 25).rounded()))%"
            }.joined(separator: " ")
        }
        #expect(first == "  mc-1\t" + shares.joined(separator: "\t"))
    }

    @Test func versionsGoRoundInSeatOrderOrAtRandomFromASeed() {
        #expect(VersionSpread.seats.versions(copies: 7, versions: 3) == [0, 1, 2, 0, 1, 2, 0])
        let random = VersionSpread.random(seed: 9).versions(copies: 30, versions: 4)
        #expect(random == VersionSpread.random(seed: 9).versions(copies: 30, versions: 4), "the same seed, the same spread")
        #expect(random != VersionSpread.random(seed: 10).versions(copies: 30, versions: 4))
        #expect((0..<4).map { v in random.filter { $0 == v }.count } == [8, 8, 7, 7], "each version as often as the others, to within one")
        let code = PageCode(exam: "E1", copy: 2, copies: 3, page: 1, pages: 2, version: "B")!
        #expect(code.text == "EZG1:E1:2/3:1/2:B" && PageCode(text: code.text) == code)
        #expect(PageCode(text: "EZG1:E1:2/3:1/2:")?.version == nil)
        #expect(PageCode(text: "EZG1:E1:2/3:1/2:B C") == nil, "a version name a version cannot have")
    }

    @Test func prepareRefusesVersionsOfDifferentLengths() throws {
        let folder = TemporaryFolder()
        try ScanFactory.writeVectorPDF(to: URL(fileURLWithPath: folder.file("A.pdf")), label: "A", pageSizes: [(612, 792), (612, 792)])
        try ScanFactory.writeVectorPDF(to: URL(fileURLWithPath: folder.file("B.pdf")), label: "B", pageSizes: [(612, 792)])
        #expect(throws: BulkError.versionPagesDiffer(path: folder.file("B.pdf"), found: 1, first: folder.file("A.pdf"), expected: 2)) {
            try ExamPreparation.prepare(exams: [folder.file("A.pdf"), folder.file("B.pdf")], versioned: true, copies: 4, rosterPath: nil, codeAt: nil,
                                        examID: "E1", to: folder.file("print.pdf"))
        }
        #expect(!FileManager.default.fileExists(atPath: folder.file("print.pdf")))
        #expect(BulkError.versionPagesDiffer(path: "B.pdf", found: 1, first: "A.pdf", expected: 2).localizedDescription
            == "'B.pdf' has 1 page but 'A.pdf' has 2: every version must have the same pages, in its own order.")
    }
}
