import GraderCore
internal import CPoppler

/// One page of a `PDFDocument`; keeps its document alive.
public final class PDFPage {
    let handle: OpaquePointer
    let document: PDFDocument
    /// Points per unit of the page's user space (/UserUnit; 1 on almost every page). poppler works
    /// in user-space units throughout; this page's sizes and renders are scaled by it into points.
    var userUnit: Double { document.userUnit(ofPage: index) }
    /// The page's index in its document, 0-based.
    let index: Int

    init(handle: OpaquePointer, document: PDFDocument, index: Int) {
        self.handle = handle
        self.document = document
        self.index = index
    }

    deinit { g_object_unref(UnsafeMutableRawPointer(handle)) }

    /// The size as displayed, in points: poppler applies the crop box and swaps sides for /Rotate 90
    /// and 270; a page in a /UserUnit other than the point is measured in points all the same, so
    /// positions and sizes mean the same length on every page.
    public var size: PageSize {
        var width = 0.0, height = 0.0
        poppler_page_get_size(handle, &width, &height)
        return PageSize(width: width * userUnit, height: height * userUnit)
    }

    /// The page label a viewer shows (from /PageLabels), or nil when the document has none.
    public var label: String? { takeGString(poppler_page_get_label(handle)) }

    /// The page's text, in reading order, as poppler extracts it.
    public var text: String { takeGString(poppler_page_get_text(handle)) ?? "" }
}
