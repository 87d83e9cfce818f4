import Foundation
import GraderCore
@testable import GraderKit
import ScanFactory
import Testing
import TestSupport

/// Whole generated classes of the kinds that used to raise false flags: handwriting over most of
/// every page, pages with little print, copier shifts of up to ±15 mm on Letter and A4, and pages
/// turned 8–10° and reduced to 90–100 %. Every page is the exam's: none may be flagged, and every
/// box lands within 4 pt of its printed score frame.
@Suite(.serialized) struct HardClassAlignmentTests {
    private static let mm = 72 / 25.4

    /// A class of `students` × 2 pages, each page placed by `placement(student, page, draw)` where
    /// `draw` gives the next number of a fixed sequence in 0..<1.
    struct HardClass: Sendable, CustomTestStringConvertible {
        let name: String, students: Int, printing: CopierPlacement.Printing, master: Bool
        /// How the scans' printed text is rasterised: the held-out classes are drawn by other code.
        var textRendering: TextRendering = .unhinted
        let placement: @Sendable (_ draw: () -> Double) -> CopierPlacement
        var testDescription: String {
            switch textRendering {
            case .unhinted: name
            case .hintedGlyphs: name + ", glyphs hinted"
            case .hinted: name + ", text hinted (advances rounded on each copy)"
            }
        }
    }

    static let classes: [HardClass] = [
        HardClass(name: "handwriting over most of every page", students: 10, printing: .full, master: true) { draw in
            CopierPlacement(dx: (draw() - 0.5) * 10 * mm, dy: (draw() - 0.5) * 10 * mm, rotationDegrees: (draw() - 0.5) * 4,
                            scale: 0.96 + draw() * 0.04, writing: .crowded)
        },
        HardClass(name: "handwriting over most of every page, aligned on the first student", students: 10, printing: .full, master: false) { draw in
            CopierPlacement(dx: (draw() - 0.5) * 10 * mm, dy: (draw() - 0.5) * 10 * mm, rotationDegrees: (draw() - 0.5) * 4,
                            scale: 0.96 + draw() * 0.04, writing: .crowded)
        },
        HardClass(name: "answers only, aligned on the first student", students: 10, printing: .full, master: false) { draw in
            CopierPlacement(dx: (draw() - 0.5) * 10 * mm, dy: (draw() - 0.5) * 10 * mm, rotationDegrees: (draw() - 0.5) * 4,
                            scale: 0.96 + draw() * 0.04)
        },
        HardClass(name: "pages with little print", students: 10, printing: .sparse, master: true) { draw in
            CopierPlacement(dx: (draw() - 0.5) * 10 * mm, dy: (draw() - 0.5) * 10 * mm, rotationDegrees: (draw() - 0.5) * 4,
                            scale: 0.96 + draw() * 0.04, printing: .sparse)
        },
        HardClass(name: "copier shifts of up to ±15 mm on Letter and A4", students: 10, printing: .full, master: true) { draw in
            CopierPlacement(dx: (draw() - 0.5) * 30 * mm, dy: (draw() - 0.5) * 30 * mm, rotationDegrees: (draw() - 0.5) * 3,
                            paper: draw() < 0.4 ? CopierPlacement.a4 : CopierPlacement.letter)
        },
        HardClass(name: "turned 8–10° either way and reduced to 90–100 %", students: 10, printing: .full, master: true) { draw in
            CopierPlacement(dx: (draw() - 0.5) * 10 * mm, dy: (draw() - 0.5) * 10 * mm,
                            rotationDegrees: (draw() < 0.5 ? -1 : 1) * (8 + draw() * 2), scale: 0.90 + draw() * 0.10)
        },
        HardClass(name: "little print, turned 8–10° and reduced", students: 8, printing: .sparse, master: true) { draw in
            CopierPlacement(dx: (draw() - 0.5) * 10 * mm, dy: (draw() - 0.5) * 10 * mm,
                            rotationDegrees: (draw() < 0.5 ? -1 : 1) * (8 + draw() * 2), scale: 0.90 + draw() * 0.10, printing: .sparse)
        },
    ]

