internal import CQPDF

/// The form widgets (the fields of a filled-in PDF form) that a viewer shows on a page, to be drawn
/// into the page's content. Viewers paint annotations above the content, so a widget with an opaque
/// appearance would hide a grade layer laid over that content; drawn into the content instead, just
/// before the layer, it looks the same and stays under the layer. Only pages that have such widgets
/// change; every other annotation stays as it is. The widgets lose nothing by it: a copied page's
/// widgets are no longer fields of a form, since the document's /AcroForm is not copied with its pages.
enum WidgetAppearances {
    /// A widget's normal appearance (a Form XObject) and the matrix that draws it onto the widget's
    /// /Rect (PDF 32000-1 §12.5.5: the form's /BBox, through its /Matrix, fitted to the /Rect).
    struct Drawing {
        let form: qpdf_oh
        let placement: DisplayTransform
    }

    private static let hidden: Int64 = 1 << 1, noRotate: Int64 = 1 << 4, noView: Int64 = 1 << 5

    /// Takes the widgets a viewer shows off `page`'s /Annots and returns their drawings in /Annots
    /// order (the order viewers paint them). Widgets a viewer does not show (flag Hidden or NoView, no
    /// appearance for their state), and NoRotate widgets on a `turned` page (shown upright over a
    /// turned page), stay annotations. Without any widget to take, nothing changes.
    static func take(from page: qpdf_oh, turned: Bool, in q: qpdf_data) -> [Drawing] {
        let annots = qpdf_oh_get_key(q, page, "/Annots")
        guard qpdf_oh_is_array(q, annots) != 0 else { return [] }
        var kept: [qpdf_oh] = [], drawings: [Drawing] = []
        for index in 0..<qpdf_oh_get_array_n_items(q, annots) {
            let annotation = qpdf_oh_get_array_item(q, annots, index)
            if let drawing = drawing(of: annotation, turned: turned, q) { drawings.append(drawing) } else { kept.append(annotation) }
        }
        guard !drawings.isEmpty else { return [] }
        if kept.isEmpty {
            qpdf_oh_remove_key(q, page, "/Annots")
        } else {
            // A new array: the old one may be shared with the page's other copies.
            let remaining = qpdf_oh_new_array(q)
            for annotation in kept { qpdf_oh_append_item(q, remaining, annotation) }
            qpdf_oh_replace_key(q, page, "/Annots", remaining)
        }
        return drawings
    }

    /// The drawing of `annotation` when it is a widget a viewer shows with an appearance stream.
    private static func drawing(of annotation: qpdf_oh, turned: Bool, _ q: qpdf_data) -> Drawing? {
        guard qpdf_oh_is_name_and_equals(q, qpdf_oh_get_key(q, annotation, "/Subtype"), "/Widget") != 0 else { return nil }
        let flagsObject = qpdf_oh_get_key(q, annotation, "/F")
        let flags = qpdf_oh_is_integer(q, flagsObject) != 0 ? qpdf_oh_get_int_value(q, flagsObject) : 0
        guard flags & (hidden | noView) == 0, !(turned && flags & noRotate != 0) else { return nil }
        guard let form = normalAppearance(of: annotation, q) else { return nil }
        let dictionary = qpdf_oh_get_dict(q, form)
        guard let rect = PageBox(qpdf_oh_get_key(q, annotation, "/Rect"), in: q),
              let box = PageBox(qpdf_oh_get_key(q, dictionary, "/BBox"), in: q),
              let placed = transformed(box, by: qpdf_oh_get_key(q, dictionary, "/Matrix"), q),
              rect.width > 0, rect.height > 0, placed.width > 0, placed.height > 0
        else { return nil }
        // An appearance stream is a Form XObject; a producer that left out /Subtype would make `Do` fail.
        qpdf_oh_replace_key(q, dictionary, "/Type", qpdf_oh_new_name(q, "/XObject"))
        qpdf_oh_replace_key(q, dictionary, "/Subtype", qpdf_oh_new_name(q, "/Form"))
        return Drawing(form: form, placement: DisplayTransform(placing: placed, onto: rect, rotate: 0))
    }

    /// The /N appearance: the stream itself, or the one its /AS state names among several.
    private static func normalAppearance(of annotation: qpdf_oh, _ q: qpdf_data) -> qpdf_oh? {
        let normal = qpdf_oh_get_key(q, qpdf_oh_get_key(q, annotation, "/AP"), "/N")
        if qpdf_oh_is_stream(q, normal) != 0 { return normal }
        let state = qpdf_oh_get_key(q, annotation, "/AS")
        guard qpdf_oh_is_dictionary(q, normal) != 0, qpdf_oh_is_name(q, state) != 0, let name = qpdf_oh_get_name(q, state) else { return nil }
        let chosen = qpdf_oh_get_key(q, normal, name)
        return qpdf_oh_is_stream(q, chosen) != 0 ? chosen : nil
    }

    /// The bounds of `box` mapped through the form matrix `matrix` (the identity when absent); nil
    /// when `matrix` is present but not six finite numbers.
    private static func transformed(_ box: PageBox, by matrix: qpdf_oh, _ q: qpdf_data) -> PageBox? {
        guard qpdf_oh_is_array(q, matrix) != 0 else { return box }
        let items = (0..<qpdf_oh_get_array_n_items(q, matrix)).map { qpdf_oh_get_array_item(q, matrix, $0) }
        guard items.count == 6, items.allSatisfy({ qpdf_oh_is_number(q, $0) != 0 }) else { return nil }
        let m = items.map { qpdf_oh_get_numeric_value(q, $0) }
        guard m.allSatisfy(\.isFinite) else { return nil }
        let corners = [(box.x0, box.y0), (box.x1, box.y0), (box.x0, box.y1), (box.x1, box.y1)].map { x, y in
            (m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5])
        }
        let xs = corners.map(\.0), ys = corners.map(\.1)
        return PageBox(xs.min() ?? 0, ys.min() ?? 0, xs.max() ?? 0, ys.max() ?? 0)
    }
}
