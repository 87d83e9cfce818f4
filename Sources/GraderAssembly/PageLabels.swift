internal import CQPDF

/// The catalog's /PageLabels number tree, with one literal label (/P prefix, no numbering style)
/// per page, so viewers show e.g. "Anna — p. 2" instead of a page number.
enum PageLabels {
    static func install(_ labels: [String], in output: QPDFHandle) throws(AssemblyError) {
        let q = output.data
        let numbers = qpdf_oh_new_array(q)
        for (index, label) in labels.enumerated() {
            let entry = qpdf_oh_new_dictionary(q)
            qpdf_oh_replace_key(q, entry, "/P", qpdf_oh_new_unicode_string(q, label))
            qpdf_oh_append_item(q, numbers, qpdf_oh_new_integer(q, Int64(index)))
            qpdf_oh_append_item(q, numbers, entry)
        }
        let tree = qpdf_oh_new_dictionary(q)
        qpdf_oh_replace_key(q, tree, "/Nums", numbers)
        qpdf_oh_replace_key(q, qpdf_get_root(q), "/PageLabels", qpdf_make_indirect_object(q, tree))
        try output.check { .writeFailed(path: output.path, detail: $0) }
    }
}
