internal import CQPDF

/// Lays grade-layer pages over output pages at the object level, like `qpdf --overlay`. A layer page
/// becomes one Form XObject however many pages show it (its fonts are copied once per layer file), and
/// is drawn after the page's own content streams, which stay untouched, as do its images and annotations.
final class PageOverlayer {
    /// Resource name of the layer on a page (a number is added if the page already uses it).
    static let resourceName = "/EzGraderLayer"
    /// Resource name of a form widget's appearance drawn into a page's content (numbered likewise).
    static let widgetName = "/EzGraderWidget"

    private let output: QPDFHandle
    private let sources: [QPDFHandle]
    private var forms: [MergePlan.Overlay: (form: qpdf_oh, box: PageBox)] = [:]
    private var streams: [String: qpdf_oh] = [:]

    /// Lays pages of `sources` (the plan's sources, read) over pages of `output`.
    init(output: QPDFHandle, sources: [QPDFHandle]) {
        self.output = output
        self.sources = sources
    }

    /// Draws `overlay` over `page` of the output, mapping its upright page onto the page as displayed.
    /// The form widgets a viewer shows on the page are drawn into its content first, under the layer
    /// (`WidgetAppearances`); a page without any is changed only by the layer.
    func lay(_ overlay: MergePlan.Overlay, over page: qpdf_oh) throws(AssemblyError) {
        let q = output.data
        let layer = try form(for: overlay)
        let rotate = rotation(of: page)
        var widgets = ""
        for widget in WidgetAppearances.take(from: page, turned: rotate % 90 == 0 && rotate % 360 != 0, in: q) {
            widgets += "q \(widget.placement.operands) cm \(addToResources(widget.form, of: page, named: Self.widgetName)) Do Q\n"
        }
        let name = addToResources(layer.form, of: page, named: Self.resourceName)
        let transform = DisplayTransform(placing: layer.box, onto: visibleBox(of: page), rotate: rotate)
        // The page's own content runs inside q … Q, so a graphics state it leaves behind cannot move the layer.
        let contents = qpdf_oh_new_array(q)
        qpdf_oh_append_item(q, contents, stream("q\n"))
        let original = qpdf_oh_get_key(q, page, "/Contents")
        if qpdf_oh_is_stream(q, original) != 0 {
            qpdf_oh_append_item(q, contents, original)
        } else if qpdf_oh_is_array(q, original) != 0 {
            for index in 0..<qpdf_oh_get_array_n_items(q, original) {
                qpdf_oh_append_item(q, contents, qpdf_oh_get_array_item(q, original, index))
            }
        }
        qpdf_oh_append_item(q, contents, stream("\nQ\n\(widgets)q \(transform.operands) cm \(name) Do Q\n"))
        qpdf_oh_replace_key(q, page, "/Contents", contents)
        try output.check { .writeFailed(path: output.path, detail: $0) }
    }

    /// The Form XObject of a layer page, made on first use: the page's content stream, copied with its
    /// resources (qpdf copies an object of a given file only once per output), relabelled as a form.
    private func form(for overlay: MergePlan.Overlay) throws(AssemblyError) -> (form: qpdf_oh, box: PageBox) {
        if let made = forms[overlay] { return made }
        guard sources.indices.contains(overlay.source) else { throw .badPlan("no overlay source \(overlay.source)") }
        let layer = sources[overlay.source]
        guard overlay.pageIndex >= 0 && overlay.pageIndex < layer.pageCount else {
            throw .badPlan("overlay '\(layer.path)' has no page \(overlay.pageIndex + 1)")
        }
        let q = output.data
        let foreignPage = qpdf_get_page_n(layer.data, overlay.pageIndex)
        try layer.check { .readFailed(path: layer.path, detail: $0) }
        // Copying a page object leaves its /Parent behind: the copy stays outside the output's page tree.
        let page = qpdf_oh_copy_foreign_object(q, layer.data, foreignPage)
        try output.check { .readFailed(path: layer.path, detail: $0) }
        let content = qpdf_oh_get_key(q, page, "/Contents")
        guard qpdf_oh_is_stream(q, content) != 0 else {
            throw .badPlan("page \(overlay.pageIndex + 1) of '\(layer.path)' is not a grade layer page (one content stream)")
        }
        let dictionary = qpdf_oh_get_dict(q, content)
        qpdf_oh_replace_key(q, dictionary, "/Type", qpdf_oh_new_name(q, "/XObject"))
        qpdf_oh_replace_key(q, dictionary, "/Subtype", qpdf_oh_new_name(q, "/Form"))
        qpdf_oh_replace_key(q, dictionary, "/BBox", qpdf_oh_get_key(q, page, "/MediaBox"))
        let resources = qpdf_oh_get_key(q, page, "/Resources")
        qpdf_oh_replace_key(
            q, dictionary, "/Resources",
            qpdf_oh_is_dictionary(q, resources) != 0 ? resources : qpdf_oh_new_dictionary(q))
        try output.check { .readFailed(path: layer.path, detail: $0) }
        let made = (form: content, box: mediaBox(of: page))
        forms[overlay] = made
        return made
    }

