import Foundation
internal import CCairo
internal import CPoppler

/// Poppler's process-wide set-up, done once before the first document is opened: its global
/// parameters (font tables) are made with the first document and thrown away with the last, and
/// its cairo output's FreeType library is a static that two threads opening their first documents
/// at once both initialise. A small document opened here — and kept open, so that set-up is never
/// torn down and made again between renders — has done all of it before any other thread can.
public enum PopplerSetUp {
    /// Does the set-up (the first call; the others return at once).
    public static func once() { _ = pinned }

    /// The set-up's document and page, rendered once, held for the life of the process.
    private static let pinned: Pinned? = {
        let pdf = minimalPDF()
        let bytes = pdf.withUnsafeBytes { g_bytes_new($0.baseAddress, gsize($0.count)) }
        defer { g_bytes_unref(bytes) }
        var error: UnsafeMutablePointer<GError>?
        guard let document = poppler_document_new_from_bytes(bytes, nil, &error) else {
            _ = GLibError.take(error)
            return nil
        }
        if let page = poppler_document_get_page(document, 0) {
            let surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, 8, 8)
            let context = cairo_create(surface)
            poppler_page_render(page, context)
            cairo_destroy(context)
            cairo_surface_destroy(surface)
            g_object_unref(UnsafeMutableRawPointer(page))
        }
        return Pinned(document: document)
    }()

    /// The open document (never freed).
    private final class Pinned: @unchecked Sendable {
        let document: OpaquePointer
        init(document: OpaquePointer) { self.document = document }
    }

    /// A one-page PDF with a correct cross-reference table (so poppler repairs nothing and prints nothing).
    private static func minimalPDF() -> [UInt8] {
        let objects = [
            "<< /Type /Catalog /Pages 2 0 R >>",
            "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
            "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 72 72] /Contents 4 0 R >>",
            "<< /Length 23 >>\nstream\n0 0 1 rg 8 8 20 20 re f\nendstream",
        ]
        var text = "%PDF-1.4\n"
        var offsets: [Int] = []
        for (index, object) in objects.enumerated() {
            offsets.append(text.utf8.count)
            text += "\(index + 1) 0 obj\n\(object)\nendobj\n"
        }
        let xref = text.utf8.count
        text += "xref\n0 \(objects.count + 1)\n0000000000 65535 f \n"
        text += offsets.map { String(format: "%010d 00000 n \n", $0) }.joined()
        text += "trailer\n<< /Size \(objects.count + 1) /Root 1 0 R >>\nstartxref\n\(xref)\n%%EOF\n"
        return Array(text.utf8)
    }
}
