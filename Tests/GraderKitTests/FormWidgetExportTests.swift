import Foundation
import GraderCore
@testable import GraderKit
import GraderPDF
import Testing
import TestSupport

/// Scans that are filled-in PDF forms: viewers paint a form widget's appearance above the page's
/// content, so a grade layer laid over the content would end up under an opaque field.
@Suite struct FormWidgetExportTests {
    private func isOrange(_ color: RGBColor) -> Bool { color.red > 180 && color.green > 70 && color.green < 160 && color.blue < 80 }
    private func isBlue(_ color: RGBColor) -> Bool { color.blue > 180 && color.red < 80 && color.green < 80 }

    @Test func aFilledFieldOverTheBoxStaysVisibleButUnderTheBox() throws {
        let folder = TemporaryFolder()
        try FileManager.default.createDirectory(atPath: folder.file("in"), withIntermediateDirectories: true)
        let scans = try TestClass.scanned(["Anna", "Ben"], pages: 2, in: TemporaryFolder(existing: folder.file("in")))
        // An opaque blue field from (280, 152) to (400, 222) pt as displayed, around where Q1's box goes.
        PDFObjects.addFilledField(scans[1], page: 0, rect: [280, 570, 400, 640], rgb: (0, 0, 1))
        PDFObjects.addTextAnnotation(scans[1], page: 1, contents: "a note on page 2")
        let project = try GradingProject.create(folder.file("exam.ezgrader"), scans: scans, grader: try .tester())
        _ = try project.addQuestion(page: 1, at: "300,176", maxPoints: "4", label: "Q1")
        _ = try PDFExport.run(project, .init(folder: folder.file("out"), combined: folder.file("class.pdf")))

        let box = try project.placement(of: try project.question(named: "Q1").question.id, for: try project.student(named: "Ben")).box
        for (path, index) in [(folder.file("out/Ben.pdf"), 0), (folder.file("class.pdf"), 1)] {
            let page = try PDFDocument(path: path).page(at: index).renderRGB(dpi: 144)
            for side in page.frameSides(box) {
                #expect(isOrange(side), "\(path): the box's frame at \(box) is drawn over the field: \(side)")
            }
            #expect(isBlue(page[PagePoint(x: 390, y: 160)]) && isBlue(page[PagePoint(x: 285, y: 215)]),
                    "\(path): the field still shows around the box")
        }
        let subtypes = PDFObjects.annotationSubtypes(folder.file("out/Ben.pdf"))
        #expect(subtypes == [[], ["/Text"]], "the field is drawn into the page; other annotations stay annotations")
    }

    /// A check box's appearance is the one its state (/AS) names among several; it may be turned
    /// with the page (here /Rotate 90), and is drawn with it.
    @Test func aTickedCheckBoxOnATurnedPageShowsItsStateUnderTheBox() throws {
        let folder = TemporaryFolder()
        try FileManager.default.createDirectory(atPath: folder.file("in"), withIntermediateDirectories: true)
        let flat = try TestClass.scanned(["Anna", "Ben"], pages: 1, in: TemporaryFolder(existing: folder.file("in")))
        let scans = try flat.map { path in
            let turned = path.replacingOccurrences(of: ".pdf", with: " r.pdf")
            try qpdf("--rotate=+90:1", path, turned)
            return turned
        }
        // In the page's own space (612 × 792, turned to 792 × 612 as displayed): a displayed point (x, y)
        // is (y, x) in the page's space, so this field spans (280…400, 152…222) as displayed.
        PDFObjects.addFilledField(scans[1], page: 0, rect: [152, 280, 222, 400], rgb: (0, 0, 1), state: "/Yes")
        let project = try GradingProject.create(folder.file("exam.ezgrader"), scans: scans, grader: try .tester())
        _ = try project.addQuestion(page: 1, at: "300,176", maxPoints: "4", label: "Q1")
        _ = try PDFExport.run(project, .init(folder: folder.file("out")))
        let page = try PDFDocument(path: folder.file("out/Ben r.pdf")).page(at: 0).renderRGB(dpi: 144)
        let box = try project.placement(of: try project.question(named: "Q1").question.id, for: try project.student(named: "Ben r")).box
        #expect(isOrange(page.frameSides(box)[0]), "the box over the ticked field: \(page.frameSides(box))")
        #expect(isBlue(page[PagePoint(x: 390, y: 160)]) && isBlue(page[PagePoint(x: 285, y: 215)]), "the ticked state's appearance shows")
        #expect(PDFObjects.annotationSubtypes(folder.file("out/Ben r.pdf")) == [[]])
    }

    @Test func aHiddenFieldStaysAnAnnotationAndDrawsNothing() throws {
        let folder = TemporaryFolder()
        try FileManager.default.createDirectory(atPath: folder.file("in"), withIntermediateDirectories: true)
        let scans = try TestClass.scanned(["Anna", "Ben"], pages: 1, in: TemporaryFolder(existing: folder.file("in")))
        PDFObjects.addFilledField(scans[1], page: 0, rect: [280, 570, 400, 640], rgb: (0, 0, 1), flags: 2)  // Hidden
        let project = try GradingProject.create(folder.file("exam.ezgrader"), scans: scans, grader: try .tester())
        _ = try project.addQuestion(page: 1, at: "300,176", maxPoints: "4", label: "Q1")
        _ = try PDFExport.run(project, .init(folder: folder.file("out")))
        #expect(PDFObjects.annotationSubtypes(folder.file("out/Ben.pdf")) == [["/Widget"]])
        #expect(!isBlue(try PDFDocument(path: folder.file("out/Ben.pdf")).page(at: 0).renderRGB(dpi: 72)[PagePoint(x: 390, y: 160)]))
    }
}
