import Foundation
internal import CQPDF

/// Owns one `qpdf_data` (`qpdf_init` … `qpdf_cleanup`) and turns qpdf's error state into Swift
/// errors. qpdf's own stderr output is silenced: every error reaches the caller as a value.
final class QPDFHandle {
    let data: qpdf_data
    /// The file this handle reads or writes, for messages.
    let path: String

    /// An empty PDF to build an output in.
    init(emptyFor path: String) throws(AssemblyError) {
        data = qpdf_init()
        self.path = path
        qpdf_silence_errors(data)
        qpdf_set_suppress_warnings(data, QPDF_TRUE)
        if qpdf_empty_pdf(data) & QPDF_ERRORS != 0 { throw .writeFailed(path: path, detail: lastError) }
    }

    /// Reads `path`; qpdf repairs damaged cross-reference tables on its own (warnings are ignored).
    init(reading path: String, password: String?) throws(AssemblyError) {
        data = qpdf_init()
        self.path = path
        qpdf_silence_errors(data)
        qpdf_set_suppress_warnings(data, QPDF_TRUE)
        if qpdf_read(data, path, password) & QPDF_ERRORS != 0 {
            throw .readFailed(path: path, detail: lastError)
        }
    }

    deinit {
        var owned: qpdf_data? = data
        qpdf_cleanup(&owned)
    }

    /// qpdf's text for the most recent error.
    var lastError: String {
        guard qpdf_has_error(data) != 0, let error = qpdf_get_error(data),
              let text = qpdf_get_error_message_detail(data, error)
        else { return "unknown qpdf error" }
        return String(cString: text)
    }

    /// Throws when the last object-handle call failed (those calls report no status of their own).
    func check(_ failure: (String) -> AssemblyError) throws(AssemblyError) {
        if qpdf_has_error(data) != 0 { throw failure(lastError) }
    }

    var pageCount: Int { Int(qpdf_get_num_pages(data)) }
}
