import CCairo
import Foundation
@testable import ScanFactory
import Testing
import TestSupport

/// Generated scans do not depend on what drew text before them in the process. Cairo's toy text
/// API shares a family's face across the process and settles its hinting the first time anything
/// draws with it (a PDF: unhinted; a desktop-like context: hinted, advances rounded); the
/// scans' text is drawn the way its `TextRendering` says, whoever came first.
@Suite struct TextRenderingTests {
    /// Spellings of DejaVu Sans that fontconfig matches alike (it ignores case and blanks) and
    /// cairo's toy API keeps apart: nothing else draws with them, so the test decides who is first.
    private static let spellings: [TextRendering: (afterDesktop: String, afterPDF: String)] = [
        .unhinted: ("DEJAVU SANS", "dejavu sans"), .hintedGlyphs: ("DEJAVU sans", "dejavu SANS"), .hinted: ("DEJAVUSANS", "dejavusans"),
    ]

    @Test(arguments: TextRendering.allCases)
    func printedTextLooksTheSameWhateverDrewItsFamilyFirst(_ rendering: TextRendering) throws {
        let (afterDesktop, afterPDF) = try #require(Self.spellings[rendering])
        let settled = Self.drawOnDesktop(family: afterDesktop) + Self.drawInPDF(family: afterPDF)
        defer { settled.forEach(cairo_font_face_destroy) }

        let first = try Self.printedLines(family: afterDesktop, rendering)
        let second = try Self.printedLines(family: afterPDF, rendering)
        #expect(first.filter { $0 > 127 }.count > 400, "the lines are inked")
        let differing = first.indices.filter { first[$0] != second[$0] }.count
        #expect(differing == 0, "drawn first hinted by another context, then in a PDF: \(differing) pixels differ")
    }

    @Test(arguments: [TextRendering.hintedGlyphs, .hinted])
    func hintedTextIsDrawnOtherwiseThanUnhinted(_ rendering: TextRendering) throws {
        let unhinted = try Self.printedLines(family: CairoText.sansFamily, .unhinted)
        let hinted = try Self.printedLines(family: CairoText.sansFamily, rendering)
        let differing = unhinted.indices.filter { unhinted[$0] != hinted[$0] }.count
        #expect(differing > 500)
    }

    @Test func hintedAdvancesAreRoundedAtThePagesOwnScaleAndDesignedOnesAreNot() throws {
        func width(_ rendering: TextRendering, scale: Double) throws -> Double {
            var width = 0.0
            try InkCanvas.render(width: 8, height: 8, pointsToPixels: scale, context: "measuring") { cr in
                CairoText.render(cr, with: rendering)
                CairoText.setFont(cr, size: 10.5)
                width = CairoText.width(cr, "Explain your reasoning and show every step of the working.")
            } develop: { _, _ in }
            return width
        }
        #expect(try width(.unhinted, scale: 1) == width(.unhinted, scale: 0.97))
        #expect(try width(.hintedGlyphs, scale: 1) == width(.unhinted, scale: 0.97))
        #expect(try abs(width(.hinted, scale: 1) - width(.hinted, scale: 0.97)) > 10)
    }

    @Test func aBookletIsWrittenTheSameBeforeAndAfterOtherTextAndHintedOnlyWhenAsked() throws {
        let folder = TemporaryFolder()
        func booklet(_ name: String, _ rendering: TextRendering) throws -> Data {
            let url = URL(fileURLWithPath: folder.file(name))
            try ScanFactory.writeTruthBooklet(to: url, studentName: "Ada", studentNumber: 3, placements: [CopierPlacement()],
                                              dpi: 72, textRendering: rendering)
            return try Data(contentsOf: url)
        }
        let before = try booklet("before.pdf", .unhinted)
        let settled = Self.drawOnDesktop(family: CairoText.sansFamily) + Self.drawInPDF(family: CairoText.sansFamily)
        defer { settled.forEach(cairo_font_face_destroy) }
        let after = try booklet("after.pdf", .unhinted), hinted = try booklet("hinted.pdf", .hinted)
        #expect(after.count == before.count && after == before, "\(before.count) bytes before, \(after.count) after")
        #expect(hinted != before)
    }

    /// A few printed lines (regular, bold, oblique) drawn by `CairoText` in `family` on a 72 dpi page, as coverage.
    private static func printedLines(family: String, _ rendering: TextRendering) throws -> [UInt8] {
        try InkCanvas.render(width: 420, height: 90, pointsToPixels: 1, context: "printed lines") { cr in
            CairoText.render(cr, with: rendering)
            CairoText.setFont(cr, size: 10.5, family: family)
            CairoText.show(cr, "Question 3 (10 points): explain every step.", x: 6.3, y: 24)
            CairoText.setFont(cr, size: 13, bold: true, family: family)
            CairoText.show(cr, "Score / 10", x: 6.6, y: 50)
            CairoText.setFont(cr, size: 9, italic: true, family: family)
            CairoText.show(cr, "Write in the boxes only.", x: 6.1, y: 76)
        } develop: { pixels, _ in Array(pixels) }
    }

    /// Draws with `family` through cairo's toy API as a desktop would (full hinting, advances rounded);
    /// returns the family's toy faces, kept alive (and so settled) until the caller destroys them.
    private static func drawOnDesktop(family: String) -> [OpaquePointer?] {
        let surface = cairo_image_surface_create(CAIRO_FORMAT_A8, 200, 40)
        defer { cairo_surface_destroy(surface) }
        let cr = cairo_create(surface)
        defer { cairo_destroy(cr) }
        let options = cairo_font_options_create()
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_FULL)
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_ON)
        cairo_set_font_options(cr, options)
        cairo_font_options_destroy(options)
        return showWithToyFaces(cr, family: family)
    }

    /// Draws with `family` through cairo's toy API into a PDF (unhinted, as every PDF surface asks);
    /// returns the family's toy faces, kept alive until the caller destroys them.
    private static func drawInPDF(family: String) -> [OpaquePointer?] {
        let surface = cairo_pdf_surface_create(nil, 200, 40)
        defer { cairo_surface_destroy(surface) }
        let cr = cairo_create(surface)
        defer { cairo_destroy(cr) }
        return showWithToyFaces(cr, family: family)
    }

    /// Shows a word in `family` regular, bold and oblique; returns those three toy faces, referenced.
    private static func showWithToyFaces(_ cr: OpaquePointer?, family: String) -> [OpaquePointer?] {
        let styles = [(10.5, CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL), (13, CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_BOLD),
                      (9, CAIRO_FONT_SLANT_OBLIQUE, CAIRO_FONT_WEIGHT_NORMAL)]
        return styles.map { size, slant, weight in
            cairo_select_font_face(cr, family, slant, weight)
            cairo_set_font_size(cr, size)
            cairo_move_to(cr, 4, 30)
            cairo_show_text(cr, "Question")
            return cairo_toy_font_face_create(family, slant, weight)
        }
    }
}
