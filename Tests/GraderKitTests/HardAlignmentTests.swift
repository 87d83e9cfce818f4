import Foundation
import GraderCore
@testable import GraderKit
import GraderPDF
import ScanFactory
import Testing
import TestSupport

/// The pages a copier makes that registration used to flag although they are the exam's: turned
/// 8–10°, reduced to 90–92 %, shifted ±15 mm, upside down as well — all aligned, their boxes on the
/// printed score boxes; the pages that are not the exam's flagged with what was seen on them; a
/// reference page with no print refused by name, or the next student's booklet taken.
@Suite(.serialized) struct HardAlignmentTests {
    private static let mm = 72 / 25.4

    /// Each student's two pages, as the copier placed them.
    static let placements: [(name: String, pages: [CopierPlacement])] = [
        ("Ada", [CopierPlacement(dx: 12 * mm, dy: -10 * mm, rotationDegrees: 8), CopierPlacement(dx: -8 * mm, dy: 6 * mm, rotationDegrees: -9.5)]),
        ("Bo", [CopierPlacement(dx: -15 * mm, dy: 15 * mm, rotationDegrees: 10, scale: 0.97),
                CopierPlacement(dx: 6 * mm, dy: -6 * mm, rotationDegrees: -8.5, upsideDown: true)]),
        ("Cy", [CopierPlacement(dx: 4 * mm, dy: 9 * mm, rotationDegrees: 1.5, scale: 0.90),
                CopierPlacement(dx: -10 * mm, dy: -12 * mm, rotationDegrees: -3, scale: 0.91, paper: CopierPlacement.a4)]),
        ("Di", [CopierPlacement(dx: 15 * mm, dy: 15 * mm, rotationDegrees: -6, scale: 0.94, paper: CopierPlacement.legal),
                CopierPlacement(content: .blank)]),
        ("Ed", [CopierPlacement(content: .foreign), CopierPlacement(dx: -14 * mm, dy: 3 * mm, rotationDegrees: 9, scale: 0.95)]),
    ]

    private static func write(_ folder: TemporaryFolder, master pages: [CopierPlacement]?) throws -> (scans: [String], master: String?) {
        let master = try pages.map { pages in
            let path = folder.file("master.pdf")
            try ScanFactory.writeTruthBooklet(to: URL(fileURLWithPath: path), studentName: nil, studentNumber: 0, placements: pages, dpi: 72)
            return path
        }
        let scans = try placements.enumerated().map { index, student in
            let path = folder.file("\(student.name).pdf")
            try ScanFactory.writeTruthBooklet(to: URL(fileURLWithPath: path), studentName: student.name, studentNumber: index + 1,
                                              placements: student.pages, dpi: 72)
            return path
        }
        return (scans, master)
    }

    /// A project of students S1, S2, … whose pages the copier placed as `pages` says, with no master.
    private static func classAlignedOnAStudent(_ folder: TemporaryFolder, _ pages: [[CopierPlacement]]) throws -> GradingProject {
        let scans = try pages.enumerated().map { index, placements in
            let path = folder.file("S\(index + 1).pdf")
            try ScanFactory.writeTruthBooklet(to: URL(fileURLWithPath: path), studentName: "S\(index + 1)", studentNumber: index + 1,
                                              placements: placements, dpi: 72)
            return path
        }
        return try GradingProject.create(folder.file("exam.ezgrader"), scans: scans, grader: try .tester())
    }

