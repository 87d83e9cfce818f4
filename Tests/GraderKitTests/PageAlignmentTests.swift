import Foundation
import GraderCore
@testable import GraderKit
import GraderPDF
import ScanFactory
import Testing
import TestSupport

/// Grade boxes on generated scans whose misplacement is known: shifted up to ±15 mm, turned up to
/// ±2.5°, reduced to 94 %, on Letter, A4 and Legal, one page upside down, one from another
/// document, one blank, two of the exam's pages swapped. Every box is read back from the exported PDF's pixels.
@Suite(.serialized) struct PageAlignmentTests {
    private static let mm = 72 / 25.4

    /// Each student's two pages, as the copier placed them.
    static let placements: [(name: String, pages: [CopierPlacement])] = [
        ("Ada", [CopierPlacement(dx: 15 * mm, dy: -12 * mm, rotationDegrees: 2.5, scale: 0.94),
                 CopierPlacement(dx: -15 * mm, dy: 15 * mm, rotationDegrees: -2.5)]),
        ("Bo", [CopierPlacement(dx: -7 * mm, dy: 12 * mm, rotationDegrees: -1.5, scale: 0.97, paper: CopierPlacement.a4),
                CopierPlacement(dx: 4 * mm, dy: -4 * mm, rotationDegrees: 1, paper: CopierPlacement.a4, upsideDown: true)]),
        ("Cy", [CopierPlacement(dx: 5 * mm, dy: -15 * mm, rotationDegrees: 2, scale: 0.96, paper: CopierPlacement.legal),
                CopierPlacement(paper: CopierPlacement.legal, content: .foreign)]),
        ("Di", [CopierPlacement(content: .blank),
                CopierPlacement(dx: 15 * mm, dy: 15 * mm, rotationDegrees: -2.5, scale: 0.95, paper: CopierPlacement.legal)]),
        ("Fay", [CopierPlacement(dx: 5, dy: 5, content: .examPage(2)), CopierPlacement(dx: -5, dy: 8, content: .examPage(1))]),
    ]

    /// The pages that must be flagged as not matching: (student, page).
    static let unmatched: Set<String> = ["Cy 2", "Di 1", "Fay 1", "Fay 2"]

    /// A class of the students above, aligned to a clean master copy, with a grade box on each
    /// printed score box (typed in the master's points).
    private func project(_ folder: TemporaryFolder) throws -> GradingProject {
        let master = folder.file("master.pdf")
        try ScanFactory.writeTruthBooklet(to: URL(fileURLWithPath: master), studentName: nil, studentNumber: 0,
                                          placements: [CopierPlacement(), CopierPlacement()], dpi: 72)
        let scans = try Self.placements.enumerated().map { index, student in
            let path = folder.file("\(student.name).pdf")
            try ScanFactory.writeTruthBooklet(to: URL(fileURLWithPath: path), studentName: student.name, studentNumber: index + 1,
                                              placements: student.pages, dpi: 72)
            return path
        }
        let project = try GradingProject.create(folder.file("exam.ezgrader"), scans: scans, masterPath: master, grader: try .tester())
        for page in 1...2 {
            for slot in 0...1 {
                let spot = ScanFactory.scoreBoxOrigin(page: page, slot: slot)
                _ = try project.addQuestion(page: page, at: "\(spot.x),\(spot.y)", maxPoints: "4", label: "Q\(page)\(slot + 1)")
            }
        }
        return project
    }

