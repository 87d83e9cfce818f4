internal import CCairo
import Foundation

/// Writes plain vector test PDFs: a label and a 20 pt square at a known place on each page.
enum VectorPDFWriter {
    /// Distance of the square's top-left corner from the page's top and left edges.
    static let squareInset = 72.0
    /// Side of the black square.
    static let squareSide = 20.0

    /// Writes one page per size after checking every size; see `ScanFactory.writeVectorPDF`.
    static func write(to url: URL, label: String, pageSizes: [(width: Double, height: Double)]) throws {
        let context = "writing vector PDF \(url.path)"
        guard let first = pageSizes.first else {
            throw ScanFactoryError(context: context, reason: "at least one page size is needed")
        }
        for (index, size) in pageSizes.enumerated()
        where !(size.width.isFinite && size.height.isFinite && size.width > 0 && size.height > 0
                && size.width <= 14_400 && size.height <= 14_400) {
            throw ScanFactoryError(
                context: context,
                reason: "page \(index + 1) has size \(size.width)×\(size.height) pt; each side must be 0 < side ≤ 14400")
        }

        try CairoPDF.write(to: url, width: first.width, height: first.height, title: label) { cr, surface in
            for (index, size) in pageSizes.enumerated() {
                cairo_pdf_surface_set_size(surface, size.width, size.height)
                cairo_set_source_rgb(cr, 0, 0, 0)
                CairoText.setFont(cr, size: 12)
                CairoText.show(cr, "\(label) p\(index + 1)", x: 18, y: 30)
                cairo_rectangle(cr, squareInset, squareInset, squareSide, squareSide)
                cairo_fill(cr)
                cairo_show_page(cr)
                try CairoPDF.check(cairo_status(cr), "\(context), page \(index + 1)")
            }
        }
    }
}
