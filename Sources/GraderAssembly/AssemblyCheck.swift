import Foundation
internal import CQPDF

/// Whether page assembly will be able to copy a PDF's pages, asked when a scan comes in rather
/// than at export time, after the grading.
public enum AssemblyCheck {
    /// What qpdf finds in a PDF's page tree.
    public struct Summary: Sendable, Equatable {
        /// The number of pages.
        public let pageCount: Int
        /// 1-based numbers of the pages with a /UserUnit other than 1 (their user space is not in
        /// points; poppler ignores it, so positions and grade layers would be off by that factor).
        public let scaledPages: [Int]
    }

    /// Reads `path` with qpdf and walks its page tree (loops refused); throws `readFailed` with
    /// qpdf's text when qpdf cannot read the file or its pages.
    public static func summary(ofPDFAt path: String, password: String?) throws(AssemblyError) -> Summary {
        let source = try QPDFHandle(reading: path, password: password)
        let count = source.pageCount
        try source.check { .readFailed(path: path, detail: $0) }
        guard count >= 0 else { throw .readFailed(path: path, detail: "its page tree cannot be read") }
        let q = source.data
        var scaled: [Int] = []
        for index in 0..<count {
            let unit = qpdf_oh_get_key(q, qpdf_get_page_n(q, index), "/UserUnit")
            if qpdf_oh_is_number(q, unit) != 0 && qpdf_oh_get_numeric_value(q, unit) != 1 { scaled.append(index + 1) }
        }
        try source.check { .readFailed(path: path, detail: $0) }
        return Summary(pageCount: count, scaledPages: scaled)
    }
}
