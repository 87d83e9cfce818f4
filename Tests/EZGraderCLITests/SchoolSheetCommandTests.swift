import Foundation
import GraderCore
import GraderPDF
import ScanFactory
import Testing
import TestSupport

/// A school's own answer sheet, as an instructor sets it up: the blank sheet and each field's first
/// and last bubble in the rubric, the class's scans read against the blank, a numeric answer keyed.
@Suite(.serialized) struct SchoolSheetCommandTests {
    private let design = CommercialSheetDesign.schoolForm

    /// Issue 26: a block on a page the one-page blank does not have was looked for on its page 1
    /// and every row of every student came out uncertain; it is refused, naming block and page.
    @Test func aBlockOnAPageTheBlankLacksIsRefused() throws {
        let folder = TemporaryFolder()
        let samples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("SamplePDFs/school-sheet").path
        try FileManager.default.copyItem(atPath: "\(samples)/blank.pdf", toPath: folder.file("blank.pdf"))
        try qpdf("--empty", "--pages", "\(samples)/scans/Anna Schmidt.pdf", "\(samples)/scans/Anna Schmidt.pdf", "--", folder.file("Anna.pdf"))
        let rubric = try String(contentsOfFile: "\(samples)/rubric.yaml", encoding: .utf8)
        let lines = rubric.components(separatedBy: "\n")
        let mc1 = lines.firstIndex { $0.contains("id: mc1") }!
        var moved = lines
        moved[mc1 + 1] = "    page: 2"
        try moved.joined(separator: "\n").write(toFile: folder.file("rubric.yaml"), atomically: true, encoding: .utf8)
        let result = try run(folder, "new", "exam", "Anna.pdf", "--rubric", "rubric.yaml")
        #expect(result.status == 1)
        #expect(result.error == "error: Rubric 'rubric.yaml' line \(mc1 + 1): bubble block 'mc1' is on page 2, but the blank sheet 'blank.pdf' "
            + "has 1 page, no page 2: correct page:, or add blank_page: with the blank's page that shows this block. Nothing was added.\n")
        #expect(!folder.fileNames.contains("exam.ezgrader"))
        moved.insert("    blank_page: 1", at: mc1 + 2)
        try moved.joined(separator: "\n").write(toFile: folder.file("rubric.yaml"), atomically: true, encoding: .utf8)
        let explicit = try run(folder, "new", "exam", "Anna.pdf", "--rubric", "rubric.yaml")
        #expect(explicit.status == 0, "blank_page: says the blank's page 1 shows it: \(explicit.error)")
    }

    @Test func scansAreReadAgainstTheBlankAndTheirPlacementShown() throws {
        let folder = TemporaryFolder()
        try ScanFactory.writeBlankSheet(design, to: URL(fileURLWithPath: folder.file("blank.pdf")))
        try FileManager.default.createDirectory(atPath: folder.file("scans"), withIntermediateDirectories: true)
        var truths: [String: FilledSheetTruth] = [:], numbers: [String: String] = [:]
        for (index, name) in ["Ada", "Ben"].enumerated() {
            var marks = ScanFactory.randomSheetMarks(design, difficulty: 0, seed: UInt64(40 + index))
            marks["q46"] = [.filled(0), .filled(4), .filled(2 + index)]
            numbers[name] = "04\(2 + index)"
            let placement = BubbleSheetPlacement(offsetX: index == 0 ? 40 : -30, offsetY: index == 0 ? -25 : 35,
                                                 rotationDegrees: index == 0 ? 2.5 : -2, scale: 1)
            truths[name] = try ScanFactory.writeFilledSheet(design, marks: marks, capture: .scan(placement), seed: UInt64(40 + index),
                                                            to: URL(fileURLWithPath: folder.file("scans/\(name).pdf")))
        }
        try design.rubric(blankSheet: "blank.pdf").write(toFile: folder.file("rubric.yaml"), atomically: true, encoding: .utf8)

        let created = try run(folder, "new", "quiz", "scans", "--rubric", "rubric.yaml")
        #expect(created.status == 0, "\(created.error)")
        #expect(FileManager.default.contentsEqual(atPath: folder.file("quiz.ezgrader/blanks/blank.pdf"), andPath: folder.file("blank.pdf")),
                "the blank is kept in the project")
        let read = try run(folder, "omr", "quiz")
        #expect(read.status == 0, "\(read.error)")
        let fieldCount = design.fields.count
        #expect(read.output.contains("Blocks placed: \(2 * fieldCount) of \(2 * fieldCount) (largest residual "), "\(read.output)")

        // The numeric answer is one question, right when every digit is.
        #expect(try run(folder, "key", "set", "quiz", "--block", "q46", "042").status == 0)
        let responses = try run(folder, "export", "csv", "quiz", "--layout", "responses").output
        let lines = responses.components(separatedBy: "\r\n")
        #expect(lines[0] == "Student,ID,Block,Question,Reading,Key,Score,Fills,Residual (pt),Problem")
        let adaDigit = try #require(lines.first { $0.hasPrefix("Ada,,q46,digit 1,0,042,1,") }, "\(lines.filter { $0.contains("q46") })")
        let residual = try #require(Double(adaDigit.components(separatedBy: ",")[8]))
        #expect(residual < 0.6, "Ada's numeric field fitted within \(residual) pt")
        #expect(lines.contains { $0.hasPrefix("Ben,,q46,digit 1,0,042,0,") }, "Ben wrote 043")
        #expect(lines.contains { $0.hasPrefix("Ben,,q46,digit 3,3,,,") })

        // The review preview outlines every bubble where it was found: green on the rows read.
        let png = folder.file("ada.png")
        #expect(try run(folder, "preview", "quiz", "--student", "Ada", "--page", "1", "--dpi", "144", "-o", png).status == 0)
        let bitmap = try PageBitmap(pngAt: png, dpi: 144)
        let field = try #require(design.field("mc1"))
        let centre = truths["Ada"]!.captured(field.centres[0][0])
        let edge = PagePoint(x: centre.x + field.bubbleWidth / 2, y: centre.y)
        let greenNearby = (-2...2).contains { dx in
            let c = bitmap[PagePoint(x: edge.x + Double(dx) * 0.5, y: edge.y)]
            return Int(c.green) > Int(c.red) + 40 && Int(c.green) > Int(c.blue) + 20
        }
        #expect(greenNearby, "a green outline at \(edge)")
    }

    @Test func aBubbleMissingFromTheBlankNamesItsLineAndNothingIsMade() throws {
        let folder = TemporaryFolder()
        try ScanFactory.writeBlankSheet(design, to: URL(fileURLWithPath: folder.file("blank.pdf")))
        try ScanFactory.writeFilledSheet(design, marks: [:], capture: .scan(), seed: 1, to: URL(fileURLWithPath: folder.file("Ada.pdf")))
        var field = try #require(design.field("mc1"))
        field.centres[19][4] = PagePoint(x: field.last.x + 150, y: field.last.y)  // a "last" bubble where nothing is printed
        try design.rubric(blankSheet: "blank.pdf", fields: [field]).write(toFile: folder.file("rubric.yaml"), atomically: true, encoding: .utf8)
        let result = try run(folder, "new", "quiz", "Ada.pdf", "--rubric", "rubric.yaml")
        #expect(result.status == 1)
        #expect(result.error == "error: Rubric 'rubric.yaml' line 4: bubble block 'mc1': no printed bubble near row 1, choice 3 (185.5,290.0 pt) "
            + "on the blank sheet (blank.pdf, page 1); check first:, last:, rows: and choices:. Nothing was added.\n")
        #expect(!FileManager.default.fileExists(atPath: folder.file("quiz.ezgrader")), "no project is left behind")
    }
    /// Issue 31: a block typed by origin and spacing where the blank prints no bubbles was accepted,
    /// and every student's rows came out uncertain; `new` refuses it, naming the block and why.
    @Test func aTypedBlockTheBlankDoesNotShowIsRefusedAtNew() throws {
        let folder = TemporaryFolder()
        try ScanFactory.writeBlankSheet(design, to: URL(fileURLWithPath: folder.file("blank.pdf")))
        try ScanFactory.writeFilledSheet(design, marks: [:], capture: .scan(), seed: 1, to: URL(fileURLWithPath: folder.file("Ada.pdf")))
        let rubric = """
            blank_sheet: blank.pdf
            bubbles:
              - id: extra
                page: 1
                origin: 300,740
                row_spacing: 16
                column_spacing: 16
                diameter: 10
                rows: 3
                choices: [A, B]
            """
        try rubric.write(toFile: folder.file("rubric.yaml"), atomically: true, encoding: .utf8)
        let result = try run(folder, "new", "quiz", "Ada.pdf", "--rubric", "rubric.yaml")
        #expect(result.status == 1)
        #expect(result.error.hasPrefix("error: Rubric 'rubric.yaml' line 3: bubble block 'extra' cannot be placed on the blank sheet (blank.pdf, page 1): "),
                "\(result.error)")
        #expect(result.error.contains("; check its origin, spacing, rows and choices. Nothing was added."), "\(result.error)")
        #expect(!FileManager.default.fileExists(atPath: folder.file("quiz.ezgrader")), "no project is left behind")
    }

    /// Issue 31: no blank exists; the instructor gives a student's filled copy with
    /// `blank_sheet_filled: true`: `omr` places every block and the class's rows read as bubbled.
    @Test func aFilledCopyGivenAsTheBlankReadsTheClass() throws {
        let fixture = try FilledTemplateClass()
        let folder = fixture.folder
        let created = try run(folder, "new", "quiz", "scans", "--rubric", "rubric.yaml")
        #expect(created.status == 0, "\(created.error)")
        let read = try run(folder, "omr", "quiz")
        #expect(read.status == 0, "\(read.error)")
        let fieldCount = FilledTemplateClass.design.fields.count
        #expect(read.output.contains("Blocks placed: \(2 * fieldCount) of \(2 * fieldCount) (largest residual "), "\(read.output)")
        let responses = try run(folder, "export", "csv", "quiz", "--layout", "responses").output
        let differences = FilledTemplateClass.differences(in: responses)
        #expect(differences.isEmpty, "\(differences)")
    }

    /// The same copy without the flag: `new` refuses it, naming the block and the blank's page and
    /// what to add; no project is made.
    @Test func aFilledCopyWithoutTheFlagIsRefusedAtNew() throws {
        let fixture = try FilledTemplateClass()
        let folder = fixture.folder
        let result = try run(folder, "new", "quiz", "scans", "--rubric", "unflagged.yaml")
        #expect(result.status == 1)
        #expect(result.error.hasPrefix("error: Rubric 'unflagged.yaml' line \(try fixture.line(ofBlock: "student-id")): bubble block 'student-id': "),
                "\(result.error)")
        #expect(result.error.hasSuffix("if it is a student's filled copy, add 'blank_sheet_filled: true' (one bubble printed solid as an example is fine) "
            + "(template.pdf, page 1). Nothing was added.\n"), "\(result.error)")
        #expect(!FileManager.default.fileExists(atPath: folder.file("quiz.ezgrader")), "no project is left behind")
    }
}
