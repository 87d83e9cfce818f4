import Foundation
import GraderAssembly
import GraderCore
import GraderPDF
import ScanFactory
import TestSupport

/// Source pages of every geometry a scanner or a later tool may produce, and the overlay round trip.
enum LayerFixtures {
    /// A page geometry to test the overlay on.
    struct Geometry: Sendable, CustomStringConvertible {
        let description: String
        var width = 612.0, height = 792.0
        var rotate = 0
        var cropBox: [Double]?
        var mediaBox: [Double]?
        /// The page's /UserUnit: its boxes and content are re-measured in units of this many points,
        /// so it looks (and measures) the same as without.
        var userUnit = 1.0

        /// Its size as displayed, in points: the crop box (else the media box), sides swapped when turned.
        var displayedSize: PageSize {
            let box = cropBox ?? mediaBox ?? [0, 0, width, height]
            let (w, h) = (abs(box[2] - box[0]), abs(box[3] - box[1]))
            return rotate % 180 == 0 ? PageSize(width: w, height: h) : PageSize(width: h, height: w)
        }
    }

    static let geometries: [Geometry] = [
        Geometry(description: "Letter"),
        Geometry(description: "Letter /Rotate 90", rotate: 90),
        Geometry(description: "Letter /Rotate 180", rotate: 180),
        Geometry(description: "Letter /Rotate 270", rotate: 270),
        Geometry(description: "Letter, inset crop box", cropBox: [50, 60, 500, 700]),
        Geometry(description: "Letter, inset crop box, /Rotate 270", rotate: 270, cropBox: [40, 90, 530, 620]),
        Geometry(description: "media box not at the origin, /Rotate 90", rotate: 90, mediaBox: [100, 200, 712, 992]),
        Geometry(description: "A4", width: 595.28, height: 841.89),
        Geometry(description: "Legal", width: 612, height: 1008),
        Geometry(description: "Letter in /UserUnit 2", userUnit: 2),
        Geometry(description: "Letter in /UserUnit 72 (inches), inset crop box, /Rotate 90", rotate: 90, cropBox: [50, 60, 500, 700], userUnit: 72),
    ]

    /// A one-page vector PDF of `geometry` in `folder`.
    static func sourcePDF(_ geometry: Geometry, in folder: TemporaryFolder) throws -> String {
        let flat = folder.file("flat.pdf")
        try ScanFactory.writeVectorPDF(to: URL(fileURLWithPath: flat), label: "Q", pageSizes: [(geometry.width, geometry.height)])
        if let box = geometry.mediaBox { PDFObjects.setBox(flat, page: 0, key: "/MediaBox", to: box) }
        if let box = geometry.cropBox { PDFObjects.setBox(flat, page: 0, key: "/CropBox", to: box) }
        if geometry.userUnit != 1 { PDFObjects.setUserUnit(flat, page: 0, unit: geometry.userUnit) }
        guard geometry.rotate != 0 else { return flat }
        let rotated = folder.file("source.pdf")
        try qpdf("--rotate=+\(geometry.rotate):1", flat, rotated)
        return rotated
    }

    /// Renders page `index` of `source` before and after laying `marks` over it (a grade layer written by
    /// `GradeLayerWriter`, merged by `PageAssembler`); returns both renders and the output's path.
    static func overlay(
        _ marks: [GradeMark], on source: String, page index: Int = 0, dpi: Double = 100, in folder: TemporaryFolder
    ) throws -> (diff: PixelDiff, size: PageSize, output: String) {
        let original = try PDFDocument(path: source)
        let size = try original.page(at: index).size
        let layer = folder.file("layer.pdf"), output = folder.file("graded.pdf")
        try GradeLayerWriter.write([PageMarks(size: size, marks: marks)], to: layer)
        let plan = MergePlan(
            sources: [.init(path: source), .init(path: layer)],
            pages: [.init(source: 0, pageIndex: index, overlay: .init(source: 1, pageIndex: 0))])
        try PageAssembler.write(plan, to: output)
        let base = try original.page(at: index).renderRGB(dpi: dpi)
        let graded = try PDFDocument(path: output).page(at: 0).renderRGB(dpi: dpi)
        return (PixelDiff(base: base, changed: graded), size, output)
    }
}
