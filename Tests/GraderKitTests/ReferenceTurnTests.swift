import Foundation
import GraderAlignment
import GraderCore
@testable import GraderKit
import GraderPDF
import ScanFactory
import TestSupport
import Testing

/// The first student's booklet is the reference when no master is given: with its page 1 scanned
/// upside down, that page is turned upright — the class is not shown upside down, boxes land on
/// the printed spots, and the anonymous cover lands on every student's name.
@Suite(.serialized) struct ReferenceTurnTests {
    private static let mm = 72 / 25.4

    static let placements: [(name: String, pages: [CopierPlacement])] = [
        ("Ada", [CopierPlacement(upsideDown: true), CopierPlacement(dx: 3 * Self.mm, dy: -2 * Self.mm, rotationDegrees: 0.5)]),
        ("Bo", [CopierPlacement(dx: -7 * Self.mm, dy: 6 * Self.mm, rotationDegrees: -1.5, scale: 0.97), CopierPlacement(dx: 4 * Self.mm, dy: 4 * Self.mm)]),
        ("Cy", [CopierPlacement(dx: 5 * Self.mm, dy: -8 * Self.mm, rotationDegrees: 2), CopierPlacement(dx: -2 * Self.mm, dy: 3 * Self.mm)]),
        ("Di", [CopierPlacement(dx: 9 * Self.mm, dy: 4 * Self.mm, rotationDegrees: -1, scale: 0.96), CopierPlacement()]),
    ]

    private func scans(_ folder: TemporaryFolder, _ students: [(name: String, pages: [CopierPlacement])]) throws -> [String] {
        try students.enumerated().map { index, student in
            let path = folder.file("\(student.name).pdf")
            try ScanFactory.writeTruthBooklet(to: URL(fileURLWithPath: path), studentName: student.name, studentNumber: index + 1,
                                              placements: student.pages, dpi: 72)
            return path
        }
    }

    @Test func anUpsideDownReferencePageIsTurnedUprightAndTheCoverLandsOnEveryName() throws {
        let folder = TemporaryFolder()
        let project = try GradingProject.create(folder.file("exam.ezgrader"), scans: try scans(folder, Self.placements), grader: try .tester())
        let book = try project.gradeBook()
        for (index, student) in Self.placements.enumerated() {
            let alignment = try #require(book.students[index].alignment(page: 1))
            #expect(!alignment.isFlagged && alignment.upsideDown == (student.name == "Ada"), "\(student.name): \(alignment)")
        }
        // Typed on the reference page as shown: the exam as printed, Ada's page 1 having no shift.
        let nameField = PageRect(origin: PagePoint(x: 60, y: 40), width: 220, height: 30)
        try project.setAnonymous(true, nameRegions: [NameRegion(page: 1, rect: nameField)])
        let directory = try project.directory()
        for (index, student) in Self.placements.enumerated() {
            let covered = try #require(try project.coveredRegions(directory, student: StudentID(index), page: 1).first)
            let corners = [(60.0, 40.0), (280.0, 40.0), (60.0, 70.0), (280.0, 70.0)].map { student.pages[0].apply($0) }
            let (x, y) = (corners.map(\.x).min() ?? 0, corners.map(\.y).min() ?? 0)
            #expect(hypot(covered.origin.x - x, covered.origin.y - y) <= 3, "\(student.name): covered at \(covered.origin), name at \(x),\(y)")
        }
        let spot = ScanFactory.scoreBoxOrigin(page: 1, slot: 0)
        _ = try project.addQuestion(page: 1, at: "\(spot.x),\(spot.y)", maxPoints: "4", label: "Q1")
        try PDFExport.run(project, .init(folder: folder.file("out")))
        for student in Self.placements {
            let bitmap = try PDFDocument(path: folder.file("out/\(student.name).pdf")).page(at: 0).renderRGB(dpi: 144)
            let truth = student.pages[0].apply(spot)
            let corner = try #require(bitmap.redBoxCorner(near: PagePoint(x: truth.x, y: truth.y)), "\(student.name): no box near the printed spot")
            #expect(hypot(corner.x - truth.x, corner.y - truth.y) <= 2, "\(student.name): box at \(corner), printed at \(truth)")
        }
    }

    @Test func aLateStudentIsAlignedToTheTurnedReference() throws {
        let folder = TemporaryFolder()
        let project = try GradingProject.create(folder.file("exam.ezgrader"), scans: try scans(folder, Self.placements), grader: try .tester())
        let late = TemporaryFolder()
        let eve = try scans(late, [("Eve", [CopierPlacement(dx: 6 * Self.mm, dy: -5 * Self.mm, rotationDegrees: 1), CopierPlacement()])])[0]
        try project.addStudent(scan: eve)
        let alignment = try #require(try project.gradeBook().students.last?.alignment(page: 1))
        #expect(!alignment.isFlagged && !alignment.upsideDown, "\(alignment)")
        let transform = try #require(alignment.transform)
        let truth = CopierPlacement(dx: 6 * Self.mm, dy: -5 * Self.mm, rotationDegrees: 1).apply((x: 300, y: 400))
        let placed = transform.apply(PagePoint(x: 300, y: 400))
        #expect(hypot(placed.x - truth.x, placed.y - truth.y) <= 2, "placed at \(placed), printed at \(truth)")
    }

    @Test func aPageIsTurnedOnlyWhenMostCopiesMatchItTurned() {
        #expect(ReferenceTurn.prefersTurned(matchedAsScanned: 0, matchedTurned: 3))
        #expect(ReferenceTurn.prefersTurned(matchedAsScanned: 0, matchedTurned: 2))
        #expect(!ReferenceTurn.prefersTurned(matchedAsScanned: 0, matchedTurned: 1), "one other student cannot tell which of two is turned")
        #expect(!ReferenceTurn.prefersTurned(matchedAsScanned: 2, matchedTurned: 2))
        #expect(!ReferenceTurn.prefersTurned(matchedAsScanned: 0, matchedTurned: 0))
    }
}
