import Foundation
import GraderCore
import GraderPDF
import Testing
import TestSupport

extension ExportLayerTests {
    /// The grade layer PDF itself: one page per entry at its displayed size, reproducible, written atomically.
    @Suite struct GradeLayerWriterTests {
        static let marks: [GradeMark] = [
            .gradeBox(frame: PageRect(origin: PagePoint(x: 100, y: 100), width: 80, height: 28), text: "3.5 / 4", graded: true),
            .note(text: "Nice", at: PagePoint(x: 100, y: 200), fontSize: 11, color: .red, maxWidth: 120),
        ]

        @Test func onePagePerEntryAtItsDisplayedSize() throws {
            let folder = TemporaryFolder()
            let path = folder.file("layer.pdf")
            let sizes = [PageSize(width: 612, height: 792), PageSize(width: 841.89, height: 595.28), PageSize(width: 612, height: 1008)]
            try GradeLayerWriter.write(sizes.map { PageMarks(size: $0, marks: Self.marks) }, to: path)
            let document = try PDFDocument(path: path)
            #expect(document.pageCount == 3)
            for (index, size) in sizes.enumerated() {
                let actual = try document.page(at: index).size
                #expect(abs(actual.width - size.width) < 0.01 && abs(actual.height - size.height) < 0.01, "page \(index + 1): \(actual)")
            }
            #expect(try document.page(at: 1).text.contains("3.5 / 4"), "box text is real text")
            #expect(folder.fileNames == ["layer.pdf"], "no temporary file is left beside it")
        }

        @Test func sameMarksGiveTheSameBytes() throws {
            let folder = TemporaryFolder()
            let pages = [PageMarks(size: PageSize(width: 612, height: 792), marks: Self.marks + [.total(text: "Total 3.5 / 4")])]
            try GradeLayerWriter.write(pages, to: folder.file("a.pdf"))
            try GradeLayerWriter.write(pages, to: folder.file("b.pdf"))
            let first = try Data(contentsOf: URL(fileURLWithPath: folder.file("a.pdf")))
            #expect(first == (try Data(contentsOf: URL(fileURLWithPath: folder.file("b.pdf")))))
        }

        @Test func unwritableFolderIsReportedAndLeavesNothing() throws {
            let folder = TemporaryFolder()
            let path = folder.file("missing/layer.pdf")
            #expect {
                try GradeLayerWriter.write([PageMarks(size: PageSize(width: 612, height: 792), marks: Self.marks)], to: path)
            } throws: { error in
                guard case .drawingFailed(let reported, _) = error as? PDFError else { return false }
                return reported == path
            }
            #expect(folder.fileNames.isEmpty)
        }

        @Test func emptyLayerIsRefused() throws {
            let folder = TemporaryFolder()
            let path = folder.file("layer.pdf")
            #expect(throws: PDFError.drawingFailed(path: path, detail: "a grade layer needs at least one page")) {
                try GradeLayerWriter.write([], to: path)
            }
            #expect(folder.fileNames.isEmpty)
        }

        @Test func cjkNoteIsDrawnWithACJKFontNotBoxes() throws {
            let folder = TemporaryFolder()
            let path = folder.file("layer.pdf")
            let text = "漢字テスト"
            #expect(GradeLayerWriter.missingGlyphCount(in: text) == 0, "fontconfig found a font for every character")
            let origin = PagePoint(x: 72, y: 100)
            try GradeLayerWriter.write(
                [PageMarks(size: PageSize(width: 612, height: 792),
                           marks: [.note(text: text, at: origin, fontSize: 24, color: .red, maxWidth: 400)])],
                to: path)

            let document = try PDFDocument(path: path)
            #expect(try document.page(at: 0).text.contains(text), "drawn as text in a font that has the glyphs (tofu is drawn as lines)")
            let fonts = try runCommand("/usr/bin/pdffonts", [path]).output
            #expect(fonts.contains("CJK"), "a CJK font is embedded:\n\(fonts)")

            // Each of the five character cells holds ink, and no two cells look alike (tofu boxes would).
            let bitmap = try document.page(at: 0).renderRGB(dpi: 150)
            let cells = (0..<5).map { index in
                inkPattern(bitmap, in: PageRect(origin: PagePoint(x: origin.x + Double(index) * 24, y: origin.y), width: 24, height: 34))
            }
            #expect(cells.allSatisfy { $0.filter { $0 }.count > 30 }, "every character has ink")
            #expect(Set(cells).count == 5, "five different glyphs")
        }

        @Test func characterNoFontHasIsCounted() {
            #expect(GradeLayerWriter.missingGlyphCount(in: "a\u{10FFFD}b") == 1)
        }

        @Test func longNoteWrapsAtItsWidth() throws {
            let folder = TemporaryFolder()
            let path = folder.file("layer.pdf")
            let origin = PagePoint(x: 100, y: 100)
            let text = "Show every step of the derivation, including the units, and state the assumption."
            try GradeLayerWriter.write(
                [PageMarks(size: PageSize(width: 612, height: 792),
                           marks: [.note(text: text, at: origin, fontSize: 11, color: .red, maxWidth: 120)])],
                to: path)
            let bitmap = try PDFDocument(path: path).page(at: 0).renderRGB(dpi: 100)
            let inkRight = (0..<bitmap.height).flatMap { y in (0..<bitmap.width).filter { bitmap[$0, y].red < 250 || bitmap[$0, y].green < 250 } }.max() ?? 0
            #expect(Double(inkRight) * 0.72 <= origin.x + 121, "no line is wider than maxWidth")
            let rowsWithInk = (0..<bitmap.height).filter { y in (0..<bitmap.width).contains { bitmap[$0, y].green < 200 } }
            #expect(Double(rowsWithInk.count) * 0.72 > 11 * 4, "the text wraps onto several lines")
        }

        /// Which pixels of `rect` are inked, row by row.
        private func inkPattern(_ bitmap: PageBitmap, in rect: PageRect) -> [Bool] {
            let scale = bitmap.dpi / 72
            return (Int(rect.origin.y * scale)..<Int((rect.origin.y + rect.height) * scale)).flatMap { y in
                (Int(rect.origin.x * scale)..<Int((rect.origin.x + rect.width) * scale)).map { bitmap[$0, y].green < 128 }
            }
        }
    }
}
