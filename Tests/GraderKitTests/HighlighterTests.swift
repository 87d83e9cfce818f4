import Foundation
@testable import GraderKit
import GraderPDF
import Testing
import TestSupport

/// The highlighter: a stroke stored as the highlighter's (its kind in a column of its own, which
/// the history records), drawn in the look's colour at its opacity under the pen's ink in the
/// PDF, whatever order the two were drawn in.
@Suite struct HighlighterTests {
    static let look = GradeLayerLook.standard

    @Test func aHighlighterStrokeIsDrawnTranslucentUnderThePenAndUndoneWithItsKind() throws {
        let folder = TemporaryFolder()
        let store = try TestProject.project(in: folder, names: ["Anna"])
        let anna = try store.key(of: "Anna")
        let pen = try store.addInk(student: "Anna", page: 1, points: "100,300 300,300", width: 3)
        // Drawn after the pen, across it.
        let marker = try store.addInk(student: anna, page: 1, points: [PagePosition("200,250")!, PagePosition("200,350")!],
                                      width: Self.look.highlighterWidth, kind: .highlighter)
        #expect(try kinds(store) == [pen: .pen, marker: .highlighter])

        let pixels = try rendered(store, folder)
        let crossing = pixels[PagePoint(x: 200, y: 300)], alone = pixels[PagePoint(x: 200, y: 330)]
        #expect(crossing.green < 40 && crossing.red > 200, "the pen's red lies on top where they cross: \(crossing)")
        let a = Self.look.highlighterOpacity, want = Self.look.highlighterColor
        let blended = [want.red, want.green, want.blue].map { 255 * (1 - a) + Double($0) * a }
        #expect(zip([alone.red, alone.green, alone.blue].map(Double.init), blended).allSatisfy { abs($0 - $1) < 10 },
                "the highlighter alone is its colour at its opacity over white: \(alone), want \(blended)")

        try store.removeAnnotation(marker)
        #expect(try kinds(store) == [pen: .pen])
        _ = try store.undo()
        #expect(try kinds(store) == [pen: .pen, marker: .highlighter], "the history brings the stroke back as the highlighter's")
        try store.moveAnnotation(marker, dx: 5, dy: 0)
        #expect(try kinds(store)[marker] == .highlighter, "a move keeps it a highlighter")
    }

    private func kinds(_ store: GradingProject) throws -> [AnnotationID: InkKind] {
        Dictionary(uniqueKeysWithValues: try store.gradeBook().annotations.compactMap { annotation in
            guard case .ink(let stroke) = annotation.content else { return nil }
            return (annotation.id, stroke.kind)
        })
    }

    /// Anna's first page's grade layer as the export draws it, rendered over white.
    private func rendered(_ store: GradingProject, _ folder: TemporaryFolder) throws -> PageBitmap {
        let marks = GradeLayer.marks(try store.gradeBook(), student: StudentID(0), page: 1)
        try GradeLayerWriter.write([marks], to: folder.file("layer.pdf"))
        return try PDFDocument(path: folder.file("layer.pdf")).page(at: 0).renderRGB(dpi: 144)
    }
}
