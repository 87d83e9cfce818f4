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

    /// Re-measures a page in a /UserUnit of `unit` points without changing how it looks: its boxes
    /// and content are scaled by 1 / `unit` into the new units, in place.
    public static func setUserUnit(_ path: String, page: Int, unit: Double) {
        withQPDF(path, save: true) { q in
            let object = qpdf_get_page_n(q, page)
            for key in ["/MediaBox", "/CropBox"] {
                let box = qpdf_oh_get_key(q, object, key)
                guard qpdf_oh_is_array(q, box) != 0 else { continue }
                let scaled = qpdf_oh_new_array(q)
                for index in 0..<qpdf_oh_get_array_n_items(q, box) {
                    let value = qpdf_oh_get_numeric_value(q, qpdf_oh_get_array_item(q, box, index)) / unit
                    qpdf_oh_append_item(q, scaled, qpdf_oh_new_real_from_double(q, value, 6))
                }
                qpdf_oh_replace_key(q, object, key, scaled)
            }
            let contents = qpdf_oh_new_array(q)
            qpdf_oh_append_item(q, contents, newStream(q, "q \(1 / unit) 0 0 \(1 / unit) 0 0 cm\n"))
            let original = qpdf_oh_get_key(q, object, "/Contents")
            if qpdf_oh_is_array(q, original) != 0 {
                for index in 0..<qpdf_oh_get_array_n_items(q, original) { qpdf_oh_append_item(q, contents, qpdf_oh_get_array_item(q, original, index)) }
            } else {
                qpdf_oh_append_item(q, contents, original)
            }
            qpdf_oh_append_item(q, contents, newStream(q, "\nQ\n"))
            qpdf_oh_replace_key(q, object, "/Contents", contents)
            qpdf_oh_replace_key(q, object, "/UserUnit", qpdf_oh_new_real_from_double(q, unit, 6))
        }
    }

    /// Adds a filled-in text field to a page, in place: a widget over `rect` (`[x0 y0 x1 y1]` in
    /// default user space) whose appearance is an opaque fill of `rgb` (0…1 each), with annotation
    /// flags `flags` (4: print), listed in the document's /AcroForm. With `state`, a check box in
    /// that state (/AS), whose appearances are chosen by state: the fill for `state`, none for /Off.
    public static func addFilledField(_ path: String, page: Int, rect: [Double], rgb: (Double, Double, Double), flags: Int = 4,
                                      state: String? = nil) {
        withQPDF(path, save: true) { q in
            let (width, height) = (rect[2] - rect[0], rect[3] - rect[1])
            let appearance = newStream(q, "\(rgb.0) \(rgb.1) \(rgb.2) rg 0 0 \(width) \(height) re f\n")
            let appearanceDictionary = qpdf_oh_get_dict(q, appearance)
            qpdf_oh_replace_key(q, appearanceDictionary, "/Type", qpdf_oh_new_name(q, "/XObject"))
            qpdf_oh_replace_key(q, appearanceDictionary, "/Subtype", qpdf_oh_new_name(q, "/Form"))
            qpdf_oh_replace_key(q, appearanceDictionary, "/BBox", numbers(q, [0, 0, width, height]))
            let widget = qpdf_oh_new_dictionary(q)
            qpdf_oh_replace_key(q, widget, "/Type", qpdf_oh_new_name(q, "/Annot"))
            qpdf_oh_replace_key(q, widget, "/Subtype", qpdf_oh_new_name(q, "/Widget"))
            qpdf_oh_replace_key(q, widget, "/FT", qpdf_oh_new_name(q, state == nil ? "/Tx" : "/Btn"))
            qpdf_oh_replace_key(q, widget, "/T", qpdf_oh_new_unicode_string(q, "field\(page)"))
            qpdf_oh_replace_key(q, widget, "/V", qpdf_oh_new_unicode_string(q, "filled in"))
            qpdf_oh_replace_key(q, widget, "/F", qpdf_oh_new_integer(q, Int64(flags)))
            qpdf_oh_replace_key(q, widget, "/Rect", numbers(q, rect))
            let appearances = qpdf_oh_new_dictionary(q)
            if let state {
                let states = qpdf_oh_new_dictionary(q)
                qpdf_oh_replace_key(q, states, state, appearance)
                qpdf_oh_replace_key(q, states, "/Off", newStream(q, ""))
                qpdf_oh_replace_key(q, appearances, "/N", states)
                qpdf_oh_replace_key(q, widget, "/AS", qpdf_oh_new_name(q, state))
            } else {
                qpdf_oh_replace_key(q, appearances, "/N", appearance)
            }
            qpdf_oh_replace_key(q, widget, "/AP", appearances)
            let field = qpdf_make_indirect_object(q, widget)
            let pageObject = qpdf_get_page_n(q, page)
            var annots = qpdf_oh_get_key(q, pageObject, "/Annots")
            if qpdf_oh_is_array(q, annots) == 0 {
                annots = qpdf_oh_new_array(q)
                qpdf_oh_replace_key(q, pageObject, "/Annots", annots)
            }
            qpdf_oh_append_item(q, annots, field)
            let form = qpdf_oh_new_dictionary(q), fields = qpdf_oh_new_array(q)
            qpdf_oh_append_item(q, fields, field)
            qpdf_oh_replace_key(q, form, "/Fields", fields)
            qpdf_oh_replace_key(q, qpdf_get_root(q), "/AcroForm", form)
        }
    }

    /// For every page, the /Subtype of each of its annotations ("/Widget", "/Text", …).
    public static func annotationSubtypes(_ path: String) -> [[String]] {
        withQPDF(path) { q in
            (0..<qpdf_get_num_pages(q)).map { index in
                let annots = qpdf_oh_get_key(q, qpdf_get_page_n(q, Int(index)), "/Annots")
                guard qpdf_oh_is_array(q, annots) != 0 else { return [] }
                return (0..<Int(qpdf_oh_get_array_n_items(q, annots))).map { item in
                    String(cString: qpdf_oh_get_name(q, qpdf_oh_get_key(q, qpdf_oh_get_array_item(q, annots, Int32(item)), "/Subtype")))
                }
            }
        }
    }

    private static func newStream(_ q: qpdf_data, _ text: String) -> qpdf_oh {
        let stream = qpdf_oh_new_stream(q)
        let bytes = Array(text.utf8)
        qpdf_oh_replace_stream_data(q, stream, bytes, bytes.count, qpdf_oh_new_null(q), qpdf_oh_new_null(q))
        return stream
    }

    private static func numbers(_ q: qpdf_data, _ values: [Double]) -> qpdf_oh {
        let array = qpdf_oh_new_array(q)
        for value in values { qpdf_oh_append_item(q, array, qpdf_oh_new_real_from_double(q, value, 4)) }
        return array
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
