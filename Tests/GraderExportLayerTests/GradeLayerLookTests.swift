import Foundation
import GraderCore
import GraderPDF
import Testing
import TestSupport

extension ExportLayerTests {
    /// The PDF draws with the look the server serves the screen: the same colours, the same width
    /// by pen pressure, the same note lines.
    @Suite struct GradeLayerLookTests {
        static let look = GradeLayerLook.standard
        static let page = PageSize(width: 612, height: 792)

        @Test func anUngradedBoxIsDrawnInTheSharedUngradedColour() throws {
            let folder = TemporaryFolder()
            let frame = PageRect(origin: PagePoint(x: 100, y: 100), width: 80, height: 28)
            try GradeLayerWriter.write([PageMarks(size: Self.page, marks: [.gradeBox(frame: frame, text: "? / 4", graded: false)])],
                                       to: folder.file("layer.pdf"))
            let sides = try PDFDocument(path: folder.file("layer.pdf")).page(at: 0).renderRGB(dpi: 144).frameSides(frame)
            let want = Self.look.ungradedColor
            #expect(sides.allSatisfy { abs(Int($0.red) - Int(want.red)) + abs(Int($0.green) - Int(want.green)) + abs(Int($0.blue) - Int(want.blue)) < 12 },
                    "every side \(want): \(sides)")
        }

        @Test func aStrokeIsAsWideAsThePenPressedAsOnScreen() throws {
            let folder = TemporaryFolder()
            let points = stride(from: 0.0, through: 1, by: 0.1).map { RelativePoint(x: 0.15 + 0.5 * $0, y: 0.4) }
            let stroke = InkStroke(points: points, width: 4, pressures: stride(from: 0.0, through: 1, by: 0.1).map { $0 })
            let widths = try #require(Self.look.segmentWidths(stroke))
            #expect(abs(widths[0] - 4 * (Self.look.pressureFloor + Self.look.pressureGain * 0.05)) < 1e-9)
            try GradeLayerWriter.write([PageMarks(size: Self.page, marks: [
                .pressedInk(points: points.map { $0.point(on: Self.page) }, color: .red, widths: widths)])], to: folder.file("ink.pdf"))
            let bitmap = try PDFDocument(path: folder.file("ink.pdf")).page(at: 0).renderRGB(dpi: 288)
            // The ink's thickness (points) across the middle of the first and of the last segment.
            func thickness(atX x: Double) -> Double {
                let column = Int(x * 4)
                return Double((0..<bitmap.height).filter { bitmap[column, $0].green < 128 }.count) / 4
            }
            let (thin, thick) = (thickness(atX: 612 * (0.15 + 0.025)), thickness(atX: 612 * (0.15 + 0.475)))
            #expect(abs(thin - widths[0]) <= 0.5 && abs(thick - widths[9]) <= 0.5, "\(thin) vs \(widths[0]), \(thick) vs \(widths[9])")
        }

        @Test func theNoteLinesServedAreTheLinesThePDFDraws() throws {
            let folder = TemporaryFolder()
            let text = "Show every step of the derivation, including the units, and state the assumption.\nThen check it."
            let origin = PagePoint(x: 400, y: 200), width = Self.look.noteWidth(at: 400, pageWidth: Self.page.width)
            try GradeLayerWriter.write([PageMarks(size: Self.page, marks: [
                .note(text: text, at: origin, fontSize: 11, color: .red, maxWidth: width)])], to: folder.file("note.pdf"))
            let layout = NoteLayout(text, at: origin, fontSize: 11, maxWidth: width)
            let drawn = try PDFDocument(path: folder.file("note.pdf")).page(at: 0).text
                .split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            #expect(layout.lines.count > 3, "wrapped at \(width) points")
            #expect(layout.lines.map(\.text) == drawn)
            let gaps = zip(layout.lines.dropFirst(), layout.lines).map { $0.baseline - $1.baseline }
            #expect(gaps.allSatisfy { $0 > 11 && $0 < 11 * 1.4 }, "one line height apart: \(gaps)")
            #expect(layout.backing.origin.x < origin.x && layout.backing.width > 100)
        }
    }
}