    @Test func pagesTurnedTenDegreesOrReducedToNinetyPercentAreAlignedAndTheOthersSayWhatWasSeen() throws {
        let folder = TemporaryFolder()
        let (scans, master) = try Self.write(folder, master: [CopierPlacement(), CopierPlacement()])
        let project = try GradingProject.create(folder.file("exam.ezgrader"), scans: scans, masterPath: master, grader: try .tester())
        for page in 1...2 {
            for slot in 0...1 {
                let spot = ScanFactory.scoreBoxOrigin(page: page, slot: slot)
                _ = try project.addQuestion(page: page, at: "\(spot.x),\(spot.y)", maxPoints: "4", label: "Q\(page)\(slot + 1)")
            }
        }
        let book = try project.gradeBook()
        let report = try #require(AlignmentReport(book.students))
        #expect(report.flagged.map { "\($0.student) \($0.page) \($0.problem): \($0.reason ?? "-")" } == [
            "Bo 2 upside down: -",
            "Di 2 no match: the page is blank (no print or writing on it)",
            "Ed 1 no match: its print is not the reference page's (another page of the exam, another exam's page, or out of order)",
        ])
        for question in try project.directory().questions {
            for (index, student) in Self.placements.enumerated() {
                let page = question.question.page, placement = student.pages[page - 1]
                guard placement.content == .exam else { continue }
                let placed = try project.placement(of: question.question.id, for: book.students[index].key)
                let truth = placement.apply(ScanFactory.scoreBoxOrigin(page: page, slot: question.number - 1))
                let off = hypot(placed.box.origin.x - truth.x, placed.box.origin.y - truth.y)
                #expect(off <= 2, "\(student.name) \(question.name): the box \(off) pt from the printed spot")
            }
        }
    }

    @Test func aMasterWithABlankPageIsRefusedNamingThePage() throws {
        let folder = TemporaryFolder()
        let (scans, master) = try Self.write(folder, master: [CopierPlacement(), CopierPlacement(content: .blank)])
        #expect(throws: ProjectError.blankReferencePage(reference: "the master copy '\(master!)'", page: 2)) {
            try GradingProject.create(folder.file("exam.ezgrader"), scans: scans, masterPath: master, grader: try .tester())
        }
        #expect(!FileManager.default.fileExists(atPath: folder.file("exam.ezgrader")))
    }

    @Test func aFirstStudentWithABlankPageGivesWayToTheNextAsTheReference() throws {
        let folder = TemporaryFolder()
        let pages: [[CopierPlacement]] = [[CopierPlacement(content: .blank), CopierPlacement(dx: 5, dy: -4)],
                                          [CopierPlacement(dx: -6, dy: 8, rotationDegrees: 1), CopierPlacement()],
                                          [CopierPlacement(dx: 10, dy: 10, rotationDegrees: -2), CopierPlacement(dx: -9, dy: 3, rotationDegrees: 1.5)]]
        let project = try Self.classAlignedOnAStudent(folder, pages)
        #expect(try project.store.reference()?.scan == "scans/S2.pdf")
        let report = try #require(AlignmentReport(try project.gradeBook().students))
        #expect(report.aligned == 5)
        #expect(report.flagged.map { "\($0.student) \($0.page) \($0.reason ?? "-")" } == ["S1 1 the page is blank (no print or writing on it)"])
    }

    /// Pages turned past the 10° that are aligned, up to 20°: the flag says how far, and each is shown
    /// its way up (the one turned over too), not as its whole-page correlation happens to say.
    @Test func aPageTurnedTooFarSaysHowFarAndIsShownItsWayUp() throws {
        let folder = TemporaryFolder()
        let (_, master) = try Self.write(folder, master: [CopierPlacement(), CopierPlacement()])
        let turns: [(name: String, page: CopierPlacement)] = [
            ("T16", CopierPlacement(dx: 7 * Self.mm, dy: -5 * Self.mm, rotationDegrees: 16)),
            ("T-19", CopierPlacement(dx: -4 * Self.mm, dy: 6 * Self.mm, rotationDegrees: -19)),
            ("T16over", CopierPlacement(dx: 5 * Self.mm, dy: 3 * Self.mm, rotationDegrees: 16, upsideDown: true)),
        ]
        let scans = try turns.enumerated().map { index, student in
            let path = folder.file("\(student.name).pdf")
            try ScanFactory.writeTruthBooklet(to: URL(fileURLWithPath: path), studentName: student.name, studentNumber: index + 1,
                                              placements: [student.page, CopierPlacement()], dpi: 72)
            return path
        }
        let project = try GradingProject.create(folder.file("exam.ezgrader"), scans: scans, masterPath: master, grader: try .tester())
        let book = try project.gradeBook()
        let report = try #require(AlignmentReport(book.students))
        #expect(report.flagged.map { "\($0.student) \($0.page): \($0.reason ?? "-")" } == [
            "T16 1: its print is turned 16°, more than the 10° that are aligned",
            "T-19 1: its print is turned 19°, more than the 10° that are aligned",
            "T16over 1: its print is turned 16°, more than the 10° that are aligned",
        ])
        #expect(book.students.map { $0.alignment(page: 1)?.upsideDown } == turns.map(\.page.upsideDown))
    }

    @Test func copiesLargerThanAReducedFirstStudentAreAlignedToIt() throws {
        // The first student's pages went through reduced to 96 %, everyone else's at 99–100 %:
        // against the first student's, theirs are 3–4 % larger.
        let folder = TemporaryFolder()
        let pages: [[CopierPlacement]] = [[CopierPlacement(dx: 4, dy: -3, scale: 0.96), CopierPlacement(dx: -5, dy: 6, rotationDegrees: 1, scale: 0.96)]]
            + (0..<4).map { i in [CopierPlacement(dx: Double(i) * 3, dy: -4, rotationDegrees: -0.5), CopierPlacement(dx: -6, dy: Double(i) * 2, scale: 0.99)] }
        let project = try Self.classAlignedOnAStudent(folder, pages)
        #expect(try project.store.reference()?.scan == "scans/S1.pdf")
        let book = try project.gradeBook()
        let report = try #require(AlignmentReport(book.students))
        #expect(report.flagged.map { "\($0.student) \($0.page) \($0.reason ?? "-")" } == [])
        for page in 1...2 {
            let spot = pages[0][page - 1].apply(ScanFactory.scoreBoxOrigin(page: page, slot: 0))
            let question = try project.addQuestion(page: page, at: "\(spot.x),\(spot.y)", maxPoints: "4", label: "Q\(page)").question.id
            for (index, placements) in pages.enumerated() {
                let placed = try project.placement(of: question, for: book.students[index].key).box.origin
                let truth = placements[page - 1].apply(ScanFactory.scoreBoxOrigin(page: page, slot: 0))
                #expect(hypot(placed.x - truth.x, placed.y - truth.y) <= 4, "S\(index + 1) page \(page): \(placed) against \(truth)")
            }
        }
    }

    @Test func aCopyLargerThanAFullSizeFirstStudentIsFlaggedAsEnlarged() throws {
        // The first student's pages went through at full size, as did most copies: a copier does
        // not make a page 5 % larger, so that page is not taken (its boxes would miss by 10 pt or more).
        let folder = TemporaryFolder()
        let pages: [[CopierPlacement]] = (0..<4).map { i in [CopierPlacement(dx: Double(i) * 3, dy: -4), CopierPlacement(dx: -6, dy: Double(i) * 2)] }
            + [[CopierPlacement(dx: 3, dy: 2, scale: 1.05), CopierPlacement(dx: -4, dy: 5, scale: 0.99)]]
        let project = try Self.classAlignedOnAStudent(folder, pages)
        let report = try #require(AlignmentReport(try project.gradeBook().students))
        #expect(report.flagged.map { "\($0.student) \($0.page) \($0.reason ?? "-")" }
            == ["S5 1 its print is at 105 % of the reference's size, more than a copier reduces or enlarges"])
    }

    @Test func aClassScannedLargerThanTheMasterIsAlignedToItAndAPageLargerStillIsFlagged() throws {
        // The scanner enlarged every copy by 3–4 % against the master (bubble sheets against their
        // blank, say): the class's copies say so; S5's page 1, 9 % larger, is more than that.
        let folder = TemporaryFolder()
        let pages: [[CopierPlacement]] = (0..<4).map { i in
            [CopierPlacement(dx: Double(i) * 3, dy: -4, scale: 1.03 + Double(i) * 0.003), CopierPlacement(dx: -6, dy: Double(i) * 2, scale: 1.04)]
        } + [[CopierPlacement(dx: 3, dy: 2, scale: 1.09), CopierPlacement(dx: -4, dy: 5, scale: 1.035)]]
        let scans = try pages.enumerated().map { index, placements in
            let path = folder.file("S\(index + 1).pdf")
            try ScanFactory.writeTruthBooklet(to: URL(fileURLWithPath: path), studentName: "S\(index + 1)", studentNumber: index + 1,
                                              placements: placements, dpi: 72)
            return path
        }
        let master = folder.file("master.pdf")
        try ScanFactory.writeTruthBooklet(to: URL(fileURLWithPath: master), studentName: nil, studentNumber: 0, placements: [CopierPlacement(), CopierPlacement()], dpi: 72)
        let project = try GradingProject.create(folder.file("exam.ezgrader"), scans: scans, masterPath: master, grader: try .tester())
        let book = try project.gradeBook()
        let report = try #require(AlignmentReport(book.students))
        #expect(report.flagged.map { "\($0.student) \($0.page)" } == ["S5 1"])
        let reason = try #require(report.flagged.first?.reason)
        #expect(reason.hasPrefix("its print is at 10") && reason.hasSuffix(" % of the reference's size, more than a copier reduces or enlarges"), "\(reason)")
        for page in 1...2 {
            let spot = ScanFactory.scoreBoxOrigin(page: page, slot: 0)
            let question = try project.addQuestion(page: page, at: "\(spot.x),\(spot.y)", maxPoints: "4", label: "Q\(page)").question.id
            for (index, placements) in pages.enumerated() where !(index == 4 && page == 1) {
                let placed = try project.placement(of: question, for: book.students[index].key).box.origin
                let truth = placements[page - 1].apply(spot)
                #expect(hypot(placed.x - truth.x, placed.y - truth.y) <= 2, "S\(index + 1) page \(page): \(placed) against \(truth)")
            }
        }
    }

    @Test func aFlaggedPageLinedUpByHandCarriesItsBoxesToThePrintAndUndoTakesItBack() throws {
        let folder = TemporaryFolder()
        let turned = CopierPlacement(dx: 20, dy: -15, rotationDegrees: 16)
        let (scans, master) = try Self.write(folder, master: [CopierPlacement(), CopierPlacement()])
        let late = folder.file("late/Fe.pdf")
        try FileManager.default.createDirectory(atPath: folder.file("late"), withIntermediateDirectories: true)
        try ScanFactory.writeTruthBooklet(to: URL(fileURLWithPath: late), studentName: "Fe", studentNumber: 9,
                                          placements: [turned, CopierPlacement()], dpi: 72)
        let project = try GradingProject.create(folder.file("exam.ezgrader"), scans: Array(scans.prefix(2)) + [late], masterPath: master,
                                                grader: try .tester())
        let spot = ScanFactory.scoreBoxOrigin(page: 1, slot: 0)
        let question = try project.addQuestion(page: 1, at: "\(spot.x),\(spot.y)", maxPoints: "4", label: "Q1").question.id
        let fe = try project.student(named: "Fe")
        #expect(try project.placement(of: question, for: fe).alignment?.isFlagged == true)

        try project.alignPage(student: fe, page: 1, by: HandAlignment(dx: turned.dx, dy: turned.dy, degrees: turned.rotationDegrees))
        let placed = try project.placement(of: question, for: fe)
        let truth = turned.apply(spot)
        #expect(hypot(placed.box.origin.x - truth.x, placed.box.origin.y - truth.y) <= 4, "\(placed.box.origin) against \(truth)")
        #expect(placed.alignment?.byHand == true)
        let report = try #require(AlignmentReport(try project.gradeBook().students))
        #expect(!report.flagged.contains { $0.student == "Fe" && $0.page == 1 })

        _ = try project.undo()
        #expect(try project.placement(of: question, for: fe).alignment?.isFlagged == true)
        #expect(throws: GradingError.badHandAlignment("0,0,50")) { try project.alignPage(student: fe, page: 1, by: HandAlignment(dx: 0, dy: 0, degrees: 50)) }
    }
}
