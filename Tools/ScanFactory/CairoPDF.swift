internal import CCairo
import Foundation

/// Scoped access to a cairo PDF surface and its drawing context.
///
/// The surface and context are destroyed exactly once when `body` returns or throws; on success the
/// surface is finished first and its status checked, so a failed write is reported, not ignored.
/// Creation and modification dates are fixed, which makes the output byte-for-byte reproducible.
enum CairoPDF {
    /// The date written into every PDF's /CreationDate and /ModDate.
    static let fixedDate = "2026-01-01T00:00:00Z"

    /// Writes a PDF to `url`, first page `width`×`height` points; `body` draws with the context.
    static func write(
        to url: URL, width: Double, height: Double, title: String,
        _ body: (_ cr: OpaquePointer, _ surface: OpaquePointer) throws -> Void
    ) throws {
        let path = url.path
        let context = "writing \(path)"
        do {
            try draw(path: path, width: width, height: height, title: title, context: context, body)
        } catch {
            // Cairo has already closed the file by now; do not leave half a PDF under the real name.
            try? FileManager.default.removeItem(atPath: path)
            throw error
        }
    }

    private static func draw(
        path: String, width: Double, height: Double, title: String, context: String,
        _ body: (_ cr: OpaquePointer, _ surface: OpaquePointer) throws -> Void
    ) throws {
        guard let surface = cairo_pdf_surface_create(path, width, height) else {
            throw ScanFactoryError(context: context, reason: "cairo_pdf_surface_create returned NULL")
        }
        defer { cairo_surface_destroy(surface) }
        try check(cairo_surface_status(surface), context)

        cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_CREATE_DATE, fixedDate)
        cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_MOD_DATE, fixedDate)
        cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_TITLE, title)
        cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_CREATOR, "ezgrader ScanFactory")

        guard let cr = cairo_create(surface) else {
            throw ScanFactoryError(context: context, reason: "cairo_create returned NULL")
        }
        defer { cairo_destroy(cr) }
        try check(cairo_status(cr), context)

        try body(cr, surface)

        try check(cairo_status(cr), context)
        cairo_surface_finish(surface)
        try check(cairo_surface_status(surface), context + " (finishing the PDF)")
    }

    /// Throws a `ScanFactoryError` carrying cairo's own message unless `status` is success.
    static func check(_ status: cairo_status_t, _ context: @autoclosure () -> String) throws {
        guard status != CAIRO_STATUS_SUCCESS else { return }
        let reason = cairo_status_to_string(status).map { String(cString: $0) } ?? "status \(status.rawValue)"
        throw ScanFactoryError(context: context(), reason: "cairo: \(reason)")
    }
}
