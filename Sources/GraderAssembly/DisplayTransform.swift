import Foundation

/// The matrix (PDF `cm` operands `a b c d e f`) that lays an upright page over another page so that
/// it covers that page as a viewer displays it: the visible box (crop box within the media box),
/// turned clockwise by /Rotate. The upright page is stretched to the displayed size if it differs:
/// a grade layer is drawn in points, so on a page with a /UserUnit of u it is scaled by 1/u into
/// that page's units, and lands at its physical size.
struct DisplayTransform {
    let a, b, c, d, e, f: Double

    /// Maps `layer` (the upright page's box) onto `visible` (the covered page's crop box within its media
    /// box) shown turned by `rotate` degrees clockwise; a /Rotate that is not a multiple of 90 counts as 0,
    /// as in poppler.
    init(placing layer: PageBox, onto visible: PageBox, rotate: Int) {
        let quarterTurns = rotate % 90 == 0 ? (rotate / 90 % 4 + 4) % 4 : 0
        let (displayedWidth, displayedHeight) = quarterTurns % 2 == 0
            ? (visible.width, visible.height) : (visible.height, visible.width)
        let sx = displayedWidth / layer.width, sy = displayedHeight / layer.height
        // Where the displayed page's x and y axes (bottom-left origin, y up) point in the page's user space.
        let (ra, rb, rc, rd, re, rf): (Double, Double, Double, Double, Double, Double) = switch quarterTurns {
        case 1: (0, 1, -1, 0, visible.x1, visible.y0)
        case 2: (-1, 0, 0, -1, visible.x1, visible.y1)
        case 3: (0, -1, 1, 0, visible.x0, visible.y1)
        default: (1, 0, 0, 1, visible.x0, visible.y0)
        }
        a = ra * sx
        b = rb * sx
        c = rc * sy
        d = rd * sy
        e = re - a * layer.x0 - c * layer.y0
        f = rf - b * layer.x0 - d * layer.y0
    }

    /// The six operands as PDF numbers (never in exponent notation, which PDF does not allow).
    var operands: String {
        [a, b, c, d, e, f].map(Self.pdfNumber).joined(separator: " ")
    }

    private static func pdfNumber(_ value: Double) -> String {
        var text = String(format: "%.5f", value)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text == "-0" ? "0" : text
    }
}
