import Foundation
internal import CQPDF

/// Reads a PDF's objects through qpdf, independently of the code under test's own reading path.
public enum PDFObjects {
    /// For every page, the raw (still encoded) bytes of each image XObject it draws, in
    /// resource-name order: a scanned page's JPEG exactly as stored.
    public static func pageImages(_ path: String) -> [[Data]] {
        withQPDF(path) { q in
            (0..<qpdf_get_num_pages(q)).map { index in
                let page = qpdf_get_page_n(q, Int(index))
                let xobjects = qpdf_oh_get_key(q, qpdf_oh_get_key(q, page, "/Resources"), "/XObject")
                var names: [String] = []
                qpdf_oh_begin_dict_key_iter(q, xobjects)
                while qpdf_oh_dict_more_keys(q) != 0 { names.append(String(cString: qpdf_oh_dict_next_key(q))) }
                return names.sorted().compactMap { name -> Data? in
                    let stream = qpdf_oh_get_key(q, xobjects, name)
                    guard qpdf_oh_is_name_and_equals(q, qpdf_oh_get_key(q, qpdf_oh_get_dict(q, stream), "/Subtype"), "/Image") != 0 else { return nil }
                    var buffer: UnsafeMutablePointer<UInt8>?
                    var length = 0
                    var filtered: QPDF_BOOL = 0
                    guard qpdf_oh_get_stream_data(q, stream, qpdf_dl_none, &filtered, &buffer, &length) == 0, let buffer else { return nil }
                    defer { free(buffer) }
                    return Data(bytes: buffer, count: length)
                }
            }
        }
    }

    /// Sets a page's box (`/CropBox`, `/MediaBox`) to `[x0 y0 x1 y1]` in place.
    public static func setBox(_ path: String, page: Int, key: String, to box: [Double]) {
        withQPDF(path, save: true) { q in
            let array = qpdf_oh_new_array(q)
            for value in box { qpdf_oh_append_item(q, array, qpdf_oh_new_real_from_double(q, value, 2)) }
            qpdf_oh_replace_key(q, qpdf_get_page_n(q, page), key, array)
        }
    }

    /// Adds a sticky-note (/Text) annotation with `contents` to a page, in place.
    public static func addTextAnnotation(_ path: String, page: Int, contents: String) {
        withQPDF(path, save: true) { q in
            let annotation = qpdf_oh_new_dictionary(q)
            qpdf_oh_replace_key(q, annotation, "/Type", qpdf_oh_new_name(q, "/Annot"))
            qpdf_oh_replace_key(q, annotation, "/Subtype", qpdf_oh_new_name(q, "/Text"))
            qpdf_oh_replace_key(q, annotation, "/Contents", qpdf_oh_new_unicode_string(q, contents))
            let rect = qpdf_oh_new_array(q)
            for value in [100, 100, 120, 120] { qpdf_oh_append_item(q, rect, qpdf_oh_new_integer(q, Int64(value))) }
            qpdf_oh_replace_key(q, annotation, "/Rect", rect)
            let annots = qpdf_oh_new_array(q)
            qpdf_oh_append_item(q, annots, qpdf_make_indirect_object(q, annotation))
            qpdf_oh_replace_key(q, qpdf_get_page_n(q, page), "/Annots", annots)
        }
    }

    /// For every page, the /Contents of its annotations.
    public static func annotationContents(_ path: String) -> [[String]] {
        withQPDF(path) { q in
            (0..<qpdf_get_num_pages(q)).map { index in
                let annots = qpdf_oh_get_key(q, qpdf_get_page_n(q, Int(index)), "/Annots")
                return (0..<max(0, Int(qpdf_oh_get_array_n_items(q, annots)))).map { item in
                    String(cString: qpdf_oh_get_utf8_value(q, qpdf_oh_get_key(q, qpdf_oh_get_array_item(q, annots, Int32(item)), "/Contents")))
                }
            }
        }
    }

    private static func withQPDF<T>(_ path: String, save: Bool = false, _ body: (qpdf_data) -> T) -> T {
        var q: qpdf_data? = qpdf_init()
        defer { qpdf_cleanup(&q) }
        precondition(qpdf_read(q, path, nil) & QPDF_ERRORS == 0, "qpdf cannot read \(path)")
        let result = body(q!)
        if save {
            let temporary = path + ".tmp"
            // qpdf keeps the file name pointer until qpdf_write, so it must outlive both calls.
            temporary.withCString { name in
                precondition(qpdf_init_write(q, name) & QPDF_ERRORS == 0 && qpdf_write(q) & QPDF_ERRORS == 0)
            }
            precondition(rename(temporary, path) == 0)
        }
        return result
    }
}
