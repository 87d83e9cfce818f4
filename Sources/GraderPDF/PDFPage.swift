import GraderCore
internal import CPoppler

/// One page of a `PDFDocument`; keeps its document alive.
public final class PDFPage {
    let handle: OpaquePointer
    let document: PDFDocument

    init(handle: OpaquePointer, document: PDFDocument) {
        self.handle = handle
        self.document = document
    }

    deinit { g_object_unref(UnsafeMutableRawPointer(handle)) }

    /// The size as displayed: poppler applies the crop box and swaps sides for /Rotate 90 and 270.
    public var size: PageSize {
        var width = 0.0, height = 0.0
        poppler_page_get_size(handle, &width, &height)
        return PageSize(width: width, height: height)
    }

    /// The page label a viewer shows (from /PageLabels), or nil when the document has none.
    public var label: String? { takeGString(poppler_page_get_label(handle)) }

    /// The page's text, in reading order, as poppler extracts it.
    public var text: String { takeGString(poppler_page_get_text(handle)) ?? "" }
}
