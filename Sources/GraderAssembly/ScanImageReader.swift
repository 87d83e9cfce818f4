import Foundation
internal import CQPDF

/// The JPEG a scanner put on a page, as stored in the PDF (its bytes untouched).
public struct ScanJPEG: Sendable {
    /// The JPEG file's bytes.
    public let bytes: [UInt8]
    /// Its size in pixels, as the PDF declares it.
    public let width: Int, height: Int

    /// A JPEG of `width`×`height` pixels (a photo, say).
    public init(bytes: [UInt8], width: Int, height: Int) {
        (self.bytes, self.width, self.height) = (bytes, width, height)
    }
}

/// Finds scanned pages that are nothing but one JPEG covering the page, so a low-resolution view
/// of them can be decoded straight from the JPEG at a reduced scale (libjpeg's DCT scaling) rather
/// than decoded whole and drawn by poppler. Anything else — other content, a mask, a turned or
/// cropped page, another colour model — is left to poppler. One qpdf reading per document; not
/// thread-safe (use one reader per thread, like `PDFDocument`).
public final class ScanImageReader {
    private let source: QPDFHandle

    /// Reads `path` with qpdf; nil when qpdf cannot read it (poppler then draws every page).
    public init?(path: String, password: String?) {
        guard let source = try? QPDFHandle(reading: path, password: password) else { return nil }
        self.source = source
    }

    /// The JPEG of page `index` (0-based) when the page shows exactly that image over its whole
    /// media box, upright; nil otherwise.
    public func wholePageJPEG(page index: Int) -> ScanJPEG? {
        let q = source.data
        guard index >= 0, index < source.pageCount else { return nil }
        let page = qpdf_get_page_n(q, index)
        let found = scanImage(of: page)
        // A failed object call leaves qpdf's error set: taken here, it is simply "no such image".
        guard qpdf_has_error(q) == 0 else { _ = qpdf_get_error(q); return nil }
        return found
    }

    private func scanImage(of page: qpdf_oh) -> ScanJPEG? {
        let q = source.data
        let rotate = qpdf_oh_get_key(q, page, "/Rotate")
        guard qpdf_oh_is_null(q, rotate) != 0 || (qpdf_oh_is_integer(q, rotate) != 0 && qpdf_oh_get_int_value(q, rotate) % 360 == 0),
              qpdf_oh_is_null(q, qpdf_oh_get_key(q, page, "/UserUnit")) != 0,
              let media = PageBox(qpdf_oh_get_key(q, page, "/MediaBox"), in: q)
        else { return nil }
        if let crop = PageBox(qpdf_oh_get_key(q, page, "/CropBox"), in: q), !crop.matches(media) { return nil }
        guard let (name, drawn) = drawing(of: page), drawn.matches(media),
              let image = onlyImage(named: name, of: page)
        else { return nil }
        return jpeg(image)
    }

    /// The one image the page's content draws and where: a content of nothing but `q`/`Q`, `cm`
    /// (composed), a graphics state that changes no more than opacity 1 (`gs`), and one `Do`,
    /// whose matrix maps the image's unit square upright onto a box (no turn, no mirror).
    private func drawing(of page: qpdf_oh) -> (name: String, box: PageBox)? {
        let q = source.data
        var buffer: UnsafeMutablePointer<UInt8>?
        var length = 0
        guard qpdf_oh_get_page_content_data(q, page, &buffer, &length) & QPDF_ERRORS == 0, let buffer else { return nil }
        defer { free(buffer) }
        guard length < 1024 else { return nil }
        let text = String(decoding: UnsafeBufferPointer(start: buffer, count: length), as: UTF8.self)
        let tokens = text.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\r" || $0 == "\t" }).map(String.init)
        var matrix = [1.0, 0, 0, 1, 0, 0], saved: [[Double]] = [], operands: [String] = []
        var drawn: (name: String, matrix: [Double])?
        for token in tokens {
            switch token {
            case "q": saved.append(matrix)
            case "Q": guard let last = saved.popLast() else { return nil }; matrix = last
            case "cm":
                let m = operands.compactMap(Double.init)
                guard operands.count == 6, m.count == 6 else { return nil }
                // The new CTM is m × CTM.
                matrix = [m[0] * matrix[0] + m[1] * matrix[2], m[0] * matrix[1] + m[1] * matrix[3],
                          m[2] * matrix[0] + m[3] * matrix[2], m[2] * matrix[1] + m[3] * matrix[3],
                          m[4] * matrix[0] + m[5] * matrix[2] + matrix[4], m[4] * matrix[1] + m[5] * matrix[3] + matrix[5]]
            case "gs": guard operands.count == 1, isPlainOpacity(operands[0], of: page) else { return nil }
            case "Do":
                guard drawn == nil, operands.count == 1, operands[0].hasPrefix("/") else { return nil }
                drawn = (operands[0], matrix)
            default:
                guard Double(token) != nil || token.hasPrefix("/") else { return nil }
                operands.append(token)
                continue
            }
            operands = []
        }
        guard let drawn, operands.isEmpty else { return nil }
        let m = drawn.matrix
        guard m[1] == 0, m[2] == 0, m[0] > 0, m[3] > 0 else { return nil }
        return (drawn.name, PageBox(m[4], m[5], m[4] + m[0], m[5] + m[3]))
    }

