import Foundation
import GraderCore
import GraderPDF
import ScanFactory
import Testing
import TestSupport

/// Page alignment as a user meets it: `new` aligns every page to the first student's (its print
/// confirmed by the next students', its handwriting not), `status` and `info` name the pages that
/// did not match or were upside down, and a box typed on the first student's page lands on the
/// same printed spot of every aligned page in the preview.
@Suite struct AlignmentCommandTests {
    private let ezgrader = builtProduct("ezgrader")

    /// Each student's two pages: Ann (the reference) a little off, Bea reduced and turned on A4,
    /// Cal's page 2 upside down, Dee's page 1 blank.
    private static let students: [(name: String, pages: [CopierPlacement])] = [
        ("Ann", [CopierPlacement(dx: 10, dy: -8, rotationDegrees: 1), CopierPlacement(dx: -6, dy: 5)]),
        ("Bea", [CopierPlacement(dx: -30, dy: 25, rotationDegrees: -2, scale: 0.96, paper: CopierPlacement.a4),
                 CopierPlacement(dx: 12, dy: -20, rotationDegrees: 1.5, paper: CopierPlacement.a4)]),
        ("Cal", [CopierPlacement(dx: 20, dy: 20, rotationDegrees: 0.5, paper: CopierPlacement.legal),
                 CopierPlacement(dx: -10, dy: 15, rotationDegrees: -1, upsideDown: true)]),
        ("Dee", [CopierPlacement(content: .blank), CopierPlacement(dx: 25, dy: -25, rotationDegrees: 2, scale: 0.97)]),
    ]

    private func classFolder() throws -> TemporaryFolder {
        let folder = TemporaryFolder()
        for (index, student) in Self.students.enumerated() {
            try ScanFactory.writeTruthBooklet(to: URL(fileURLWithPath: folder.file("\(student.name).pdf")), studentName: student.name,
                                              studentNumber: index + 1, placements: student.pages, dpi: 72)
        }
        return folder
    }

