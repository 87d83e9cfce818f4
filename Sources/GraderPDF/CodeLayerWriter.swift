internal import CCairo
import GraderCodes
import GraderCore

/// One page code to print: the symbol, its text for people, and (page 1 of a pre-assigned copy)
/// the student's name, on a page of `size` points.
public struct CodeLabel: Sendable, Equatable {
    /// The displayed size of the page it goes on.
    public let size: PageSize
    /// The QR symbol.
    public let matrix: QRMatrix
    /// Where the symbol's top-left corner goes (points from the page's top-left corner).
    public let at: PagePoint
    /// The symbol's side in points (its quiet zone is added around it).
    public let side: Double
    /// The code's text for people, printed under the symbol.
    public let text: String
    /// The student the copy is for, printed under the text; nil for none.
    public let name: String?

    /// Creates a label.
    public init(size: PageSize, matrix: QRMatrix, at: PagePoint, side: Double, text: String, name: String?) {
        self.size = size
        self.matrix = matrix
        self.at = at
        self.side = side
        self.text = text
        self.name = name
    }

    /// The white margin around a symbol of `side` points (two modules): part of its label.
    public static func quietZone(side: Double, matrix: QRMatrix) -> Double { 2 * side / Double(matrix.size) }
}

/// Draws page codes as vector PDF pages that hold only the codes (on a white backing), to be laid
/// over the exam's untouched pages by page assembly, as the grade layer is.
public enum CodeLayerWriter {
    /// Writes one page per label, atomically.
    public static func write(_ labels: [CodeLabel], to path: String) throws(PDFError) {
        try CairoPDFSurface.writeLayer(labels, named: "a code layer", to: path, size: \.size) { label, cr in draw(label, on: cr) }
    }

    private static func draw(_ label: CodeLabel, on cr: OpaquePointer) {
        typealias Placement = PageCodePlacement
        let module = label.side / Double(label.matrix.size), quiet = CodeLabel.quietZone(side: label.side, matrix: label.matrix)
        let text = fitted(label.text, fontSize: Placement.textFontSize, bold: false, lineHeight: Placement.textLineHeight, for: cr)
        let name = label.name.map { fitted($0, fontSize: Placement.nameFontSize, bold: true, lineHeight: Placement.nameLineHeight, for: cr) }
        let textTop = label.at.y + label.side + quiet
        let width = max(label.side + 2 * quiet, text.logicalBox.width, name?.logicalBox.width ?? 0)
        let right = label.at.x + label.side + quiet
        let height = label.side + 2 * quiet + Placement.textLineHeight + (name == nil ? 0 : Placement.nameLineHeight)
        cairo_set_source_rgb(cr, 1, 1, 1)
        cairo_rectangle(cr, right - width, label.at.y - quiet, width, height)
        cairo_fill(cr)
        cairo_set_source_rgb(cr, 0, 0, 0)
        for row in 0..<label.matrix.size {
            for column in 0..<label.matrix.size where label.matrix[column, row] {
                cairo_rectangle(cr, label.at.x + Double(column) * module, label.at.y + Double(row) * module, module, module)
            }
        }
        cairo_fill(cr)
        text.show(on: cr, x: right - text.logicalBox.width, y: textTop)
        if let name { name.show(on: cr, x: right - name.logicalBox.width, y: textTop + Placement.textLineHeight) }
    }

    /// `text` at `fontSize`, or smaller when that is wider than the label may be or taller than its line.
    private static func fitted(_ text: String, fontSize: Double, bold: Bool, lineHeight: Double, for cr: OpaquePointer) -> PangoText {
        let laid = PangoText(text, fontSize: fontSize, bold: bold, for: cr)
        let scale = min(PageCodePlacement.labelWidth / laid.logicalBox.width, lineHeight / laid.logicalBox.height)
        return scale < 1 ? PangoText(text, fontSize: fontSize * scale, bold: bold, for: cr) : laid
    }
}
