/// The catalog's /PageLabels number tree, with one literal label (/P prefix, no numbering style)
/// per page, so viewers show e.g. "Anna — p. 2" instead of a page number.
enum PageLabels {
    /// Writes the tree into `output`; returns its number.
    static func write(_ labels: [String], into output: PDFFileWriter) -> Int {
        var body = Array("<< /Nums [".utf8)
        for (index, label) in labels.enumerated() {
            body += Array("\(index) << /P ".utf8) + PDFSyntax.text(label) + Array(" >> ".utf8)
        }
        let number = output.reserve()
        output.object(number, body + Array("] >>".utf8))
        return number
    }
}
