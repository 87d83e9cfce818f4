import Foundation
import GraderAssembly
import GraderCore
import GraderPDF
import Testing
import TestSupport

extension ExportLayerTests {
    /// Laying the layer over scans copies them untouched and adds each layer page and font only once.
    @Suite struct OverlayCopyTests {
        static let frame = PageRect(origin: PagePoint(x: 400, y: 150), width: 80, height: 28)

        private func layerPages(_ count: Int) -> [PageMarks] {
            (0..<count).map { index in
                PageMarks(size: PageSize(width: 612, height: 792), marks: [
                    .gradeBox(frame: Self.frame, text: "\(index) / 4", graded: true),
                    .note(text: "page \(index + 1)", at: PagePoint(x: 72, y: 300), fontSize: 11, color: .red, maxWidth: 200),
                ])
            }
        }

        @Test func scansKeepTheirJPEGBytesAndShowTheMarks() throws {
            let folder = TemporaryFolder()
            let scan = try TestClass.scanned(["Anna"], pages: 3, in: folder)[0]
            let layer = folder.file("layer.pdf"), output = folder.file("graded.pdf")
            try GradeLayerWriter.write(layerPages(3), to: layer)
            try PageAssembler.write(MergePlan(
                sources: [.init(path: scan), .init(path: layer)],
                pages: (0..<3).map { .init(source: 0, pageIndex: $0, overlay: .init(source: 1, pageIndex: $0)) }), to: output)

            let before = PDFObjects.pageImages(scan), after = PDFObjects.pageImages(output)
            #expect(before.count == 3 && before.allSatisfy { $0.count == 1 })
            #expect(after == before, "every scan is the same JPEG, byte for byte")

            let original = try PDFDocument(path: scan), graded = try PDFDocument(path: output)
            for index in 0..<3 {
                let diff = PixelDiff(base: try original.page(at: index).renderRGB(dpi: 72),
                                     changed: try graded.page(at: index).renderRGB(dpi: 72))
                #expect(diff.count(.red, in: Self.frame) > 100, "page \(index + 1) shows its box")
                #expect(spaceless(try graded.page(at: index).text).contains("\(index)/4"), "page \(index + 1) has its own layer page")
            }
        }

        @Test func oneLayerPageOverManyPagesIsStoredOnceWithItsFontsOnce() throws {
            let folder = TemporaryFolder()
            let scan = try TestClass.scanned(["Anna"], pages: 4, in: folder)[0]
            let layer = folder.file("layer.pdf"), output = folder.file("graded.pdf")
            try GradeLayerWriter.write(layerPages(2), to: layer)
            let overlays = [0, 1, 0, 0]
            try PageAssembler.write(MergePlan(
                sources: [.init(path: scan), .init(path: layer)],
                pages: overlays.enumerated().map { .init(source: 0, pageIndex: $0.offset, overlay: .init(source: 1, pageIndex: $0.element)) }),
                to: output)

            let layerFonts = try fontDescriptorCount(layer)
            #expect(layerFonts == 2, "the layer uses DejaVu Sans and DejaVu Sans Bold")
            #expect(try fontDescriptorCount(output) == layerFonts, "fonts copied once for the whole output")
            #expect(try formXObjectCount(output) == 2, "one form per layer page used, however many pages show it")
            let graded = try PDFDocument(path: output)
            #expect(try overlays.enumerated().allSatisfy { spaceless(try graded.page(at: $0.offset).text).contains("\($0.element)/4") })
        }

        @Test func samePageTwiceGetsEachItsOwnLayer() throws {
            let folder = TemporaryFolder()
            let scan = try TestClass.scanned(["Anna"], pages: 1, in: folder)[0]
            let layer = folder.file("layer.pdf"), output = folder.file("graded.pdf")
            try GradeLayerWriter.write(layerPages(2), to: layer)
            try PageAssembler.write(MergePlan(
                sources: [.init(path: scan), .init(path: layer)],
                pages: [.init(source: 0, pageIndex: 0, overlay: .init(source: 1, pageIndex: 0)),
                        .init(source: 0, pageIndex: 0, overlay: .init(source: 1, pageIndex: 1)),
                        .init(source: 0, pageIndex: 0)]),
                to: output)
            let graded = try PDFDocument(path: output)
            let texts = try (0..<3).map { spaceless(try graded.page(at: $0).text) }
            #expect(texts[0].contains("0/4") && !texts[0].contains("1/4"))
            #expect(texts[1].contains("1/4") && !texts[1].contains("0/4"))
            #expect(!texts[2].contains("/4"), "the copy without overlay stays bare")
            #expect(PDFObjects.pageImages(output) == Array(repeating: PDFObjects.pageImages(scan)[0], count: 3))
        }

        @Test func badOverlayPickIsABadPlan() throws {
            let folder = TemporaryFolder()
            let scan = try TestClass.scanned(["Anna"], pages: 1, in: folder)[0]
            let plan = MergePlan(sources: [.init(path: scan)], pages: [.init(source: 0, pageIndex: 0, overlay: .init(source: 0, pageIndex: 3))])
            #expect(throws: AssemblyError.badPlan("overlay '\(scan)' has no page 4")) {
                try PageAssembler.write(plan, to: folder.file("out.pdf"))
            }
            #expect(!FileManager.default.fileExists(atPath: folder.file("out.pdf")))
        }

        /// Page text without spaces: poppler guesses spaces from glyph gaps, which differ with the text's size.
        private func spaceless(_ text: String) -> String { text.filter { !$0.isWhitespace } }

        private func uncompressed(_ path: String) throws -> String {
            let result = try runCommand("/usr/bin/qpdf", ["--qdf", "--object-streams=disable", path, "-"])
            return result.output
        }

        private func fontDescriptorCount(_ path: String) throws -> Int {
            try uncompressed(path).components(separatedBy: "/Type /FontDescriptor").count - 1
        }

        private func formXObjectCount(_ path: String) throws -> Int {
            try uncompressed(path).components(separatedBy: "/Subtype /Form").count - 1
        }
    }
}
