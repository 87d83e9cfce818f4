internal import CCairo
import Foundation
import GraderCore

/// Writes an exam to print for bulk-scan tests: US-Letter vector pages that each look different
/// (heading, questions, answer boxes of page-specific heights) and carry their page number as a
/// row of squares near the bottom (filled = bit set), which `MarkedExamWriter.pageNumber` reads
/// back from a render, so a test can tell which printed page ended up where.
public enum MarkedExamWriter {
    /// Marker bits (pages 1…15).
    static let bits = 4
    /// The marker squares' side, top and first left edge, in points.
    static let side = 24.0, top = 730.0, left = 120.0, pitch = 40.0

    /// Writes `pageCount` (1…15) pages.
    public static func write(to url: URL, pageCount: Int) throws {
        let context = "writing marked exam \(url.path)"
        guard (1...15).contains(pageCount) else { throw ScanFactoryError(context: context, reason: "1 to 15 pages, not \(pageCount)") }
        let L = ExamLayout.self
        try CairoPDF.write(to: url, width: L.pageWidth, height: L.pageHeight, title: "Marked exam") { cr, _ in
            for page in 1...pageCount {
                cairo_set_source_rgb(cr, 0, 0, 0)
                CairoText.setFont(cr, size: 20, bold: true)
                CairoText.show(cr, "Midterm — page \(page)", x: 72, y: 80)
                CairoText.setFont(cr, size: 11)
                for (question, frame) in answerFrames(page: page).enumerated() {
                    CairoText.show(cr, "Question \(page).\(question + 1): explain your reasoning and show every step.", x: 72,
                                   y: frame.origin.y - 10)
                    cairo_set_line_width(cr, 1.5)
                    cairo_rectangle(cr, frame.origin.x, frame.origin.y, frame.width, frame.height)
                    cairo_stroke(cr)
                }
                for bit in 0..<bits {
                    cairo_rectangle(cr, left + Double(bit) * pitch, top, side, side)
                    if page >> bit & 1 == 1 { cairo_fill(cr) } else { cairo_set_line_width(cr, 1); cairo_stroke(cr) }
                }
                cairo_show_page(cr)
                try CairoPDF.check(cairo_status(cr), "\(context), page \(page)")
            }
        }
    }

    /// The answer frames printed on `page` (1-based), in points: one to three, of page-specific heights.
    public static func answerFrames(page: Int) -> [PageRect] {
        var y = 120.0
        return (1...(1 + page % 3)).map { question in
            let height = 90.0 + Double((page * 37 + question * 53) % 120)
            defer { y += height + 40 }
            return PageRect(origin: PagePoint(x: 72, y: y + 10), width: 468, height: height)
        }
    }

    /// The page number a render of a marked page shows (grey pixels, 0 = black, at `dpi`, upright).
    public static func pageNumber(grey: [UInt8], width: Int, height: Int, dpi: Double) -> Int {
        let scale = dpi / 72
        var number = 0
        for bit in 0..<bits {
            // The mean over the square's middle half: a speck of dust does not flip a bit.
            let x0 = Int((left + Double(bit) * pitch + side / 4) * scale), y0 = Int((top + side / 4) * scale)
            let x1 = Int((left + Double(bit) * pitch + side * 3 / 4) * scale), y1 = Int((top + side * 3 / 4) * scale)
            guard x0 >= 0, y0 >= 0, x1 < width, y1 < height, x1 > x0, y1 > y0 else { return 0 }
            var sum = 0
            for y in y0..<y1 { for x in x0..<x1 { sum += Int(grey[y * width + x]) } }
            if sum / ((x1 - x0) * (y1 - y0)) < 128 { number |= 1 << bit }
        }
        return number
    }
}
