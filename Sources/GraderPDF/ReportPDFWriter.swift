internal import CCairo
import GraderAnalysis
import GraderCore

/// Lays out a `ReportDocument` on Letter or A4 pages with cairo and Pango: headings, wrapped paragraphs,
/// tables (header repeated after a page break, cells wrapped to fit the width) and figures.
public enum ReportPDFWriter {
    /// The margin on every side, in points.
    static let margin = 50.0
    /// Font sizes, in points.
    static let titleSize = 18.0, headingSize = 13.0, bodySize = 9.5, tableSize = 8.0, footerSize = 7.5

    /// Writes `document` as a PDF on `paper` at `path`, atomically; byte-for-byte the same for the same document.
    public static func write(_ document: ReportDocument, paper: PaperSize = .a4, to path: String) throws(PDFError) {
        try AtomicOutput.write(to: path, expecting: .pdf) { temporary throws(PDFError) in
            let surface = try CairoPDFSurface(path: temporary, firstPage: paper.size)
            var layout = Layout(surface: surface, title: document.title, page: paper.size)
            layout.text(document.title, size: titleSize, bold: true, after: 10)
            for (index, block) in document.blocks.enumerated() {
                // A heading stays on the page of the figure that follows it.
                if case .heading = block, index + 1 < document.blocks.count, case .figure(let figure) = document.blocks[index + 1] {
                    layout.keep(height: figure.height + 40)
                }
                layout.add(block)
            }
            layout.finishPage()
            try surface.finish()
        }
    }

    /// Where the next block goes, and the page breaks.
    private struct Layout {
        let surface: CairoPDFSurface
        let title: String
        let page: PageSize
        var y = margin
        var pageNumber = 1
        var cr: OpaquePointer { surface.context }
        var width: Double { page.width - 2 * margin }
        var bottom: Double { page.height - margin }

        init(surface: CairoPDFSurface, title: String, page: PageSize) {
            self.surface = surface
            self.title = title
            self.page = page
        }

        /// Starts a new page unless `height` more points fit on this one.
        mutating func keep(height: Double) {
            if y + height > bottom { newPage() }
        }

        mutating func add(_ block: ReportDocument.Block) {
            switch block {
            case .heading(let text):
                // A heading stays with at least a few lines of what follows it.
                if y + 90 > bottom { newPage() }
                y += 8
                self.text(text, size: headingSize, bold: true, after: 5)
            case .paragraph(let text):
                self.text(text, size: bodySize, after: 6)
            case .list(let items):
                for item in items { self.text("•  " + item, size: bodySize, indent: 8, after: 2) }
                y += 4
            case .table(let header, let rows):
                table(header: header, rows: rows)
            case .figure(let figure):
                if y + figure.height > bottom { newPage() }
                FigurePainter.draw(figure, on: cr, x: margin, y: y)
                y += figure.height + 8
            }
        }

        /// Wrapped text across the width; breaks the page first when it does not fit.
        mutating func text(_ string: String, size: Double, bold: Bool = false, indent: Double = 0, after: Double) {
            let layout = PangoText(string, fontSize: size, bold: bold, maxWidth: width - indent, for: cr)
            let height = layout.logicalBox.height
            if y + height > bottom { newPage() }
            setInk()
            layout.show(on: cr, x: margin + indent, y: y)
            y += height + after
        }

        mutating func table(header: [String], rows: [[String]]) {
            let padding = 3.0
            let widths = columnWidths(header: header, rows: rows, padding: padding)
            func cells(_ row: [String], bold: Bool) -> [PangoText] {
                zip(row, widths).map { PangoText($0, fontSize: tableSize, bold: bold, maxWidth: $1 - 2 * padding, for: cr) }
            }
            func height(_ texts: [PangoText]) -> Double { (texts.map(\.logicalBox.height).max() ?? tableSize) + 2 * padding }
            let head = cells(header, bold: true)
            drawRow(head, widths: widths, height: height(head), shaded: true, padding: padding)
            for row in rows {
                let texts = cells(row, bold: false), rowHeight = height(texts)
                if y + rowHeight > bottom {
                    newPage()
                    drawRow(cells(header, bold: true), widths: widths, height: height(head), shaded: true, padding: padding)
                }
                drawRow(texts, widths: widths, height: rowHeight, shaded: false, padding: padding)
            }
            y += 8
        }

        /// Each column's natural width (its widest cell, or its header's longest word: headers
        /// wrap first); when the table is wider than the page the widest columns are narrowed to a
        /// common width (their cells then wrap).
        func columnWidths(header: [String], rows: [[String]], padding: Double) -> [Double] {
            func measure(_ text: String, bold: Bool) -> Double { PangoText(text, fontSize: tableSize, bold: bold, for: cr).logicalBox.width }
            var natural = header.enumerated().map { column, title in
                let words = title.split(separator: " ").map { measure(String($0), bold: true) }.max() ?? 0
                return rows.map { column < $0.count ? measure($0[column], bold: false) : 0 }.reduce(words, max)
            }.map { $0 + 2 * padding + 1 }
            guard natural.reduce(0, +) > width else { return natural }
            let sorted = natural.sorted(by: >)
            var cap = width / Double(natural.count)
            for (index, candidate) in sorted.enumerated() {
                let narrowed = Double(index + 1) * candidate + sorted[(index + 1)...].reduce(0, +)
                if narrowed <= width {
                    cap = candidate + (width - narrowed) / Double(index + 1)
                    break
                }
            }
            natural = natural.map { min($0, cap) }
            return natural
        }

        mutating func drawRow(_ texts: [PangoText], widths: [Double], height: Double, shaded: Bool, padding: Double) {
            let rowWidth = widths.reduce(0, +)
            if y + height > bottom { newPage() }
            if shaded {
                MarkPainter.setSource(.chartShade, on: cr)
                cairo_rectangle(cr, margin, y, rowWidth, height)
                cairo_fill(cr)
            }
            setInk()
            var x = margin
            for (text, width) in zip(texts, widths) {
                text.show(on: cr, x: x + padding, y: y + padding)
                x += width
            }
            MarkPainter.setSource(.chartGrid, on: cr)
            cairo_set_line_width(cr, 0.5)
            cairo_move_to(cr, margin, y + height)
            cairo_line_to(cr, margin + rowWidth, y + height)
            cairo_stroke(cr)
            y += height
        }

        mutating func newPage() {
            finishPage()
            pageNumber += 1
            surface.beginPage(size: page)
            y = margin
        }

        /// The footer, then the end of the page.
        func finishPage() {
            let footer = PangoText("\(title) — page \(pageNumber)", fontSize: footerSize, for: cr)
            MarkPainter.setSource(.chartMuted, on: cr)
            footer.show(on: cr, x: (page.width - footer.logicalBox.width) / 2, y: page.height - margin / 2 - footerSize)
            surface.endPage()
        }

        func setInk() { MarkPainter.setSource(.ink, on: cr) }
    }
}