    /// True when the page's graphics state `name` sets nothing but full opacity (as cairo writes).
    private func isPlainOpacity(_ name: String, of page: qpdf_oh) -> Bool {
        let q = source.data
        let state = qpdf_oh_get_key(q, qpdf_oh_get_key(q, qpdf_oh_get_key(q, page, "/Resources"), "/ExtGState"), name)
        guard qpdf_oh_is_dictionary(q, state) != 0 else { return false }
        var keys: [String] = []
        qpdf_oh_begin_dict_key_iter(q, state)
        while qpdf_oh_dict_more_keys(q) != 0 { if let key = qpdf_oh_dict_next_key(q) { keys.append(String(cString: key)) } }
        return keys.allSatisfy { key in
            let value = qpdf_oh_get_key(q, state, key)
            return ["/CA", "/ca"].contains(key) ? qpdf_oh_is_number(q, value) != 0 && qpdf_oh_get_numeric_value(q, value) == 1 : key == "/Type"
        }
    }

    /// The page's only XObject, when it is `name` and a plain JPEG image: 8 bits of grey or RGB,
    /// no mask, no decode array.
    private func onlyImage(named name: String, of page: qpdf_oh) -> qpdf_oh? {
        let q = source.data
        let objects = qpdf_oh_get_key(q, qpdf_oh_get_key(q, page, "/Resources"), "/XObject")
        guard qpdf_oh_is_dictionary(q, objects) != 0 else { return nil }
        var keys: [String] = []
        qpdf_oh_begin_dict_key_iter(q, objects)
        while qpdf_oh_dict_more_keys(q) != 0, keys.count < 2 {
            if let key = qpdf_oh_dict_next_key(q) { keys.append(String(cString: key)) }
        }
        guard keys == [name] else { return nil }
        let image = qpdf_oh_get_key(q, objects, name)
        guard qpdf_oh_is_stream(q, image) != 0 else { return nil }
        let dictionary = qpdf_oh_get_dict(q, image)
        let filter = qpdf_oh_get_key(q, dictionary, "/Filter")
        let isJPEG = qpdf_oh_is_name_and_equals(q, filter, "/DCTDecode") != 0
            || (qpdf_oh_get_array_n_items(q, filter) == 1 && qpdf_oh_is_name_and_equals(q, qpdf_oh_get_array_item(q, filter, 0), "/DCTDecode") != 0)
        let space = qpdf_oh_get_key(q, dictionary, "/ColorSpace")
        guard isJPEG,
              qpdf_oh_is_name_and_equals(q, qpdf_oh_get_key(q, dictionary, "/Subtype"), "/Image") != 0,
              qpdf_oh_get_int_value(q, qpdf_oh_get_key(q, dictionary, "/BitsPerComponent")) == 8,
              qpdf_oh_is_name_and_equals(q, space, "/DeviceGray") != 0 || qpdf_oh_is_name_and_equals(q, space, "/DeviceRGB") != 0,
              ["/Decode", "/SMask", "/Mask", "/ImageMask", "/DecodeParms"].allSatisfy({ (key: String) in qpdf_oh_has_key(q, dictionary, key) == 0 })
        else { return nil }
        return image
    }

    /// The image stream's raw (still JPEG-encoded) bytes and declared size.
    private func jpeg(_ image: qpdf_oh) -> ScanJPEG? {
        let q = source.data
        let dictionary = qpdf_oh_get_dict(q, image)
        let width = Int(qpdf_oh_get_int_value(q, qpdf_oh_get_key(q, dictionary, "/Width")))
        let height = Int(qpdf_oh_get_int_value(q, qpdf_oh_get_key(q, dictionary, "/Height")))
        var buffer: UnsafeMutablePointer<UInt8>?
        var length = 0
        guard width > 0, height > 0,
              qpdf_oh_get_stream_data(q, image, qpdf_dl_none, nil, &buffer, &length) & QPDF_ERRORS == 0, let buffer
        else { return nil }
        defer { free(buffer) }
        return ScanJPEG(bytes: Array(UnsafeBufferPointer(start: buffer, count: length)), width: width, height: height)
    }
}

private extension PageBox {
    /// The same box within a point.
    func matches(_ other: PageBox) -> Bool {
        abs(x0 - other.x0) <= 1 && abs(y0 - other.y0) <= 1 && abs(x1 - other.x1) <= 1 && abs(y1 - other.y1) <= 1
    }
}
