internal import CQPDF

/// A PDF page box (/MediaBox, /CropBox) in default user space units, corners ordered.
struct PageBox {
    let x0, y0, x1, y1: Double

    /// A box from `[a b c d]`, whichever corners the array names (PDF allows either pair).
    init(_ a: Double, _ b: Double, _ c: Double, _ d: Double) {
        x0 = min(a, c)
        y0 = min(b, d)
        x1 = max(a, c)
        y1 = max(b, d)
    }

    /// The box an array of four numbers names (`/MediaBox`, an annotation's `/Rect`, a form's
    /// `/BBox`), or nil when `array` is not one.
    init?(_ array: qpdf_oh, in q: qpdf_data) {
        guard qpdf_oh_is_array(q, array) != 0, qpdf_oh_get_array_n_items(q, array) == 4 else { return nil }
        let items = (0..<4).map { qpdf_oh_get_array_item(q, array, $0) }
        guard items.allSatisfy({ qpdf_oh_is_number(q, $0) != 0 }) else { return nil }
        let values = items.map { qpdf_oh_get_numeric_value(q, $0) }
        guard values.allSatisfy(\.isFinite) else { return nil }
        self.init(values[0], values[1], values[2], values[3])
    }

    var width: Double { x1 - x0 }
    var height: Double { y1 - y0 }

    /// The part of this box inside `other`, as viewers show a crop box clipped to the media box;
    /// `other` itself when they do not overlap.
    func clipped(to other: PageBox) -> PageBox {
        let left = max(x0, other.x0), bottom = max(y0, other.y0), right = min(x1, other.x1), top = min(y1, other.y1)
        return left < right && bottom < top ? PageBox(left, bottom, right, top) : other
    }
}