    @Test func everyMatchingPageGetsItsBoxOnThePrintedSpotAndTheOthersAreFlagged() throws {
        let folder = TemporaryFolder()
        let project = try project(folder)
        let book = try project.gradeBook()
        for (index, student) in Self.placements.enumerated() {
            for page in 1...2 {
                let alignment = try #require(book.students[index].alignment(page: page))
                let name = "\(student.name) \(page)"
                #expect(alignment.isFlagged == Self.unmatched.contains(name), "\(name): score \(alignment.score)")
                #expect(alignment.upsideDown == (alignment.isFlagged ? alignment.upsideDown : student.pages[page - 1].upsideDown), "\(name)")
            }
        }
        let report = try #require(AlignmentReport(book.students))
        #expect(report.flagged.map { "\($0.student) \($0.page) \($0.problem)" } == ["Bo 2 upside down", "Cy 2 no match", "Di 1 no match", "Fay 1 no match", "Fay 2 no match"])

        try PDFExport.run(project, .init(folder: folder.file("out")))
        for student in Self.placements {
            let document = try PDFDocument(path: folder.file("out/\(student.name).pdf"))
            for (pageIndex, placement) in student.pages.enumerated() where !Self.unmatched.contains("\(student.name) \(pageIndex + 1)") {
                let page = try document.page(at: pageIndex)
                #expect(abs(page.size.width - placement.paperWidth) < 0.5 && abs(page.size.height - placement.paperHeight) < 0.5,
                        "\(student.name) p. \(pageIndex + 1) is shown upright at its own size")
                let bitmap = try page.renderRGB(dpi: 144)
                for slot in 0...1 {
                    let truth = placement.apply(ScanFactory.scoreBoxOrigin(page: pageIndex + 1, slot: slot))
                    let corner = try #require(bitmap.redBoxCorner(near: PagePoint(x: truth.x, y: truth.y)),
                                              "\(student.name) p. \(pageIndex + 1) box \(slot + 1): no box near the printed spot")
                    let off = hypot(corner.x - truth.x, corner.y - truth.y)
                    #expect(off <= 2, "\(student.name) p. \(pageIndex + 1) box \(slot + 1): \(off) pt from the printed spot")
                }
            }
        }
    }

    @Test func aLateStudentIsAlignedToTheMasterAndThePlacementIsWhereTheBoxIsDrawn() throws {
        let folder = TemporaryFolder()
        let project = try project(folder)
        let late = folder.file("late/Eve.pdf")
        try FileManager.default.createDirectory(atPath: folder.file("late"), withIntermediateDirectories: true)
        let pages = [CopierPlacement(dx: -12, dy: 30, rotationDegrees: 1.8, scale: 0.95, paper: CopierPlacement.a4),
                     CopierPlacement(dx: 30, dy: -10, rotationDegrees: -1.5, paper: CopierPlacement.legal, upsideDown: true)]
        try ScanFactory.writeTruthBooklet(to: URL(fileURLWithPath: late), studentName: "Eve", studentNumber: 9, placements: pages, dpi: 72)
        try project.addStudent(scan: late)
        let eve = try project.store.studentKey(named: "Eve")

        // A box placed on Eve's page (as a grading view does) is kept where it sits on the master.
        let onEve = pages[0].apply((x: 300, y: 500))
        let added = try project.addQuestion(QuestionSpec(page: 1, position: PagePosition(PagePoint(x: onEve.x, y: onEve.y)),
                                                         maxPoints: Points(quarters: 4), label: "Extra"), measuredOn: eve)
        let onMaster = added.question.position.point(on: try project.directory().referencePageSize(page: 1))
        #expect(hypot(onMaster.x - 300, onMaster.y - 500) <= 2, "\(onMaster)")
        _ = try project.store.undo()
        for question in try project.directory().questions {
            let placement = try project.placement(of: question.question.id, for: eve)
            let page = question.question.page, slot = question.number - 1
            let truth = pages[page - 1].apply(ScanFactory.scoreBoxOrigin(page: page, slot: slot))
            let alignment = try #require(placement.alignment)
            #expect(!alignment.isFlagged && alignment.upsideDown == (page == 2), "\(question.name): \(alignment)")
            #expect(hypot(placement.box.origin.x - truth.x, placement.box.origin.y - truth.y) <= 2,
                    "\(question.name): the box at \(placement.box.origin), printed at \(truth)")
        }
    }
}
