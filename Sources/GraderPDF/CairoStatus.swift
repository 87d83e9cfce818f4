internal import CCairo

/// Turns a cairo status into a `PDFError.drawingFailed` carrying cairo's own text.
enum CairoStatus {
    /// Throws unless `status` is `CAIRO_STATUS_SUCCESS`.
    static func check(_ status: cairo_status_t, path: String) throws(PDFError) {
        guard status != CAIRO_STATUS_SUCCESS else { return }
        let text = cairo_status_to_string(status).map { String(cString: $0) } ?? "status \(status.rawValue)"
        throw .drawingFailed(path: path, detail: "cairo: \(text)")
    }
}
