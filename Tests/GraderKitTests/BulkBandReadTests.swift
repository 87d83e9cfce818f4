import Foundation
import GraderAlignment
import GraderCodes
import GraderCore
@testable import GraderKit
import GraderPDF
import ScanFactory
import Testing
import TestSupport

/// `new --bulk` reads a page's code from the top band of its JPEG alone when it can (the rest never
/// decoded), and a page whose JPEG cannot be decoded is named by file and page.
@Suite struct BulkBandReadTests {
    /// A prepared 3-copy × 2-page exam scanned at `dpi`: copies 1 and 3 upright, copy 2 upside
    /// down, then a blank back; its path.
    private static func stack(dpi: Double, in folder: TemporaryFolder) throws -> (path: String, sheets: [BulkSheet]) {
        try ScanFactory.writeMarkedExam(to: URL(fileURLWithPath: folder.file("exam.pdf")), pageCount: 2)
        _ = try ExamPreparation.prepare(exams: [folder.file("exam.pdf")], copies: 3, rosterPath: nil, codeAt: nil, examID: "BAND32",
                                        to: folder.file("print.pdf"))
        let sheets: [BulkSheet] = (0..<6).map { .printed(pageIndex: $0, upsideDown: $0 / 2 == 1) } + [.blank]
        let path = folder.file("stack-\(Int(dpi)).pdf")
        try ScanFactory.writeBulkScan(of: folder.file("print.pdf"), sheets: sheets, to: URL(fileURLWithPath: path),
                                      style: ScanStyle(dpi: dpi, jpegQuality: 75, maxSkewDegrees: 1.5, maxOffsetPoints: 8, noise: 0.3), seed: 32)
        return (path, sheets)
    }

    @Test(arguments: [150.0, 300.0])
    func theBandReadGivesTheCodeAFullDecodeGives(dpi: Double) throws {
        let folder = TemporaryFolder()
        let (path, sheets) = try Self.stack(dpi: dpi, in: folder)
        let document = try PDFDocument(path: path), reader = CodeReader()
        for (index, sheet) in sheets.enumerated() {
            let page = try document.page(at: index)
            let (reading, ink) = try BulkScanReader.reading(of: page, with: reader)
            // The full decode: the whole JPEG at its own resolution, every code printed on this side.
            let whole = try GrayImage(rendering: page, pixelsPerPoint: dpi / 72)
            #expect(whole.width == Int((612 * dpi / 72).rounded()), "decoded at the scan's full resolution")
            let full = reader.read(grey: whole.bytes, width: whole.width, height: whole.height).filter { !$0.mirrored }
                .compactMap { symbol in PageCode(text: symbol.text).map { ScanPageReading.code($0, rotation: symbol.uprightRotation) } }
            guard case .printed(let printed, let upsideDown, _) = sheet else {
                #expect(reading == .blank && full.isEmpty, "sheet \(index + 1) at \(Int(dpi)) dpi")
                continue
            }
            #expect(full.count == 1 && reading == full.first, "sheet \(index + 1) at \(Int(dpi)) dpi: \(reading) against \(full)")
            guard case .code(let code, let rotation) = reading else { continue }
            #expect(code.text == "EZG1:BAND32:\(printed / 2 + 1)/3:\(printed % 2 + 1)/2:")
            #expect(rotation == (upsideDown ? 180 : 0))
            // An upright page is read from its top band alone: its ink, which needs the whole page, is not measured.
            #expect((ink == nil) == !upsideDown, "sheet \(index + 1) at \(Int(dpi)) dpi")
        }
    }

