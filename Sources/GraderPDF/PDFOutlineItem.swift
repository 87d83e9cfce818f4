internal import CPoppler

/// An outline (bookmark) entry of a PDF.
public struct PDFOutlineItem: Equatable, Sendable {
    /// The entry's title.
    public let title: String
    /// The page it opens, 0-based, when its destination is a page.
    public let pageIndex: Int?
    /// Nested entries.
    public let children: [PDFOutlineItem]

    /// Reads the entries at `iterator`'s level and below.
    static func read(_ iterator: OpaquePointer) -> [PDFOutlineItem] {
        var items: [PDFOutlineItem] = []
        repeat {
            var title = "", pageIndex: Int?
            if let action = poppler_index_iter_get_action(iterator) {
                if action.pointee.type == POPPLER_ACTION_GOTO_DEST {
                    let goto = action.pointee.goto_dest
                    title = goto.title.map { String(cString: $0) } ?? ""
                    if let dest = goto.dest, dest.pointee.page_num > 0 { pageIndex = Int(dest.pointee.page_num) - 1 }
                }
                poppler_action_free(action)
            }
            var children: [PDFOutlineItem] = []
            if let child = poppler_index_iter_get_child(iterator) {
                children = read(child)
                poppler_index_iter_free(child)
            }
            items.append(PDFOutlineItem(title: title, pageIndex: pageIndex, children: children))
        } while poppler_index_iter_next(iterator) != 0
        return items
    }
}
