import Foundation
internal import CQPDF

/// Copies pages of one source PDF, read by qpdf, into a `PDFFileWriter`: each page with every
/// object it reaches (resources, images, fonts, annotations), numbered anew and written once
/// however many of the source's pages use it; streams keep their bytes as they are (never decoded).
/// A reference to a page not copied (yet), to the page tree or to the catalog becomes null, so a
/// page never drags the rest of its document along.
final class SourcePageCopier {
    private let source: QPDFHandle
    private let output: PDFFileWriter
    /// Output numbers of the source's objects written so far (key: `key(id, generation)`).
    private var numbers: [Int: Int] = [:]
    /// Objects numbered but not written yet: (output number, source id, generation).
    private var pending: [(number: Int, id: Int32, generation: Int32)] = []

    /// Copies from `source` (its inherited page attributes moved onto its pages) into `output`.
    init(source: QPDFHandle, into output: PDFFileWriter) throws(AssemblyError) {
        self.source = source
        self.output = output
        if qpdf_push_inherited_attributes_to_page(source.data) & QPDF_ERRORS != 0 {
            throw .readFailed(path: source.path, detail: source.lastError)
        }
    }

    /// Writes page `index` (0-based) as a kid of `parent`, turned by `turn` more degrees (a multiple
    /// of 90), with every object it reaches; returns the page's output number.
    func copyPage(_ index: Int, parent: Int, turn: Int) throws(AssemblyError) -> Int {
        let q = source.data
        guard index >= 0 && index < source.pageCount else {
            throw .readFailed(path: source.path, detail: "page \(index + 1) cannot be reached: qpdf finds \(source.pageCount) pages")
        }
        guard turn % 90 == 0 else { throw .badPlan("a page can only be turned by a multiple of 90°, not \(turn)°") }
        let page = qpdf_get_page_n(q, index)
        try source.check { .readFailed(path: source.path, detail: $0) }
        let key = Self.key(qpdf_oh_get_object_id(q, page), qpdf_oh_get_generation(q, page))
        let number = output.reserve()
        // While it is written, references to the page (an annotation's /P) lead to this copy; a page
        // picked twice keeps its first copy for the links of later pages.
        let earlier = numbers[key]
        numbers[key] = number
        var extra = "/Parent \(parent) 0 R"
        var skipped: Set<String> = ["/Parent"]
        if turn % 360 != 0 {
            let rotate = qpdf_oh_get_key(q, page, "/Rotate")
            let now = qpdf_oh_is_number(q, rotate) != 0 ? Int(qpdf_oh_get_numeric_value(q, rotate).rounded()) : 0
            extra += " /Rotate \(((now + turn) % 360 + 360) % 360)"
            skipped.insert("/Rotate")
        }
        var body: [UInt8] = []
        appendDictionary(page, to: &body, skipping: skipped, extra: extra)
        output.object(number, body)
        try writePending()
        numbers[key] = earlier ?? number
        // The handles of this page's objects are done with: freed before the next page.
        qpdf_oh_release_all(q)
        try source.check { .readFailed(path: source.path, detail: $0) }
        return number
    }

    /// Writes every object numbered but not yet written, and those they reach in turn.
    private func writePending() throws(AssemblyError) {
        let q = source.data
        while let next = pending.popLast() {
            let object = qpdf_get_object_by_id(q, next.id, next.generation)
            var body: [UInt8] = []
            guard qpdf_oh_get_type_code(q, object) == ot_stream else {
                appendDirect(object, to: &body)
                output.object(next.number, body)
                continue
            }
            var data: UnsafeMutablePointer<UInt8>?
            var length = 0
            if qpdf_oh_get_stream_data(q, object, qpdf_dl_none, nil, &data, &length) & QPDF_ERRORS != 0 {
                throw .readFailed(path: source.path, detail: source.lastError)
            }
            defer { free(data) }
            appendDictionary(qpdf_oh_get_dict(q, object), to: &body, skipping: ["/Length"], extra: "/Length \(length)")
            output.object(next.number, body, stream: UnsafeRawBufferPointer(start: data, count: length))
        }
    }

    /// Appends `value` in PDF syntax: a reference when it is an indirect object, else its content.
    private func append(_ value: qpdf_oh, to body: inout [UInt8]) {
        let q = source.data
        guard qpdf_oh_is_indirect(q, value) != 0 else { return appendDirect(value, to: &body) }
        let key = Self.key(qpdf_oh_get_object_id(q, value), qpdf_oh_get_generation(q, value))
        if let number = numbers[key] { return body += PDFSyntax.reference(number) }
        guard !isDocumentStructure(value) else { return body += Array("null".utf8) }
        let number = output.reserve()
        numbers[key] = number
        pending.append((number, qpdf_oh_get_object_id(q, value), qpdf_oh_get_generation(q, value)))
        body += PDFSyntax.reference(number)
    }

    /// Appends the content of `value` (arrays and dictionaries item by item, scalars as qpdf writes them).
    private func appendDirect(_ value: qpdf_oh, to body: inout [UInt8]) {
        let q = source.data
        switch qpdf_oh_get_type_code(q, value) {
        case ot_array:
            body.append(UInt8(ascii: "["))
            for index in 0..<qpdf_oh_get_array_n_items(q, value) {
                if index > 0 { body.append(UInt8(ascii: " ")) }
                append(qpdf_oh_get_array_item(q, value, index), to: &body)
            }
            body.append(UInt8(ascii: "]"))
        case ot_dictionary:
            appendDictionary(value, to: &body, skipping: [], extra: "")
        case ot_boolean, ot_integer, ot_real, ot_string, ot_name:
            guard let text = qpdf_oh_unparse(q, value) else { return body += Array("null".utf8) }
            body += UnsafeRawBufferPointer(start: text, count: strlen(text))
        default:
            body += Array("null".utf8)
        }
    }

    /// Appends `dictionary` without the keys in `skipped`, with `extra` (PDF syntax) before its end.
    private func appendDictionary(_ dictionary: qpdf_oh, to body: inout [UInt8], skipping skipped: Set<String>, extra: String) {
        let q = source.data
        // The key iterator is one per qpdf_data: the keys are read before any value is written.
        var keys: [String] = []
        qpdf_oh_begin_dict_key_iter(q, dictionary)
        while qpdf_oh_dict_more_keys(q) != 0 {
            if let key = qpdf_oh_dict_next_key(q) { keys.append(String(cString: key)) }
        }
        body += Array("<<".utf8)
        for key in keys where !skipped.contains(key) {
            body += PDFSyntax.name(key)
            body.append(UInt8(ascii: " "))
            append(qpdf_oh_get_key(q, dictionary, key), to: &body)
            body.append(UInt8(ascii: " "))
        }
        body += Array((extra + ">>").utf8)
    }

    /// True for a page, the page tree or the catalog: objects a copied page must not pull in.
    private func isDocumentStructure(_ value: qpdf_oh) -> Bool {
        let q = source.data
        guard qpdf_oh_get_type_code(q, value) == ot_dictionary else { return false }
        let type = qpdf_oh_get_key(q, value, "/Type")
        return qpdf_oh_is_name_and_equals(q, type, "/Page") != 0 || qpdf_oh_is_name_and_equals(q, type, "/Pages") != 0
            || qpdf_oh_is_name_and_equals(q, type, "/Catalog") != 0
    }

    private static func key(_ id: Int32, _ generation: Int32) -> Int { Int(id) << 16 | Int(generation & 0xFFFF) }
}