    @Test(arguments: [150.0, 300.0])
    func aCodeTheSpacedScanLinesMissIsStillReadLineByLine(dpi: Double) throws {
        let folder = TemporaryFolder()
        let (path, sheets) = try Self.stack(dpi: dpi, in: folder)
        let document = try PDFDocument(path: path), reader = CodeReader()
        for (index, sheet) in sheets.enumerated() {
            let page = try document.page(at: index)
            let quick = try BulkScanReader.reading(of: page, with: reader)
            // Scan lines farther apart than the page is tall: the quick look finds nothing anywhere.
            let (reading, ink) = try BulkScanReader.reading(of: page, with: reader, quickLineSpacing: 100_000)
            #expect(reading == quick.0, "sheet \(index + 1) at \(Int(dpi)) dpi: \(reading) against \(quick.0)")
            // Read line by line once the whole page was decoded: its ink was measured on the way.
            if case .printed = sheet { #expect(ink != nil, "sheet \(index + 1) at \(Int(dpi)) dpi") }
        }
    }

    @Test func aPageIsReadFirstWhereTheLastPagesCodeWas() throws {
        let folder = TemporaryFolder()
        let (path, _) = try Self.stack(dpi: 300, in: folder)
        let document = try PDFDocument(path: path), reader = CodeReader()
        var spot: PageRect?
        _ = try BulkScanReader.reading(of: document.page(at: 0), with: reader, near: &spot)
        let seen = try #require(spot, "the first page's code gives the spot")
        // The prepared code: in the top right corner of the page.
        #expect(seen.origin.x > 306 && seen.origin.y < 198 && seen.width > 20 && seen.height > 20, "\(seen)")
        let whole = try BulkScanReader.reading(of: document.page(at: 1), with: reader)
        // The band's quick look made blind: the code is found around the spot alone, never decoding the rest.
        let near = try BulkScanReader.reading(of: document.page(at: 1), with: reader, quickLineSpacing: 100_000, near: &spot)
        #expect(near.0 == whole.0 && near.1 == nil, "\(near) against \(whole)")
        let next = try #require(spot)
        #expect(abs(next.origin.x - seen.origin.x) < 20 && abs(next.origin.y - seen.origin.y) < 20, "\(next) against \(seen)")
        // A spot where no code is (the top left corner): the band is searched all the same.
        var elsewhere: PageRect? = PageRect(origin: PagePoint(x: 20, y: 20), width: 40, height: 40)
        let moved = try BulkScanReader.reading(of: document.page(at: 1), with: reader, near: &elsewhere)
        #expect(moved.0 == whole.0 && moved.1 == nil)
        #expect(abs((elsewhere?.origin.x ?? 0) - next.origin.x) < 5, "the spot follows the code: \(String(describing: elsewhere))")
    }

    @Test func aPageScannedTwiceIsComparedOnItsInkThoughReadFromItsBand() throws {
        let folder = TemporaryFolder()
        _ = try Self.stack(dpi: 150, in: folder)
        // Copy 1 page 1 fed twice, upright both times, the second time answered all over: both
        // read from their top band, then measured to be compared.
        let answers = (0..<15).flatMap { row in (0..<18).map { PagePoint(x: 60 + Double($0) * 28, y: 250 + Double(row) * 32) } }
        let sheets: [BulkSheet] = [.printed(pageIndex: 0), .printed(pageIndex: 1), .answered(pageIndex: 0, filled: answers, diameter: 18)]
        try ScanFactory.writeBulkScan(of: folder.file("print.pdf"), sheets: sheets, to: URL(fileURLWithPath: folder.file("twice.pdf")),
                                      style: ScanStyle(dpi: 150, jpegQuality: 75), seed: 5)
        let pages = try BulkScanReader.read([folder.file("twice.pdf")])
        #expect(pages.map { $0.ink != nil } == [true, false, true])
        let (_, report) = try GradingProject.createFromBulk(folder.file("twice.ezgrader"), scans: [folder.file("twice.pdf")], grader: try .tester())
        #expect(report.problems.filter { $0.kind == "scannedTwice" }.map(\.message)
                    == ["scanned twice: twice.pdf page 3 and twice.pdf page 1 are both copy 1 page 1 — kept twice.pdf page 3 (more on it); look at both"])
    }

    @Test func aPageAddedLaterIsComparedWithThePageItsCodeWasReadOnBefore() throws {
        let folder = TemporaryFolder()
        _ = try Self.stack(dpi: 150, in: folder)
        try ScanFactory.writeBulkScan(of: folder.file("print.pdf"), sheets: [.printed(pageIndex: 0), .printed(pageIndex: 1)],
                                      to: URL(fileURLWithPath: folder.file("first.pdf")), style: ScanStyle(dpi: 150, jpegQuality: 75), seed: 6)
        let answers = (0..<15).flatMap { row in (0..<18).map { PagePoint(x: 60 + Double($0) * 28, y: 250 + Double(row) * 32) } }
        try ScanFactory.writeBulkScan(of: folder.file("print.pdf"), sheets: [.answered(pageIndex: 0, filled: answers, diameter: 18)],
                                      to: URL(fileURLWithPath: folder.file("again.pdf")), style: ScanStyle(dpi: 150, jpegQuality: 75), seed: 7)
        let (project, _) = try GradingProject.createFromBulk(folder.file("later.ezgrader"), scans: [folder.file("first.pdf")], grader: try .tester())
        // Copy 1 page 1 read from its top band alone, its ink not measured, then carried again by a later scan.
        #expect(try project.bulkState().pages.map { $0.ink == nil } == [true, true])
        let report = try project.addScans([folder.file("again.pdf")])
        #expect(report.problems.filter { $0.kind == "scannedTwice" }.map(\.message)
                    == ["scanned twice: again.pdf page 1 and first.pdf page 1 are both copy 1 page 1 — kept again.pdf page 1 (more on it); look at both"])
        #expect(try project.bulkState().pages.map { $0.ink != nil } == [true, false, true], "the earlier page's ink recorded")
    }

    @Test func aPageWhoseJPEGCannotBeDecodedIsNamedByFileAndPage() throws {
        let folder = TemporaryFolder()
        let (path, _) = try Self.stack(dpi: 150, in: folder)
        // The third page's JPEG says its samples have 3 bits: no JPEG decoder can read it.
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        let frames = bytes.indices.dropLast(4).filter { bytes[$0] == 0xFF && bytes[$0 + 1] == 0xC0 && bytes[$0 + 4] == 8 }
        #expect(frames.count == 7, "one baseline frame a page")
        bytes[frames[2] + 4] = 3
        let damaged = folder.file("damaged.pdf")
        try Data(bytes).write(to: URL(fileURLWithPath: damaged))
        #expect {
            _ = try GradingProject.createFromBulk(folder.file("bulk.ezgrader"), scans: [damaged], grader: try .tester())
        } throws: { error in
            (error as? LocalizedError)?.errorDescription == "'\(damaged)' is damaged beyond repair (page 3's scanned image cannot be decoded: "
                + "Unsupported JPEG data precision 3): rescan it or export it again from the scanner."
        }
        #expect(!FileManager.default.fileExists(atPath: folder.file("bulk.ezgrader")), "no project left behind")
    }
}
