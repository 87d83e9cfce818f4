import Foundation
import GraderCore
import GraderPDF
import Testing
import TestSupport

/// Every leaf command run as a user runs it, each checked by what a user would notice: the exact
/// text, the table it writes, the pixels it inks.
@Suite struct LeafCommandTests {
    private let ezgrader = builtProduct("ezgrader")

    /// Anna and Ben, 2 scanned pages each, in a project `exam` (no questions yet).
    private func project() throws -> TemporaryFolder {
        let folder = TemporaryFolder()
        try TestClass.scanned(["Anna", "Ben"], pages: 2, in: folder)
        let created = try run(folder, "new", "exam", "Anna.pdf", "Ben.pdf")
        #expect(created.status == 0, "\(created.error)")
        return folder
    }

    @Test func infoChecksScansAndDescribesAProject() throws {
        let folder = try project()
        #expect(try run(folder, "info", "Anna.pdf", "Ben.pdf").output == """
            Anna.pdf\tAnna\t2 pages\t612×792 pt
            Ben.pdf\tBen\t2 pages\t612×792 pt
            OK: 2 booklets of 2 pages — a structured assignment.

            """)
        let info = try run(folder, "info", "exam").output.split(separator: "\n")
        #expect(info.first == "exam.ezgrader: 2 students × 2 pages, 0 questions, per-page order.")
        #expect(info.count == 2 && info[1].hasPrefix("Pages aligned to the reference: 4 of 4 (lowest match 0."), "\(info)")
    }

    @Test func questionsAreImportedListedCurvedAndRemoved() throws {
        let folder = try project()
        try "questions:\n  - page: 1\n    at: 400,100\n    max: 4\n    label: Q1\n  - page: 2\n    at: 50%,10%\n    size: 90,24\n    max: 2\n"
            .write(toFile: folder.file("rubric.yaml"), atomically: true, encoding: .utf8)
        #expect(try run(folder, "question", "import", "exam", "rubric.yaml").output == "Added 2 questions from rubric.yaml.\n")
        #expect(try run(folder, "question", "list", "exam").output
            == "Q1\tpage 1\tat 400,100\tmax 4\tsize 64,22\np2q1\tpage 2\tat 306,79.2\tmax 2\tsize 90,24\n")
        #expect(try run(folder, "question", "set-max", "exam", "Q1", "5").output == "Q1 is now worth 5 for everyone.\n")
        #expect(try run(folder, "question", "remove", "exam", "p2q1").output == "Removed p2q1 for everyone.\n")
        #expect(try run(folder, "export", "csv", "exam").output
            == "Page Number,Question Number,Max Question Points,Anna,Ben\r\nPage 1,Q1,5,?,?\r\nTotal,,5,0,0\r\n")
    }

    @Test func notesAndInkAreWrittenEditedMovedErasedAndRemoved() throws {
        let folder = try project()
        #expect(try run(folder, "note", "add", "exam", "--student", "Anna", "--page", "1", "--at", "100,200", "Check the sign").output
            == "Added note 1 on Anna page 1.\n")
        #expect(try run(folder, "note", "edit", "exam", "1", "Check the sign of x").output == "Edited note 1.\n")
        #expect(try run(folder, "note", "move", "exam", "1", "--by", "10,-20").output == "Moved annotation 1 by 10,-20.\n")
        #expect(try run(folder, "ink", "exam", "--student", "Ben", "--page", "2", "100,300 300,300").output
            == "Added ink stroke 2 on Ben page 2.\n")
        #expect(try run(folder, "ink", "exam", "--student", "Ben", "--page", "2", "100,500 300,500").output
            == "Added ink stroke 3 on Ben page 2.\n")
        #expect(try run(folder, "note", "list", "exam").output
            == "1\tAnna\tpage 1\tnote\tCheck the sign of x\n2\tBen\tpage 2\tink\n3\tBen\tpage 2\tink\n")
        #expect(try run(folder, "erase", "exam", "--student", "Ben", "--page", "2", "--at", "200,500").output == "Erased 1 ink stroke: 3.\n")
        #expect(try run(folder, "note", "remove", "exam", "1").output == "Removed annotation 1.\n")
        #expect(try run(folder, "note", "list", "exam").output == "2\tBen\tpage 2\tink\n")

        // What is left is what the graded PDF shows: stroke 2 in red, nothing where stroke 3 was.
        #expect(try run(folder, "export", "pdf", "exam", "--out", "graded").output == "Wrote 2 graded PDFs to graded.\n")
        let page = try PDFDocument(path: folder.file("graded/Ben.pdf")).page(at: 1).renderRGB(dpi: 72)
        #expect(isRed(page[PagePoint(x: 200, y: 300)]), "stroke 2 is inked")
        #expect(!isRed(page[PagePoint(x: 200, y: 500)]), "stroke 3 is erased")
    }

    @Test func theOrderSaysWhereYouAreAndPreviewDrawsThePage() throws {
        let folder = try project()
        #expect(try run(folder, "order", "exam", "per-student").output
            == "Order is now per-student. You are still at Anna — p. 1: page 1 of 4 in this order; ezgrader grade starts there.\n")
        #expect(try run(folder, "question", "add", "exam", "--page", "1", "--at", "400,100", "--max", "4", "--label", "Q1").status == 0)
        #expect(try run(folder, "score", "exam", "--student", "Ben", "--question", "Q1", "3").status == 0)
        let preview = try run(folder, "preview", "exam", "--student", "Ben", "--page", "1", "--dpi", "72", "-o", "ben.png")
        #expect(preview.output == "Wrote ben.png: Ben, page 1.\n")
        let image = try PageBitmap(pngAt: folder.file("ben.png"), dpi: 72)
        #expect(image.width == 612 && image.height == 792)
        let box = (400..<464).flatMap { x in (100..<122).map { y in image[x, y] } }
        #expect(box.filter(isRed).count > 40, "the grade box is drawn in red (graded)")
    }

    @Test func anonymousGradingShowsPseudonymsCoversTheNameAndExportsKeepNames() throws {
        let folder = try project()
        #expect(try run(folder, "question", "add", "exam", "--page", "1", "--at", "400,300", "--max", "4", "--label", "Q1").status == 0)
        #expect(try run(folder, "anonymous", "exam", "on", "--name-region", "0,0,612,200").output
            == "Anonymous grading is on: grading views show pseudonyms and cover the name on page 1.\n")
        let preview = try run(folder, "preview", "exam", "--student", "Ben", "--page", "1", "--dpi", "72", "-o", "ben.png")
        #expect(preview.output.firstMatch(of: /^Wrote ben.png: Student [2-9A-Z]{4}, page 1.\n$/) != nil, "\(preview.output)")
        let image = try PageBitmap(pngAt: folder.file("ben.png"), dpi: 72)
        let covered = (20..<400).flatMap { x in stride(from: 10, to: 190, by: 7).map { y in image[x, y] } }
        #expect(covered.allSatisfy { $0.red < 215 && $0.red > 185 && $0.blue > 190 }, "the name region is one flat grey")
        let grading = try runCommand(ezgrader, ["grade", "exam"], input: "q\n", in: folder.path)
        #expect(grading.output.firstMatch(of: /\[1\/2\] Student [2-9A-Z]{4} — p. 1, Q1/) != nil, "\(grading.output)")
        #expect(!grading.output.contains("Ben") && !grading.output.contains("Anna"))
        let table = try run(folder, "export", "csv", "exam").output
        #expect(table.hasPrefix("Page Number,Question Number,Max Question Points,Anna,Ben\r\n"), "\(table)")
        #expect(try run(folder, "anonymous", "exam", "maybe").error.contains("Say on or off, not 'maybe'."))
        #expect(try run(folder, "anonymous", "exam", "on", "--name-region", "0,0,900,200").status == 1, "off the page")
        #expect(try run(folder, "anonymous", "exam", "off").output == "Anonymous grading is off: grading views show names.\n")
    }

    @Test func severalNameRegionsOnSeveralPagesAreAllCovered() throws {
        let folder = try project()
        #expect(try run(folder, "anonymous", "exam", "on", "--name-region", "0,0,612,200", "--name-region", "2:300,500,300,200").output
            == "Anonymous grading is on: grading views show pseudonyms and cover 2 name regions (pages 1, 2).\n")
        #expect(try run(folder, "preview", "exam", "--student", "Ben", "--page", "2", "--dpi", "72", "-o", "ben2.png").status == 0)
        let image = try PageBitmap(pngAt: folder.file("ben2.png"), dpi: 72)
        let isCover = { (pixel: RGBColor) in pixel.red < 215 && pixel.red > 185 && pixel.blue > 190 }
        let covered = (320..<590).flatMap { x in stride(from: 520, to: 690, by: 7).map { y in image[x, y] } }
        #expect(covered.allSatisfy(isCover), "page 2's region is one flat grey")
        let top = (20..<590).flatMap { x in stride(from: 10, to: 190, by: 7).map { y in image[x, y] } }
        #expect(!top.allSatisfy(isCover), "page 1's region is not covered on page 2")
        let refused = try run(folder, "anonymous", "exam", "on", "--name-region", "3:0,0,100,100")
        #expect(refused.status == 1 && refused.error.contains("3"), "\(refused.error)")
        #expect(try run(folder, "anonymous", "exam", "on", "--name-region", "x:0,0,100,100").error.contains(
            "--name-region: Region 'x:0,0,100,100' is not understood: give x,y,width,height in points"))
    }

    @Test func exportPDFWritesEachStudentAndTheClassInGradingOrder() throws {
        let folder = try project()
        #expect(try run(folder, "question", "add", "exam", "--page", "2", "--at", "400,100", "--max", "4", "--label", "Q1").status == 0)
        #expect(try run(folder, "score", "exam", "--student", "Anna", "--question", "Q1", "3.5").status == 0)
        let export = try run(folder, "export", "pdf", "exam", "--out", "graded", "--combined", "class.pdf",
                             "--cover", "--course", "MATH 101", "--title", "Midterm 1")
        #expect(export.output == "Wrote 2 graded PDFs to graded; the class in one PDF: class.pdf.\n", "\(export.error)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.file("graded")).filter { !$0.hasPrefix(".") }.sorted()
            == ["Anna.pdf", "Ben.pdf"])
        let anna = try PDFDocument(path: folder.file("graded/Anna.pdf"))
        #expect(anna.pageCount == 3)
        let cover = try anna.page(at: 0).text
        #expect(cover.contains("MATH 101 — Midterm 1") && cover.contains("Q1 (page 2)") && cover.contains("Total 3.5 / 4 · 87.5%"), "\(cover)")
        let combined = try PDFDocument(path: folder.file("class.pdf"))
        #expect(combined.pageCount == 4, "the class document holds the booklets without their covers")
        #expect(try combined.page(at: 2).text.contains("3.5 / 4"), "per page: Anna's page 2 after both page 1s")
        #expect(try combined.page(at: 3).text.filter { $0 != " " }.contains("?/4"), "Ben's page 2 is still to grade")
    }

    @Test func importCSVSetsTheScoresOfATable() throws {
        let folder = try project()
        #expect(try run(folder, "question", "add", "exam", "--page", "1", "--at", "400,100", "--max", "4", "--label", "Q1").status == 0)
        try "Page Number,Question Number,Max Question Points,Anna,Ben\r\nPage 1,Q1,4,2.5,4\r\n"
            .write(toFile: folder.file("typed.csv"), atomically: true, encoding: .utf8)
        #expect(try run(folder, "import", "csv", "exam", "typed.csv").output == "Imported 2 scores from typed.csv (comma-separated).\n")
        #expect(try run(folder, "export", "csv", "exam", "--layout", "students").output
            == "Student,ID,Email,Q1,Total,Max,Percent,Ungraded\r\nAnna,,,2.5,2.5,4,62.5,0\r\nBen,,,4,4,4,100,0\r\n")
    }

    @Test func theKeyIsSetAndBubblesAreRead() throws {
        let folder = TemporaryFolder()
        let samples = packageRoot.appendingPathComponent("SamplePDFs").path
        let sheets = ["Anna Schmidt.pdf", "Zoë Lefèvre.pdf"].map { "\(samples)/bubble-sheets/\($0)" }
        #expect(try runCommand(ezgrader, ["new", "quiz"] + sheets + ["--rubric", "\(samples)/bubble-rubric.yaml"], in: folder.path).status == 0)
        #expect(try run(folder, "key", "set", "quiz", "--block", "mc", "--file", "\(samples)/bubble-key.txt").output
            == "Answer key of mc set (20 questions); machine-read answers re-graded.\n")
        let read = try run(folder, "omr", "quiz")
        #expect(read.output == """
            Read 54 rows: 45 answered, 8 blank, 0 multiple, 1 uncertain.
            Blocks placed: 4 of 4 (largest residual 0.32 pt).
            For review (left "?"; score them with ezgrader score or ezgrader grade):
              Zoë Lefèvre — p. 1, mc-5: uncertain: unclear mark at E (0.21)

            """, "\(read.error)")
        #expect(try run(folder, "export", "csv", "quiz", "--layout", "students").output.hasPrefix("Student,ID,Email,mc-1,"))
    }

    private func isRed(_ color: RGBColor) -> Bool { color.red > 150 && color.green < 110 && color.blue < 110 }
}
