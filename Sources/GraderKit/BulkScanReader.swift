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
    /// A page with less than this share of dark pixels (dust, the sheet's edge) and no code is blank.
    static let blankInkShare = 0.002
    /// A page with less than this share is blank before any code is looked for: less than the
    /// darkest fifth of a printed code alone, so print showing through from the other side (light
    /// grey, no dark pixels) is never read as a code.
    static let surelyBlankInkShare = 0.0008
    /// A symbol whose darkest fifth is lighter than this grey is print showing through the paper.
    static let printedDarkLevel: UInt8 = 128

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
                let (reading, ink) = try self.reading(of: page, with: reader)
                pages.append(ScannedPage(ref: ScanPageRef(scan: firstScan + offset, pageIndex: index), reading: reading, ink: ink))
                done += 1
                progress(done, total)
            }
        }
        return pages
    }

    /// What one page says, and its share of dark pixels. The blank test comes first; a code is
    /// taken only when it is printed on this side (dark, not mirrored), and looked for in the
    /// bands where `prepare` puts it (the top, or the bottom of a page fed upside down) before the
    /// whole page. A page that is one scanned JPEG is decoded straight from it at a reduced scale
    /// (`PDFPage.scanGray`), without poppler.
    static func reading(of page: PDFPage, with reader: CodeReader) throws -> (ScanPageReading, Double) {
        let image = try grey(page, dpi: firstDPI)
        let ink = inkShare(of: image)
        if ink < surelyBlankInkShare { return (.blank, ink) }
        if let found = code(in: image, with: reader) { return (found, ink) }
        if ink < blankInkShare { return (.blank, ink) }
        let sharper = try grey(page, dpi: retryDPI)
        return (code(in: sharper, with: reader, bandsFirst: false) ?? .unreadable, ink)
    }

    /// The page in grey at about `dpi` (at least), from its JPEG when it is one, else rendered.
    static func grey(_ page: PDFPage, dpi: Double) throws -> GrayImage {
        let size = page.size
        if let scan = page.scanGray(minimumWidth: Int((size.width * dpi / 72).rounded(.up))), size.width > 0 {
            return GrayImage(width: scan.width, height: scan.height, bytes: scan.bytes, pixelsPerPoint: Double(scan.width) / size.width)
        }
        return try GrayImage(rendering: page, pixelsPerPoint: dpi / 72)
    }

    /// The share of the page's height searched first, at the top and at the bottom: the default
    /// code with a copier's shift, turned upside down or not.
    static let codeBand = 0.25

    private static func code(in image: GrayImage, with reader: CodeReader, bandsFirst: Bool = true) -> ScanPageReading? {
        let band = Int(Double(image.height) * codeBand)
        let rows: [Range<Int>] = (bandsFirst && band > 0 ? [0..<band, (image.height - band)..<image.height] : []) + [0..<image.height]
        for range in rows {
            let grey = range.count == image.height ? image.bytes : Array(image.bytes[(range.lowerBound * image.width)..<(range.upperBound * image.width)])
            for symbol in reader.read(grey: grey, width: image.width, height: range.count)
            where !symbol.mirrored && symbol.darkLevel < printedDarkLevel {
                if let code = PageCode(text: symbol.text) { return .code(code, rotation: symbol.uprightRotation) }
            }
        }
        return nil
    }

    /// The share of dark pixels, leaving out a 4 % border where the scanner bed and the sheet's edge show.
    static func inkShare(of image: GrayImage) -> Double {
        let marginX = image.width / 25, marginY = image.height / 25
        var dark = 0, all = 0
        image.bytes.withUnsafeBufferPointer { bytes in
            // A `while` loop over the pointer: a debug build runs it many times faster than ranges.
            var y = marginY
            while y < image.height - marginY {
                var pixel = bytes.baseAddress! + y * image.width + marginX
                let end = bytes.baseAddress! + (y + 1) * image.width - marginX
                while pixel < end {
                    if pixel.pointee < 128 { dark &+= 1 }
                    pixel += 1
                }
                all += image.width - 2 * marginX
                y += 1
            }
        }
        return all == 0 ? 0 : Double(dark) / Double(all)
    }
}
