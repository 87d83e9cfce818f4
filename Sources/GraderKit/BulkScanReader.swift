import Foundation
import GraderAlignment
import GraderBubbles
import GraderCodes
import GraderCore
import GraderPDF

/// Reads what every page of bulk scans says: its page code and the turn that shows it upright,
/// else whether it is blank (a duplex back) or has content without a readable code. One page is
/// rendered at a time, so memory stays flat however long the scan.
public enum BulkScanReader {
    /// Codes are looked for at this resolution first (3 px a module of a prepared code)…
    static let firstDPI = 100.0
    /// …and again at this one on a page with content where none was found.
    static let retryDPI = 200.0
    /// A page with less than this share of dark pixels (dust, the sheet's edge) is blank.
    static let blankInkShare = 0.002

    /// Reads every page of `paths` (their order gives the scan indexes, starting at `firstScan`).
    /// `progress` gets (pages read, pages).
    public static func read(_ paths: [String], firstScan: Int = 0,
                            progress: (Int, Int) -> Void = { _, _ in }) throws -> [ScannedPage] {
        let documents = try paths.map { path throws(PDFError) in (path, try PDFDocument(path: path).pageCount) }
        let total = documents.reduce(0) { $0 + $1.1 }
        let reader = CodeReader()
        var pages: [ScannedPage] = [], done = 0
        pages.reserveCapacity(total)
        for (offset, (path, _)) in documents.enumerated() {
            // One document open at a time: a class of scans must not hold a descriptor per file.
            let document = try PDFDocument(path: path)
            for index in 0..<document.pageCount {
                let page = try document.page(at: index)
                pages.append(ScannedPage(ref: ScanPageRef(scan: firstScan + offset, pageIndex: index),
                                         reading: try reading(of: page, with: reader)))
                done += 1
                progress(done, total)
            }
        }
        return pages
    }

    /// What one page says.
    static func reading(of page: PDFPage, with reader: CodeReader) throws -> ScanPageReading {
        let image = try GrayImage(rendering: page, pixelsPerPoint: firstDPI / 72)
        if let found = code(in: image, with: reader) { return found }
        if inkShare(of: image) < blankInkShare { return .blank }
        let sharper = try GrayImage(rendering: page, pixelsPerPoint: retryDPI / 72)
        return code(in: sharper, with: reader) ?? .unreadable
    }

    private static func code(in image: GrayImage, with reader: CodeReader) -> ScanPageReading? {
        for symbol in reader.read(grey: image.bytes, width: image.width, height: image.height) {
            if let code = PageCode(text: symbol.text) { return .code(code, rotation: symbol.uprightRotation) }
        }
        return nil
    }

    /// The share of dark pixels, leaving out a 4 % border where the scanner bed and the sheet's edge show.
    static func inkShare(of image: GrayImage) -> Double {
        let marginX = image.width / 25, marginY = image.height / 25
        var dark = 0, all = 0
        image.bytes.withUnsafeBufferPointer { bytes in
            for y in marginY..<(image.height - marginY) {
                let row = y * image.width
                for x in marginX..<(image.width - marginX) where bytes[row + x] < 128 { dark += 1 }
                all += image.width - 2 * marginX
            }
        }
        return all == 0 ? 0 : Double(dark) / Double(all)
    }
}
