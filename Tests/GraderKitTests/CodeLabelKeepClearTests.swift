import Foundation
import GraderCore
import GraderKit
import GraderPDF
import ScanFactory
import Testing
import TestSupport

/// The area an export keeps clear of on a prepared copy covers everything `prepare` printed at
/// its default place: the code, its text with the version, and the student's name.
@Suite struct CodeLabelKeepClearTests {
    @Test(arguments: ["K7Q2PM", "LONGEXAMIDENTITY"])
    func theKeepClearZoneHoldsEveryPixelTheLabelChanged(examID: String) throws {
        let folder = TemporaryFolder()
        let style = ScanStyle(dpi: 150, jpegQuality: 80, maxSkewDegrees: 0, maxOffsetPoints: 0, noise: 0.1)
        for name in ["A", "B"] {
            try ScanFactory.writeBubbleSheetBooklet(to: URL(fileURLWithPath: folder.file("\(name).pdf")), studentNumber: 0, answers: [],
                                                    idDigits: nil, style: style, seed: 1)
        }
        try "file,name\na.pdf,\"Okafor-Wellington, Benedict Alexander\"\nb.pdf,\"Lee, Ann\"\n".write(toFile: folder.file("roster.csv"), atomically: true, encoding: .utf8)
        _ = try ExamPreparation.prepare(exams: [folder.file("A.pdf"), folder.file("B.pdf")], versioned: true, copies: 120,
                                        rosterPath: folder.file("roster.csv"), codeAt: nil, examID: examID, to: folder.file("print.pdf"))
        let exam = try PDFDocument(path: folder.file("A.pdf")).page(at: 0).renderRGB(dpi: 72)
        let printed = try PDFDocument(path: folder.file("print.pdf"))
        // Copy 1 (version A, with the name) and copy 118 (version B, the widest copy number).
        for (page, version) in [(0, "A"), (117, "B")] {
            let rendered = try printed.page(at: page).renderRGB(dpi: 72)
            let zone = PageCodePlacement.keepClear(on: PageSize(width: Double(rendered.width), height: Double(rendered.height)))
            var changed = 0, outside: [(Int, Int)] = []
            for y in 0..<rendered.height {
                for x in 0..<rendered.width where (0..<3).contains(where: { abs(Int(rendered.rgb[3 * (y * rendered.width + x) + $0]) - Int(exam.rgb[3 * (y * exam.width + x) + $0])) > 40 }) {
                    changed += 1
                    let inside = Double(x) >= zone.origin.x && Double(x) + 1 <= zone.origin.x + zone.width
                        && Double(y) >= zone.origin.y && Double(y) + 1 <= zone.origin.y + zone.height
                    if !inside { outside.append((x, y)) }
                }
            }
            #expect(changed > 300, "copy \(page + 1) (version \(version)) has its code printed")
            #expect(outside.isEmpty, "copy \(page + 1): \(outside.count) changed pixels outside \(zone), e.g. \(outside.prefix(3))")
        }
    }
}
