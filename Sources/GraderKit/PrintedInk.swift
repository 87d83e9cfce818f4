import GraderAlignment
import GraderCore
import GraderPDF

/// Where a page carries print or writing near its top and bottom edges, where the student's total
/// goes: the total keeps clear of it, as it keeps clear of grade boxes (a copier's shift can bring
/// a printed header into the margin the total takes as a rule).
enum PrintedInk {
    /// How far from the top and bottom edges ink is looked for, in points.
    static let band = 90.0
    /// The resolution the page is looked at: 36 dpi, where a line of 8-point text is four pixels high.
    static let pixelsPerPoint = 0.5
    /// How far the total keeps from ink: thin strokes and the tops of letters fade at this resolution.
    static let margin = 3.0

    /// The ink of `page` within `band` points of its top and bottom edges, as one rectangle per row
    /// of pixels and run of ink along it, widened by `margin`, in points on the page as displayed (turned by 180° when
    /// `upsideDown`, as the export shows it). Empty when the page cannot be rendered.
    static func nearEdges(of page: PDFPage, upsideDown: Bool) -> [PageRect] {
        guard let rendered = try? GrayImage(rendering: page, pixelsPerPoint: pixelsPerPoint) else { return [] }
        return nearEdges(in: upsideDown ? rendered.turned : rendered)
    }

    /// The ink of `image` (a page rendered at `pixelsPerPoint`, the way up it is shown) within
    /// `band` of its top and bottom edges, as `nearEdges(of:upsideDown:)` gives it.
    static func nearEdges(in image: GrayImage) -> [PageRect] {
        // Paper is the level most pixels reach or pass (a grey scan's white is not 255); ink is well below it.
        let sorted = stride(from: 0, to: image.bytes.count, by: 13).map { image.bytes[$0] }.sorted()
        let threshold = Int(sorted.isEmpty ? 255 : sorted[sorted.count * 3 / 10]) * 8 / 10
        let bandRows = Int(band * pixelsPerPoint)
        let rows = Array(0..<min(bandRows, image.height)) + Array(max(bandRows, image.height - bandRows)..<image.height)
        var rects: [PageRect] = []
        for y in rows {
            var x = 0
            while x < image.width {
                guard Int(image[x, y]) < threshold else { x += 1; continue }
                let start = x
                // A gap of up to two pixels (a space between letters) stays in the run.
                while x < image.width && (Int(image[x, y]) < threshold || (x + 2 < image.width && Int(image[x + 2, y]) < threshold)) { x += 1 }
                rects.append(PageRect(origin: PagePoint(x: Double(start) / pixelsPerPoint - margin, y: Double(y) / pixelsPerPoint - margin),
                                      width: Double(x - start) / pixelsPerPoint + 2 * margin, height: 1 / pixelsPerPoint + 2 * margin))
            }
        }
        return rects
    }

    /// What `nearEdges` finds on `probe`, digested (FNV-1a): what it finds on a scan changes with
    /// its band, resolution, margin, threshold or runs, and so does this, which keys what is kept
    /// of it (`PrintedInkCache`).
    static let fingerprint: String = {
        let text = nearEdges(in: probe).map { "\($0.origin.x),\($0.origin.y),\($0.width),\($0.height)" }.joined(separator: ";")
        let digest = text.utf8.reduce(UInt64(0xcbf2_9ce4_8422_2325)) { ($0 ^ UInt64($1)) &* 0x100_0000_01b3 }
        return String(digest, radix: 16)
    }()

    /// A Letter page at `pixelsPerPoint` drawn to meet each rule of `nearEdges`: ink in both bands,
    /// on their last rows, just past them and between; runs parted by gaps of one, two and three
    /// pixels; ink just darker and just lighter than the threshold on grey paper (row 5).
    static let probe: GrayImage = {
        let (width, height) = (Int(612 * pixelsPerPoint), Int(792 * pixelsPerPoint)), bandRows = Int(band * pixelsPerPoint)
        var bytes = [UInt8](repeating: 220, count: width * height)
        func ink(row: Int, _ columns: Range<Int>, level: UInt8 = 40) { for x in columns { bytes[row * width + x] = level } }
        for (index, row) in [0, 3, bandRows - 1, bandRows, height / 2, height - bandRows - 1, height - bandRows, height - 1].enumerated() {
            // Runs parted by gaps of one, two and three pixels.
            for run in [0..<20, 21..<30, 32..<40, 43..<50] { ink(row: row, (10 + index + run.lowerBound)..<(10 + index + run.upperBound)) }
        }
        for (level, x) in [(170, 100), (175, 130), (177, 160), (185, 190)] { ink(row: 5, x..<(x + 20), level: UInt8(level)) }
        return GrayImage(width: width, height: height, bytes: bytes, pixelsPerPoint: pixelsPerPoint)
    }()
}
