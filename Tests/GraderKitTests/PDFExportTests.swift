import Foundation
import GraderAssembly
import GraderCore
@testable import GraderKit
import GraderPDF
import GraderStore
import Testing
import TestSupport

@Suite struct PDFExportTests {
    private let names = ["Anna", "Ben", "O'Brien, Pat"]

    /// A project of scanned booklets with Q1 on page 1 at (476,176), Anna's ink and note, Ben graded.
    private func project(_ folder: TemporaryFolder, rotate: Bool = false) throws -> GradingProject {
        try FileManager.default.createDirectory(atPath: folder.file("in"), withIntermediateDirectories: true)
        var scans = try TestClass.scanned(names, pages: 2, in: TemporaryFolder(existing: folder.file("in")))
        if rotate {
            scans = try scans.map { path in
                let rotated = path.replacingOccurrences(of: ".pdf", with: " r.pdf")
                try qpdf("--rotate=+90:1", path, rotated)
                return rotated
            }
        }
        let project = try GradingProject.create(folder.file("exam.ezgrader"), scans: scans, grader: try .tester())
        _ = try project.addQuestion(page: 1, at: "300,176", maxPoints: "4", label: "Q1")
        try project.setScore(student: rotate ? "Ben r" : "Ben", question: "Q1", value: "3.5")
        return project
    }

    /// A point on the left border of Q1's box on `name`'s page, where the box lands through that
    /// page's alignment.
    /// Q1's box on `name`'s page, where the page's alignment puts it.
    private func boxOfQ1(_ project: GradingProject, _ name: String) throws -> PageRect {
        try project.placement(of: try project.question(named: "Q1").question.id, for: try project.student(named: name)).box
    }

    private func isRed(_ color: RGBColor) -> Bool { color.red > 150 && color.green < 110 && color.blue < 110 }
    private func isOrange(_ color: RGBColor) -> Bool { color.red > 180 && color.green > 70 && color.green < 160 && color.blue < 80 }