    /// Every class again, placed the same, its text drawn with the glyphs hinted: the held-out
    /// classes are drawn by other code. (Text laid out again on each copy at its own scale,
    /// `TextRendering.hinted`, is left out: no copier moves words along their lines.)
    static let otherRenderings = classes.map { hard in
        var drawn = hard
        drawn.textRendering = .hintedGlyphs
        return drawn
    }

    @Test(arguments: classes + otherRenderings) func noLegitimatePageIsFlaggedAndEveryBoxLandsOnItsPrintedFrame(_ hard: HardClass) throws {
        let folder = TemporaryFolder()
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15 &* UInt64(hard.name.count)
        let draw = { () -> Double in   // a fixed sequence (xorshift), the same every run
            state ^= state << 13; state ^= state >> 7; state ^= state << 17
            return Double(state >> 11) / Double(1 << 53)
        }
        let placements = (0..<hard.students).map { _ in [hard.placement(draw), hard.placement(draw)] }
        let scans = try placements.enumerated().map { index, pages in
            let path = folder.file(String(format: "S%02d.pdf", index + 1))
            try ScanFactory.writeTruthBooklet(to: URL(fileURLWithPath: path), studentName: "S\(index + 1)", studentNumber: index + 1,
                                              placements: pages, dpi: 72, textRendering: hard.textRendering)
            return path
        }
        let printed = CopierPlacement(printing: hard.printing)
        let master = hard.master ? folder.file("master.pdf") : nil
        if let master {
            try ScanFactory.writeTruthBooklet(to: URL(fileURLWithPath: master), studentName: nil, studentNumber: 0, placements: [printed, printed], dpi: 72,
                                              textRendering: hard.textRendering)
        }
        let project = try GradingProject.create(folder.file("exam.ezgrader"), scans: scans, masterPath: master, grader: try .tester())
        try Self.check(project, hard, placements: placements, printed: printed)
    }

    /// No page flagged, and each score box typed on the reference page within 4 pt of its frame on every page.
    private static func check(_ project: GradingProject, _ hard: HardClass, placements: [[CopierPlacement]], printed: CopierPlacement) throws {
        let book = try project.gradeBook()
        let report = try #require(AlignmentReport(book.students))
        #expect(report.flagged.filter { $0.problem == "no match" }.map { "\($0.student) p\($0.page): \($0.reason ?? "-")" } == [], "\(hard.testDescription)")

        // Boxes typed where the score frames are printed on the reference page (the master, or the student it is).
        let referencePages = hard.master ? [printed, printed]
            : placements[try #require(book.students.firstIndex { $0.alignments.allSatisfy { $0 == .reference } }, "no student is the reference")]
        for page in 1...2 {
            for slot in 0...1 {
                let spot = referencePages[page - 1].apply(ScanFactory.scoreBoxOrigin(page: page, slot: slot))
                _ = try project.addQuestion(page: page, at: "\(spot.x),\(spot.y)", maxPoints: "4", label: "Q\(page)\(slot + 1)")
            }
        }
        var worst = 0.0
        for question in try project.directory().questions {
            let page = question.question.page, slot = question.number - 1
            for (index, pages) in placements.enumerated() {
                let placed = try project.placement(of: question.question.id, for: book.students[index].key).box.origin
                let truth = pages[page - 1].apply(ScanFactory.scoreBoxOrigin(page: page, slot: slot))
                let off = hypot(placed.x - truth.x, placed.y - truth.y)
                worst = max(worst, off)
                #expect(off <= 4, "\(hard.testDescription): S\(index + 1) \(question.name) box \(off) pt from its printed frame")
            }
        }
        print("\(hard.testDescription): worst box \(String(format: "%.2f", worst)) pt from its frame, lowest match \(report.lowestScore)")
    }
}
