internal import CQPDF

/// The catalog's /Outlines tree: indirect item dictionaries linked by /Parent, /Prev, /Next,
/// /First and /Last, each opening its page with a /Fit destination.
enum Outline {
    static func install(_ entries: [MergePlan.OutlineEntry], pages: [qpdf_oh], in output: QPDFHandle) throws(AssemblyError) {
        let q = output.data
        let root = qpdf_make_indirect_object(q, qpdf_oh_new_dictionary(q))
        qpdf_oh_replace_key(q, root, "/Type", qpdf_oh_new_name(q, "/Outlines"))
        let visible = try link(entries, under: root, pages: pages, in: output)
        qpdf_oh_replace_key(q, root, "/Count", qpdf_oh_new_integer(q, Int64(visible)))
        qpdf_oh_replace_key(q, qpdf_get_root(q), "/Outlines", root)
        qpdf_oh_replace_key(q, qpdf_get_root(q), "/PageMode", qpdf_oh_new_name(q, "/UseOutlines"))
        try output.check { .writeFailed(path: output.path, detail: $0) }
    }

    /// Creates the items of one level under `parent`; returns how many items are visible
    /// (top level open, nested levels closed so a long class list stays readable).
    private static func link(_ entries: [MergePlan.OutlineEntry], under parent: qpdf_oh, pages: [qpdf_oh], in output: QPDFHandle) throws(AssemblyError) -> Int {
        let q = output.data
        let items = entries.map { _ in qpdf_make_indirect_object(q, qpdf_oh_new_dictionary(q)) }
        for (index, entry) in entries.enumerated() {
            guard pages.indices.contains(entry.pageIndex) else {
                throw .badPlan("outline entry '\(entry.title)' opens page \(entry.pageIndex + 1) of \(pages.count)")
            }
            let item = items[index]
            qpdf_oh_replace_key(q, item, "/Title", qpdf_oh_new_unicode_string(q, entry.title))
            qpdf_oh_replace_key(q, item, "/Parent", parent)
            let destination = qpdf_oh_new_array(q)
            qpdf_oh_append_item(q, destination, pages[entry.pageIndex])
            qpdf_oh_append_item(q, destination, qpdf_oh_new_name(q, "/Fit"))
            qpdf_oh_replace_key(q, item, "/Dest", destination)
            if index > 0 { qpdf_oh_replace_key(q, item, "/Prev", items[index - 1]) }
            if index + 1 < items.count { qpdf_oh_replace_key(q, item, "/Next", items[index + 1]) }
            if !entry.children.isEmpty {
                let hidden = try link(entry.children, under: item, pages: pages, in: output)
                qpdf_oh_replace_key(q, item, "/Count", qpdf_oh_new_integer(q, -Int64(hidden)))
            }
        }
        if let first = items.first, let last = items.last {
            qpdf_oh_replace_key(q, parent, "/First", first)
            qpdf_oh_replace_key(q, parent, "/Last", last)
        }
        return items.count
    }
}
