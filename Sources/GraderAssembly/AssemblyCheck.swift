import Foundation
internal import CQPDF

/// Whether page assembly will be able to copy a PDF's pages, asked when a scan comes in rather
/// than at export time, after the grading.
public enum AssemblyCheck {
    /// The number of pages qpdf finds in `path` (its page tree walked, loops refused); throws
    /// `readFailed` with qpdf's text when qpdf cannot read the file or its pages.
    public static func pageCount(ofPDFAt path: String, password: String?) throws(AssemblyError) -> Int {
        let source = try QPDFHandle(reading: path, password: password)
        let count = source.pageCount
        try source.check { .readFailed(path: path, detail: $0) }
        guard count >= 0 else { throw .readFailed(path: path, detail: "its page tree cannot be read") }
        return count
    }
}