    @Test func statusAndInfoNameTheFlaggedPagesAndBoxesLandOnThePrintedSpot() throws {
        let folder = try classFolder()
        let scans = Self.students.map { folder.file("\($0.name).pdf") }
        let created = try runCommand(ezgrader, ["new", "exam"] + scans, in: folder.path)
        #expect(created.status == 0, "\(created.error)")
        #expect(created.output.hasPrefix("Created exam.ezgrader: 4 students × 2 pages.\nPages aligned to the reference: "))
        #expect(created.output.contains("\n  Dee — page 1: does not match the reference page (match 0.00): the page is blank (no print or "
            + "writing on it); its boxes sit where they would by page size. Rescan it, or line it up by hand: "
            + "ezgrader align exam --student \"Dee\" --page 1 --by DX,DY[,DEGREES].\n"), "\(created.output)")

        // What status --json flags is what status prints; every other page must hold its box on the printed spot.
        let json = try runCommand(ezgrader, ["status", "exam", "--json"], in: folder.path).output
        let report = try JSONDecoder().decode(Status.self, from: Data(json.utf8)).alignment
        let flagged = Set(report.flagged.filter { $0.problem == "no match" }.map { "\($0.student) \($0.page)" })
        #expect(flagged.contains("Dee 1"))
        #expect(report.aligned + flagged.count == 8)
        let status = try runCommand(ezgrader, ["status", "exam"], in: folder.path).output
        #expect(status.contains(String(format: "\nPages aligned to the reference: %d of 8 (lowest match %.2f).\n", report.aligned, report.lowestScore)))
        for page in report.flagged {
            #expect(status.contains("\n  \(page.student) — page \(page.page): "), "\(page)")
        }
        let info = try runCommand(ezgrader, ["info", "exam", "--json"], in: folder.path).output
        #expect(info.contains("\"problem\" : \"no match\""), "\(info)")

        // Typed where the score box is printed on Ann's page 1 and page 2 (the reference pages).
        let spots = [(1, ScanFactory.scoreBoxOrigin(page: 1, slot: 1)), (2, ScanFactory.scoreBoxOrigin(page: 2, slot: 0))]
        for (page, spot) in spots {
            let typed = Self.students[0].pages[page - 1].apply(spot)
            let added = try runCommand(ezgrader, ["question", "add", "exam", "--page", "\(page)", "--at", "\(typed.x),\(typed.y)", "--max", "4"],
                                       in: folder.path)
            #expect(added.status == 0, "\(added.error)")
        }
        for student in Self.students.dropFirst() {
            for (page, spot) in spots where !flagged.contains("\(student.name) \(page)") {
                let png = folder.file("\(student.name)-\(page).png")
                let preview = try runCommand(ezgrader, ["preview", "exam", "--student", student.name, "--page", "\(page)", "--dpi", "144",
                                                        "--grid", "-o", png], in: folder.path)
                #expect(preview.status == 0, "\(preview.error)")
                let truth = student.pages[page - 1].apply(spot)
                let bitmap = try PageBitmap(pngAt: png, dpi: 144)
                let corner = try #require(bitmap.redBoxCorner(near: PagePoint(x: truth.x, y: truth.y)),
                                          "\(student.name) p. \(page): no box near the printed spot")
                #expect(hypot(corner.x - truth.x, corner.y - truth.y) <= 2, "\(student.name) p. \(page): box at \(corner), printed at \(truth)")
            }
        }
    }

    private struct Status: Decodable { let alignment: AlignmentReport }

    @Test func aPageTurnedTooFarIsLinedUpByHandAndItsBoxLandsOnThePrint() throws {
        let folder = try classFolder()
        let turned = CopierPlacement(dx: 20, dy: -15, rotationDegrees: 16)
        try ScanFactory.writeTruthBooklet(to: URL(fileURLWithPath: folder.file("Eve.pdf")), studentName: "Eve", studentNumber: 7,
                                          placements: [turned, CopierPlacement()], dpi: 72)
        let created = try runCommand(ezgrader, ["new", "exam", "Ann.pdf", "Bea.pdf", "Eve.pdf"], in: folder.path)
        #expect(created.status == 0, "\(created.error)")
        #expect(created.output.contains("\n  Eve — page 1: does not match the reference page "), "\(created.output)")
        // Eve's page, turned too far, confirms nothing of Ann's and denies nothing: Bea's copy alone says what is print.
        #expect(!created.output.contains("Bea — page"), "\(created.output)")
        #expect(created.output.contains("Rescan it, or line it up by hand: ezgrader align exam --student \"Eve\" --page 1 --by DX,DY[,DEGREES].\n"))
        let spot = ScanFactory.scoreBoxOrigin(page: 1, slot: 1)
        let typed = Self.students[0].pages[0].apply(spot)
        try runCommand(ezgrader, ["question", "add", "exam", "--page", "1", "--at", "\(typed.x),\(typed.y)", "--max", "4"], in: folder.path)

        // Ann's page (the reference) is itself shifted and turned: the move is from Ann's print to Eve's.
        let ann = Self.students[0].pages[0]
        let degrees = turned.rotationDegrees - ann.rotationDegrees
        let angle = degrees * .pi / 180, centre = (x: 306.0, y: 396.0)
        let onAnn = ann.apply((306, 396)), onEve = turned.apply((306, 396))
        // Turning about the page centre moves Ann's centre of print too: the shift makes up for it.
        let (x, y) = (onAnn.x - centre.x, onAnn.y - centre.y)
        let dx = onEve.x - (centre.x + x * cos(angle) - y * sin(angle)), dy = onEve.y - (centre.y + x * sin(angle) + y * cos(angle))
        let aligned = try runCommand(ezgrader, ["align", "exam", "--student", "Eve", "--page", "1", "--by", String(format: "%.2f,%.2f,%.2f", dx, dy, degrees)],
                                     in: folder.path)
        #expect(aligned.status == 0, "\(aligned.error)")
        #expect(aligned.output.hasPrefix("Aligned Eve's page 1 by hand: the reference page now sits turned 15.00° at 100.0 %"), "\(aligned.output)")
        let png = folder.file("eve.png")
        try runCommand(ezgrader, ["preview", "exam", "--student", "Eve", "--page", "1", "--dpi", "144", "-o", png], in: folder.path)
        let truth = turned.apply(spot)
        let corner = try #require(try PageBitmap(pngAt: png, dpi: 144).redBoxCorner(near: PagePoint(x: truth.x, y: truth.y)))
        // Drawn upright at its corner, or turned with the page (its leftmost red then the bottom-left corner's, 22 pt down the turned side).
        let offUpright = hypot(corner.x - truth.x, corner.y - truth.y), offTurned = hypot(corner.x - (truth.x - 22 * sin(angle)), corner.y - truth.y)
        #expect(min(offUpright, offTurned) <= 4, "box at \(corner), printed at \(truth)")
        let status = try runCommand(ezgrader, ["status", "exam"], in: folder.path).output
        #expect(!status.contains("Eve — page 1"), "\(status)")

        let bad = try runCommand(ezgrader, ["align", "exam", "--student", "Eve", "--page", "1", "--by", "3,4,90"], in: folder.path)
        #expect(bad.status != 0)
        #expect(bad.error.contains("Move '3,4,90' is not understood: give dx,dy[,degrees]"), "\(bad.error)")
        #expect(try runCommand(ezgrader, ["undo", "exam"], in: folder.path).output.hasPrefix("Undid: align Eve page 1 by hand"))
        #expect(try runCommand(ezgrader, ["status", "exam"], in: folder.path).output.contains("Eve — page 1: does not match"))
    }

    @Test func aMasterCopyWithOtherPagesIsRefusedByName() throws {
        let folder = try classFolder()
        try ScanFactory.writeTruthBooklet(to: URL(fileURLWithPath: folder.file("blank.pdf")), studentName: nil, studentNumber: 0,
                                          placements: [CopierPlacement()], dpi: 36)
        let result = try runCommand(ezgrader, ["new", "exam", "--master", "blank.pdf"] + Self.students.map { "\($0.name).pdf" }, in: folder.path)
        #expect(result.status == 1)
        #expect(result.error == "error: The master copy 'blank.pdf' has 1 page but the students' booklets have 2: give the unwritten exam "
            + "with the same pages, or leave out --master to align on the first student.\n")
        #expect(!FileManager.default.fileExists(atPath: folder.file("exam.ezgrader")))
    }
}
