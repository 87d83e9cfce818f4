import Foundation
internal import CQPDF

/// Whether page assembly will be able to copy a PDF's pages, asked when a scan comes in rather
/// than at export time, after the grading; and what qpdf reads that poppler does not (/UserUnit).
public enum AssemblyCheck {
    /// What qpdf finds in a PDF's page tree.
    public struct Summary: Sendable, Equatable {
        /// The number of pages.
        public let pageCount: Int
        /// Each page's /UserUnit: how many points one unit of its user space measures (1 unless the
        /// page says otherwise; a value that is not a positive, finite number counts as 1, as in
        /// viewers). poppler ignores /UserUnit, so the PDF layer scales its sizes and renders by it.
        public let userUnits: [Double]
    }

    /// Reads `path` with qpdf and walks its page tree (loops refused); throws `readFailed` with
    /// qpdf's text when qpdf cannot read the file or its pages.
    public static func summary(ofPDFAt path: String, password: String?) throws(AssemblyError) -> Summary {
        let source = try QPDFHandle(reading: path, password: password)
        let count = source.pageCount
        try source.check { .readFailed(path: path, detail: $0) }
        guard count >= 0 else { throw .readFailed(path: path, detail: "its page tree cannot be read") }
        let q = source.data
        let units = (0..<count).map { index in
            let unit = qpdf_oh_get_key(q, qpdf_get_page_n(q, index), "/UserUnit")
            let value = qpdf_oh_is_number(q, unit) != 0 ? qpdf_oh_get_numeric_value(q, unit) : 1
            return value > 0 && value.isFinite ? value : 1
        }
        try source.check { .readFailed(path: path, detail: $0) }
        return Summary(pageCount: count, userUnits: units)
    }
}
