import GraderAssembly
import GraderPDF

/// A scan must be readable by both libraries: poppler (sizes, previews, bubbles) and qpdf (every
/// export copies its pages). Checked on the way in, so a scan that could never be exported is
/// refused by name before anyone grades it.
enum ScanCheck {
    /// Throws `damaged` naming the document's file when qpdf cannot read it or finds another page
    /// count than poppler. Pages in a /UserUnit other than the point are fine: the PDF layer measures
    /// them in points (`PDFPage.size`), and the grade layer is scaled back to their unit when laid over.
    static func copyable(_ document: PDFDocument) throws(PDFError) {
        let (path, pages) = (document.path, document.pageCount)
        let summary: AssemblyCheck.Summary
        do throws(AssemblyError) {
            summary = try document.assemblySummary()
        } catch {
            let detail = if case .readFailed(_, let detail) = error { detail } else { error.localizedDescription }
            throw .damaged(path: path, detail: "qpdf, which copies its pages into every export, cannot read it: \(detail)")
        }
        guard summary.pageCount == pages else {
            throw .damaged(path: path, detail: "its page tree is inconsistent: one reader finds \(pages) pages, another \(summary.pageCount)")
        }
    }
}
