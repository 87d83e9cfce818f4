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
        var pages: [ScannedPage] = [], done = 0, spot: PageRect?
        pages.reserveCapacity(total)
        for (offset, (path, _)) in documents.enumerated() {
            // One document open at a time: a class of scans must not hold a descriptor per file.
            let document = try PDFDocument(path: path)
            for index in 0..<document.pageCount {
                let page = try document.page(at: index)
                let (reading, ink) = try self.reading(of: page, with: reader, near: &spot)
                pages.append(ScannedPage(ref: ScanPageRef(scan: firstScan + offset, pageIndex: index), reading: reading, ink: ink))
                done += 1
                progress(done, total)
            }
        }
        return try measuringInkOfDoubles(pages, files: paths, firstScan: firstScan).pages
    }

    /// `pages` (of scans `firstScan`… at `files`) with the ink measured on every coded page whose
    /// code another of them also carries — the pages compared on it, where a page read from its
    /// top band alone was not measured — and the pages newly measured.
    static func measuringInkOfDoubles(_ pages: [ScannedPage], files: [String], firstScan: Int = 0)
        throws -> (pages: [ScannedPage], measured: [ScannedPage]) {
        var carrying: [String: Int] = [:]
        for case .code(let code, _) in pages.map(\.reading) { carrying["\(code.exam)/\(code.copy)/\(code.page)", default: 0] += 1 }
        var result = pages, measured: [ScannedPage] = []
        // One document open at a time: the last one asked for.
        var open: (scan: Int, document: PDFDocument)?
        func document(ofScan scan: Int) throws -> PDFDocument {
            if let open, open.scan == scan { return open.document }
            let document = try PDFDocument(path: files[scan - firstScan])
            open = (scan, document)
            return document
        }
        for (index, page) in pages.enumerated() where page.ink == nil {
            guard case .code(let code, _) = page.reading, carrying["\(code.exam)/\(code.copy)/\(code.page)", default: 0] > 1 else { continue }
            let ink = inkShare(of: try grey(try document(ofScan: page.ref.scan).page(at: page.ref.pageIndex), dpi: firstDPI))
            result[index] = ScannedPage(ref: page.ref, reading: page.reading, ink: ink, doubt: page.doubt)
            measured.append(result[index])
        }
        return (result, measured)
    }

    /// What one page says, and its share of dark pixels when measured. A page that is one scanned
    /// JPEG is decoded straight from it at a reduced scale (`PDFPage.scanGrayRows`), without
    /// poppler, from the top: the common page, coded and upright, is read from its top band alone
    /// (a code printed on this side, dark and not mirrored, is more ink than a blank page has) and
    /// the rest of its JPEG is never decoded; its ink is measured only when another page carries
    /// its code (`measuringInkOfDoubles`). Any other page is decoded whole and tested for blank
    /// before a code is looked for in the bottom band (a page fed upside down), then the whole page.
    /// The bands are searched with zbar's scan lines `quickLineSpacing` pixels apart first, then line
    /// by line; the top band first around `spot`, where the last page's code was found (pages of one
    /// stack carry it in the same place, within a copier's shift), which is then where this page's was.
    static func reading(of page: PDFPage, with reader: CodeReader, quickLineSpacing: Int = BulkScanReader.quickLineSpacing,
                        near spot: inout PageRect?) throws -> (ScanPageReading, Double?) {
        let image: GrayImage
        var topTried = false
        if let rows = try page.scanGrayRows(minimumWidth: width(of: page, dpi: firstDPI)) {
            let (band, scale) = (Int(Double(rows.height) * codeBand), Double(rows.width) / page.size.width)
            let top = try rows.next(band)
            let topBand = GrayImage(width: rows.width, height: band, bytes: top, pixelsPerPoint: scale)
            if band > 0, let found = code(in: topBand, with: reader, near: spot)
                ?? code(in: topBand, with: reader, bands: [0..<band], lineSpacing: quickLineSpacing) {
                spot = found.box
                return (found.reading, nil)
            }
            topTried = band > 0
            image = GrayImage(width: rows.width, height: rows.height, bytes: top + (try rows.next(rows.height - band)), pixelsPerPoint: scale)
        } else {
            image = try grey(page, dpi: firstDPI)
        }
        let ink = inkShare(of: image)
        if ink < surelyBlankInkShare { return (.blank, ink) }
        let band = Int(Double(image.height) * codeBand)
        let bands = band > 0 ? [0..<band, (image.height - band)..<image.height] : []
        if let found = code(in: image, with: reader, bands: topTried ? Array(bands.dropFirst()) : bands, lineSpacing: quickLineSpacing)
            ?? code(in: image, with: reader, bands: bands + [0..<image.height]) {
            return (found.reading, ink)
        }
        if ink < blankInkShare { return (.blank, ink) }
        let sharper = try grey(page, dpi: retryDPI)
        return (code(in: sharper, with: reader, bands: [0..<sharper.height])?.reading ?? .unreadable, ink)
    }

    /// What one page says, its top band searched with no code seen before (`reading(of:with:quickLineSpacing:near:)`).
    static func reading(of page: PDFPage, with reader: CodeReader, quickLineSpacing: Int = BulkScanReader.quickLineSpacing)
        throws -> (ScanPageReading, Double?) {
        var spot: PageRect?
        return try reading(of: page, with: reader, quickLineSpacing: quickLineSpacing, near: &spot)
    }

    /// How far around the last page's code this page's is looked for first: a copier's shift and
    /// turn, and the quiet zone zbar needs around a symbol.
    static let spotMargin = 48.0

    /// The code printed on this side in the window of `image` around `spot` (points, widened by
    /// `spotMargin`), line by line; nil with no spot.
    private static func code(in image: GrayImage, with reader: CodeReader, near spot: PageRect?) -> (reading: ScanPageReading, box: PageRect)? {
        guard let spot else { return nil }
        let ppp = image.pixelsPerPoint
        let left = max(0, Int(((spot.origin.x - spotMargin) * ppp).rounded(.down))), top = max(0, Int(((spot.origin.y - spotMargin) * ppp).rounded(.down)))
        let right = min(image.width, Int(((spot.origin.x + spot.width + spotMargin) * ppp).rounded(.up)))
        let bottom = min(image.height, Int(((spot.origin.y + spot.height + spotMargin) * ppp).rounded(.up)))
        guard right > left, bottom > top else { return nil }
        let window = image.cropped(to: PixelWindow(x: left, y: top, width: right - left, height: bottom - top))
        guard let found = code(in: window, with: reader, bands: [0..<window.height]) else { return nil }
        let box = found.box
        return (found.reading, PageRect(origin: PagePoint(x: box.origin.x + Double(left) / ppp, y: box.origin.y + Double(top) / ppp),
                                        width: box.width, height: box.height))
    }

    /// The share of its printed size page `index` (0-based) of the PDF at `path` went through the
    /// copier at: its code's side (printed `PageCodePlacement.codeSide`) as scanned — 0.953 for a
    /// sheet reduced to 96.1 % (zbar's corners sit a little inside the symbol). The bands where
    /// codes print are searched first (zbar misses on a whole page a code it finds in a band of
    /// it), then the whole page at `retryDPI`. Nil when the page cannot be read or shows no code
    /// printed on it.
    static func printScale(ofPage index: Int, in path: String) -> Double? {
        guard let page = try? PDFDocument(path: path).page(at: index), let image = try? grey(page, dpi: firstDPI) else { return nil }
        let reader = CodeReader(), band = Int(Double(image.height) * codeBand)
        func side(in image: GrayImage, rows: Range<Int>) -> Double? {
            let grey = Array(image.bytes[(rows.lowerBound * image.width)..<(rows.upperBound * image.width)])
            return reader.read(grey: grey, width: image.width, height: rows.count).first {
                !$0.mirrored && $0.darkLevel < printedDarkLevel && PageCode(text: $0.text) != nil
            }.map { $0.side / image.pixelsPerPoint / PageCodePlacement.codeSide }
        }
        if band > 0, let scale = side(in: image, rows: 0..<band) ?? side(in: image, rows: (image.height - band)..<image.height) { return scale }
        return (try? grey(page, dpi: retryDPI)).flatMap { side(in: $0, rows: 0..<$0.height) }
    }

    /// The page in grey at about `dpi` (at least), from its JPEG when it is one, else rendered.
    static func grey(_ page: PDFPage, dpi: Double) throws -> GrayImage {
        let size = page.size
        if let scan = page.scanGray(minimumWidth: width(of: page, dpi: dpi)), size.width > 0 {
            return GrayImage(width: scan.width, height: scan.height, bytes: scan.bytes, pixelsPerPoint: Double(scan.width) / size.width)
        }
        return try GrayImage(rendering: page, pixelsPerPoint: dpi / 72)
    }

    /// The bands are searched first with zbar's scan lines this far apart (half its work; 3 pixels
    /// a module at `firstDPI`), and again line by line where no code was found.
    static let quickLineSpacing = 2

    /// The share of the page's height searched first, at the top and at the bottom: the default
    /// code with a copier's shift, turned upside down or not.
    static let codeBand = 0.25

    /// The page's width in pixels at `dpi`.
    private static func width(of page: PDFPage, dpi: Double) -> Int { Int((page.size.width * dpi / 72).rounded(.up)) }

    /// The first code printed on this side (dark, not mirrored) found in `bands` of `image`, in turn,
    /// zbar's scan lines `lineSpacing` pixels apart, and its bounding box in points of `image`.
    private static func code(in image: GrayImage, with reader: CodeReader, bands: [Range<Int>],
                             lineSpacing: Int = 1) -> (reading: ScanPageReading, box: PageRect)? {
        let ppp = image.pixelsPerPoint
        for range in bands {
            let grey = range.count == image.height ? image.bytes : Array(image.bytes[(range.lowerBound * image.width)..<(range.upperBound * image.width)])
            for symbol in reader.read(grey: grey, width: image.width, height: range.count, lineSpacing: lineSpacing)
            where !symbol.mirrored && symbol.darkLevel < printedDarkLevel {
                guard let code = PageCode(text: symbol.text) else { continue }
                let bounds = symbol.bounds
                let box = PageRect(origin: PagePoint(x: Double(bounds.minX) / ppp, y: Double(bounds.minY + range.lowerBound) / ppp),
                                   width: Double(bounds.maxX + 1 - bounds.minX) / ppp, height: Double(bounds.maxY + 1 - bounds.minY) / ppp)
                return (.code(code, rotation: symbol.uprightRotation), box)
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
