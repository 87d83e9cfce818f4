import Foundation
import GraderAssembly
import GraderCore
@testable import GraderKit
import GraderPDF
import ScanFactory
import Testing
import TestSupport

@Suite struct MergeTests {
    private let names = ["Anna Schmidt", "O'Brien, Pat", "Zoë Lefèvre", "李明"]

    private func merged(_ order: GradingOrder, pages: Int = 3) throws -> (folder: TemporaryFolder, sources: [String], output: String) {
        let folder = TemporaryFolder()
        let sources = try TestClass.scanned(names, pages: pages, in: folder)
        let loaded = try ClassLoader.load(sources)
        let output = folder.file("class.pdf")
        try ClassMerger.merge(loaded, order: order, to: output)
        return (folder, sources, output)
    }

    @Test(arguments: [GradingOrder.perPage, .perStudent, .shuffled(seed: 3)])
    func combinedPagesAreTheOriginalJPEGsInGradingOrder(order: GradingOrder) throws {
        let run = try merged(order)
        let (sources, output) = (run.sources, run.output)
        let originals = sources.map(PDFObjects.pageImages)
        let sequence = GradingSequence(studentCount: names.count, pagesPerStudent: 3, order: order)
        let expected = sequence.pageRefs.map { originals[$0.student.index][$0.page - 1] }
        let actual = PDFObjects.pageImages(output)
        #expect(actual.count == 12)
        #expect(actual == expected, "every page is its student's original JPEG, byte for byte, in order")
        #expect(Set(actual.map { $0.first! }).count == 12, "the 12 scans are distinct, so order is really checked")
    }

    @Test func perPageLabelsAndOutlineShowStudentAndPage() throws {
        let run = try merged(.perPage, pages: 2)
        let document = try PDFDocument(path: run.output)
        let labels = try (0..<document.pageCount).map { try document.page(at: $0).label }
        #expect(labels == ["Anna Schmidt — p. 1", "O'Brien, Pat — p. 1", "Zoë Lefèvre — p. 1", "李明 — p. 1",
                           "Anna Schmidt — p. 2", "O'Brien, Pat — p. 2", "Zoë Lefèvre — p. 2", "李明 — p. 2"])
        let outline = document.outline
        #expect(outline.map(\.title) == ["Page 1", "Page 2"])
        #expect(outline.map(\.pageIndex) == [0, 4])
        #expect(outline[1].children.map(\.title) == names)
        #expect(outline[1].children.map(\.pageIndex) == [4, 5, 6, 7])
    }

    @Test func perStudentOutlineHasOneEntryPerStudent() throws {
        let run = try merged(.perStudent, pages: 2)
        let outline = try PDFDocument(path: run.output).outline
        #expect(outline.map(\.title) == names)
        #expect(outline.map(\.pageIndex) == [0, 2, 4, 6])
        #expect(outline[3].children.map(\.title) == ["p. 1", "p. 2"])
    }

    @Test func bornDigitalTextStaysExtractable() throws {
        let folder = TemporaryFolder()
        let files = try ["Alice", "Björn Åberg"].map { name in
            let path = folder.file("\(name).pdf")
            try ScanFactory.writeBornDigitalBooklet(to: URL(fileURLWithPath: path), studentName: name, pageCount: 2)
            return path
        }
        let output = folder.file("class.pdf")
        try ClassMerger.merge(try ClassLoader.load(files), order: .perPage, to: output)
        let document = try PDFDocument(path: output)
        #expect(try document.page(at: 1).text.contains("Page 1 of 2 — Björn Åberg"))
        #expect(try document.page(at: 2).text.contains("Page 2 of 2 — Alice"))
    }

    @Test func aFailedWriteLeavesTheEarlierFileAndNoTemporary() throws {
        let folder = TemporaryFolder()
        let sources = try TestClass.scanned(["A", "B"], pages: 1, in: folder)
        let output = folder.file("class.pdf")
        try Data("earlier export".utf8).write(to: URL(fileURLWithPath: output))
        let loaded = try ClassLoader.load(sources)
        try FileManager.default.removeItem(atPath: sources[1])  // vanishes between load and merge
        #expect(throws: AssemblyError.self) { try ClassMerger.merge(loaded, order: .perPage, to: output) }
        #expect(try String(contentsOfFile: output, encoding: .utf8) == "earlier export")
        #expect(folder.fileNames == ["A.pdf", "class.pdf"])
    }
}
