import Foundation
import GraderCore
@testable import GraderKit
import GraderPDF
import Testing
import TestSupport

/// Pages measured in a /UserUnit other than the point (each unit `u` points): poppler ignores the
/// entry, so without care the grade layer comes out `u` times too large and boxes land elsewhere.
@Suite struct UserUnitExportTests {
    private func isRed(_ color: RGBColor) -> Bool { color.red > 150 && color.green < 110 && color.blue < 110 }

    /// The bounding box, in points, of the red pixels of `bitmap` (72 dpi) inside `window`.
    private func redBounds(_ bitmap: PageBitmap, in window: PageRect) -> PageRect? {
        var xs: [Int] = [], ys: [Int] = []
        for y in Int(window.origin.y)..<Int(window.origin.y + window.height) {
            for x in Int(window.origin.x)..<Int(window.origin.x + window.width) where isRed(bitmap[x, y]) {
                xs.append(x)
                ys.append(y)
            }
        }
        guard let x0 = xs.min(), let x1 = xs.max(), let y0 = ys.min(), let y1 = ys.max() else { return nil }
        return PageRect(origin: PagePoint(x: Double(x0), y: Double(y0)), width: Double(x1 + 1 - x0), height: Double(y1 + 1 - y0))
    }

    /// Anna's booklet as scanned; Ben's the same scan with page 1 re-measured in a /UserUnit of 2
    /// and page 2 in inches (/UserUnit 72): it looks the same, and every mark must land the same.
    @Test func aClassMixingUserUnitPagesGetsEveryMarkAtItsPhysicalPlaceAndSize() throws {
        let folder = TemporaryFolder()
        try FileManager.default.createDirectory(atPath: folder.file("in"), withIntermediateDirectories: true)
        let scans = try TestClass.scanned(["Anna", "Ben"], pages: 2, in: TemporaryFolder(existing: folder.file("in")))
        PDFObjects.setUserUnit(scans[1], page: 0, unit: 2)
        PDFObjects.setUserUnit(scans[1], page: 1, unit: 72)

        let project = try GradingProject.create(folder.file("exam.ezgrader"), scans: scans, grader: try .tester())
        let book = try project.store.gradeBook()
        let letter = PageSize(width: 612, height: 792)
        #expect(book.students.map(\.pageSizes) == [[letter, letter], [letter, letter]], "page sizes in points on every page")

        // Typed in points on Ben's page (in its units a box of 32 × 11 at 150,88 would be the same place).
        _ = try project.addQuestion(page: 1, at: "300,176", maxPoints: "4", label: "Q1", measuredOn: "Ben")
        _ = try project.addQuestion(page: 2, at: "100,500", maxPoints: "2", label: "Q2")
        for name in ["Anna", "Ben"] {
            try project.setScore(student: name, question: "Q1", value: "3.5")
            try project.setScore(student: name, question: "Q2", value: "2")
            _ = try project.addInk(student: name, page: 2, points: "100,300 200,300", width: 3)
        }
        _ = try PDFExport.run(project, .init(folder: folder.file("out"), cover: true))

        for name in ["Anna", "Ben"] {
            // Where the boxes sit on this student's pages, through each page's alignment.
            let frames = try ["Q1", "Q2"].map { question in
                try project.placement(of: try project.question(named: question).question.id, for: try project.student(named: name)).box
            }
            let document = try PDFDocument(path: folder.file("out/\(name).pdf"))
            #expect(document.pageCount == 3, "a cover page and the two pages")
            for (index, frame) in frames.enumerated() {
                let page = try document.page(at: index + 1)
                #expect(page.size == letter, "\(name) p. \(index + 1)")
                let bitmap = try page.renderRGB(dpi: 72)
                let window = PageRect(origin: PagePoint(x: frame.origin.x - 40, y: frame.origin.y - 30), width: frame.width + 80, height: frame.height + 60)
                let inked = try #require(redBounds(bitmap, in: window), "\(name) p. \(index + 1): the box is drawn")
                #expect(abs(inked.origin.x - frame.origin.x) <= 1 && abs(inked.origin.y - frame.origin.y) <= 1
                        && abs(inked.width - frame.width) <= 1.5 && abs(inked.height - frame.height) <= 1.5,
                        "\(name) p. \(index + 1): the frame is where and as large as it was placed: \(inked) vs \(frame)")
            }
            let ink = try document.page(at: 2).renderRGB(dpi: 72)
            #expect((100...200).filter { isRed(ink[$0, 300]) }.count > 90, "\(name): the ink stroke runs from 100 to 200 pt")
            #expect(!isRed(ink[210, 300]) && !isRed(ink[150, 306]), "\(name): and is 3 pt wide, no larger")
        }
    }
}