    @Test func aCancelledExportWritesNoCombinedDocument() throws {
        let folder = TemporaryFolder()
        let project = try project(folder)
        let cancellation = Cancellation()
        cancellation.cancel()
        #expect(throws: ProjectError.cancelled) {
            try PDFExport.run(project, .init(folder: folder.file("out"), combined: folder.file("class.pdf")), cancellation: cancellation)
        }
        #expect(!FileManager.default.fileExists(atPath: folder.file("class.pdf")))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.file("out")).filter { $0.hasSuffix(".pdf") } == [])
    }

    @Test func everyStudentsPageCarriesTheBoxAndNothingElseChanges() throws {
        let folder = TemporaryFolder()
        let project = try project(folder)
        let report = try PDFExport.run(project, .init(folder: folder.file("out")))
        #expect(report.written == ["Anna.pdf", "Ben.pdf", "O'Brien, Pat.pdf"])
        for (index, name) in names.enumerated() {
            let original = try PDFDocument(path: project.scanPath(try project.store.gradeBook().students[index])).page(at: 0).renderRGB(dpi: 72)
            let exported = try PDFDocument(path: folder.file("out/\(name).pdf")).page(at: 0).renderRGB(dpi: 72)
            // The box's border, where the page's alignment puts it: red when graded (Ben), orange while "?".
            let box = try boxOfQ1(project, name)
            let sides = try PDFDocument(path: folder.file("out/\(name).pdf")).page(at: 0).renderRGB(dpi: 144).frameSides(box)
            #expect(sides.allSatisfy { name == "Ben" ? isRed($0) : isOrange($0) }, "\(name): \(sides)")
            let at = PagePoint(x: box.origin.x + 0.5, y: box.origin.y + box.height / 2)
            // Outside the grade box with its 2-point white backing and the total (in the top margin,
            // at the right or, where the scan's header reaches it, left of the header), the page is
            // the scan, pixel for pixel.
            var changed = 0
            let (boxX, boxY) = (Int(at.x), Int(at.y) - 11)
            for y in stride(from: 0, to: original.height, by: 2) {
                for x in stride(from: 0, to: original.width, by: 2) {
                    let inBox = (boxX - 3...boxX + 66).contains(x) && (boxY - 3...boxY + 24).contains(y)
                    let inTotal = y < 40
                    if !inBox && !inTotal && original[x, y] != exported[x, y] { changed += 1 }
                }
            }
            #expect(changed == 0, "\(name): \(changed) pixels changed outside the marks")
            #expect(PDFObjects.pageImages(folder.file("out/\(name).pdf"))[0] == PDFObjects.pageImages(project.scanPath(try project.store.gradeBook().students[index]))[0],
                    "the scan's JPEG is byte for byte the same")
        }
    }

    @Test func theRubricItemsThatMadeAScoreStandUnderItsBox() throws {
        let folder = TemporaryFolder()
        let project = try project(folder)
        let q1 = try project.question(named: "Q1").question.id
        _ = try project.addRubricItem(question: q1, text: "Sign error in step 2", points: Points(quarters: -4))
        try project.applyRubricItems(student: try project.student(named: "Anna"), question: q1, add: [1])
        _ = try PDFExport.run(project, .init(folder: folder.file("out"), cover: true))
        func redPixelsUnderTheBox(_ name: String) throws -> Int {
            let page = try PDFDocument(path: folder.file("out/\(name).pdf")).page(at: 1).renderRGB(dpi: 72)
            let box = try boxOfQ1(project, name).origin
            var red = 0
            for y in Int(box.y) + 25...Int(box.y) + 37 { for x in Int(box.x)...Int(box.x) + 100 where isRed(page[x, y]) { red += 1 } }
            return red
        }
        #expect(try redPixelsUnderTheBox("Anna") > 20, "−1 Sign error in step 2, under Anna's box")
        #expect(try redPixelsUnderTheBox("Ben") == 0, "Ben's typed score lists no item")
        let cover = try PDFDocument(path: folder.file("out/Anna.pdf")).page(at: 0).text
        #expect(cover.contains("−1 Sign error in step 2"), "\(cover)")
    }

    @Test func onlyChangedStudentsAreRewritten() throws {
        let folder = TemporaryFolder()
        let project = try project(folder)
        _ = try PDFExport.run(project, .init(folder: folder.file("out")))
        #expect(try PDFExport.run(project, .init(folder: folder.file("out"))).written == [])
        try project.setScore(student: "Anna", question: "Q1", value: "1")
        let report = try PDFExport.run(project, .init(folder: folder.file("out")))
        #expect(report.written == ["Anna.pdf"] && report.unchanged == ["Ben.pdf", "O'Brien, Pat.pdf"])
        #expect(try PDFExport.run(project, .init(folder: folder.file("out"), all: true)).written.count == 3)
    }

    @Test func aChangedScanIsRefusedByNameAndEarlierExportsStay() throws {
        let folder = TemporaryFolder()
        let project = try project(folder)
        _ = try PDFExport.run(project, .init(folder: folder.file("out")))
        let before = try Data(contentsOf: URL(fileURLWithPath: folder.file("out/Ben.pdf")))
        try project.setScore(student: "Ben", question: "Q1", value: "4")
        let scan = folder.file("exam.ezgrader/scans/Ben.pdf")
        var bytes = try Data(contentsOf: URL(fileURLWithPath: scan))
        bytes.append(contentsOf: Array("\n% touched".utf8))
        try FileManager.default.removeItem(atPath: scan)  // replace the file, as an editor saving a copy would
        try bytes.write(to: URL(fileURLWithPath: scan))
        #expect(throws: ProjectError.scanChanged(student: "Ben", path: scan)) { try PDFExport.run(project, .init(folder: folder.file("out"))) }
        #expect(try Data(contentsOf: URL(fileURLWithPath: folder.file("out/Ben.pdf"))) == before)
    }

    @Test func combinedDocumentHasGradesLabelsAndTheOrder() throws {
        let folder = TemporaryFolder()
        let project = try project(folder)
        _ = try PDFExport.run(project, .init(folder: folder.file("out"), combined: folder.file("class.pdf"), order: .perPage, cover: true))
        let document = try PDFDocument(path: folder.file("class.pdf"))
        #expect(try (0..<6).map { try document.page(at: $0).label } == ["Anna — p. 1", "Ben — p. 1", "O'Brien, Pat — p. 1",
                                                                "Anna — p. 2", "Ben — p. 2", "O'Brien, Pat — p. 2"])
        #expect(try document.page(at: 1).renderRGB(dpi: 144).frameSides(try boxOfQ1(project, "Ben")).allSatisfy(isRed), "Ben's graded box on his page")
        let withCover = try PDFDocument(path: folder.file("out/Ben.pdf"))
        #expect(withCover.pageCount == 3)
        #expect(try withCover.page(at: 0).text.contains("Total 3.5 / 4"))
    }

    @Test func marksLandWhereTheUserSeesThemOnRotatedScans() throws {
        let folder = TemporaryFolder()
        let project = try project(folder, rotate: true)
        _ = try PDFExport.run(project, .init(folder: folder.file("out")))
        let page = try PDFDocument(path: folder.file("out/Ben r.pdf")).page(at: 0)
        #expect(page.size == PageSize(width: 792, height: 612))
        #expect(try page.renderRGB(dpi: 144).frameSides(try boxOfQ1(project, "Ben r")).allSatisfy(isRed))
    }

    @Test func annotationsAlreadyOnTheScanAreKept() throws {
        let folder = TemporaryFolder()
        try FileManager.default.createDirectory(atPath: folder.file("in"), withIntermediateDirectories: true)
        let scans = try TestClass.scanned(["Anna", "Ben"], pages: 1, in: TemporaryFolder(existing: folder.file("in")))
        PDFObjects.addTextAnnotation(scans[0], page: 0, contents: "scanner note — 注")
        let project = try GradingProject.create(folder.file("exam.ezgrader"), scans: scans, grader: try .tester())
        _ = try project.addQuestion(page: 1, at: "300,176", maxPoints: "4", label: "Q1")
        _ = try PDFExport.run(project, .init(folder: folder.file("out"), combined: folder.file("class.pdf")))
        #expect(PDFObjects.annotationContents(folder.file("out/Anna.pdf")) == [["scanner note — 注"]])
        #expect(PDFObjects.annotationContents(folder.file("class.pdf")) == [["scanner note — 注"], []])
    }
}