    /// Gives `page` a resource dictionary of its own that also names `form`, as `base` or, when the page
    /// already uses that, `base` with a number; returns the name. Dictionaries the page shares with other
    /// pages (or that qpdf shares between copies of one page) are not changed.
    private func addToResources(_ form: qpdf_oh, of page: qpdf_oh, named base: String) -> String {
        let q = output.data
        let resources = qpdf_oh_get_key(q, page, "/Resources")
        let xobjects = qpdf_oh_get_key(q, resources, "/XObject")
        let newXObjects = copy(xobjects)
        var name = base
        var number = 1
        while qpdf_oh_has_key(q, newXObjects, name) != 0 {
            name = base + String(number)
            number += 1
        }
        qpdf_oh_replace_key(q, newXObjects, name, form)
        let newResources = copy(resources)
        qpdf_oh_replace_key(q, newResources, "/XObject", newXObjects)
        qpdf_oh_replace_key(q, page, "/Resources", newResources)
        return name
    }

    /// A new direct dictionary with the same entries as `dictionary` (empty when it is not one).
    private func copy(_ dictionary: qpdf_oh) -> qpdf_oh {
        let q = output.data
        let copy = qpdf_oh_new_dictionary(q)
        guard qpdf_oh_is_dictionary(q, dictionary) != 0 else { return copy }
        var keys: [String] = []
        qpdf_oh_begin_dict_key_iter(q, dictionary)
        while qpdf_oh_dict_more_keys(q) != 0 { keys.append(String(cString: qpdf_oh_dict_next_key(q))) }
        for key in keys { qpdf_oh_replace_key(q, copy, key, qpdf_oh_get_key(q, dictionary, key)) }
        return copy
    }

    /// An indirect stream holding `text`, shared by every page that needs the same bytes.
    private func stream(_ text: String) -> qpdf_oh {
        if let made = streams[text] { return made }
        let q = output.data
        let stream = qpdf_oh_new_stream(q)
        let bytes = Array(text.utf8)
        qpdf_oh_replace_stream_data(q, stream, bytes, bytes.count, qpdf_oh_new_null(q), qpdf_oh_new_null(q))
        streams[text] = stream
        return stream
    }

    /// The part of `page` a viewer shows: its crop box within its media box, as poppler clips it.
    private func visibleBox(of page: qpdf_oh) -> PageBox {
        let media = mediaBox(of: page)
        return box(page, "/CropBox")?.clipped(to: media) ?? media
    }

    /// The page's media box; US Letter when it has none, as poppler assumes.
    private func mediaBox(of page: qpdf_oh) -> PageBox {
        box(page, "/MediaBox") ?? PageBox(0, 0, 612, 792)
    }

    /// The box under `key`, or nil when it is missing or not four numbers.
    private func box(_ page: qpdf_oh, _ key: String) -> PageBox? {
        PageBox(qpdf_oh_get_key(output.data, page, key), in: output.data)
    }

    /// The page's /Rotate in degrees (qpdf has already moved an inherited value onto the page).
    private func rotation(of page: qpdf_oh) -> Int {
        let q = output.data
        let rotate = qpdf_oh_get_key(q, page, "/Rotate")
        return qpdf_oh_is_number(q, rotate) != 0 ? Int(qpdf_oh_get_numeric_value(q, rotate).rounded()) : 0
    }
}
