import Foundation
import GraderAssembly
internal import CPoppler

/// A PDF opened through poppler-glib. Not thread-safe: use one document per thread.
public final class PDFDocument {
    private let handle: OpaquePointer
    /// The path the document was opened from.
    public let path: String
    private let password: String?

    /// What qpdf reads in the file, read once on first use: page assembly's view of it, and each
    /// page's /UserUnit, which poppler ignores.
    private lazy var assembly: Result<AssemblyCheck.Summary, AssemblyError> = {
        do throws(AssemblyError) { return .success(try AssemblyCheck.summary(ofPDFAt: path, password: password)) }
        catch { return .failure(error) }
    }()

    /// Each page's /UserUnit (points per unit of its user space): poppler would measure and render
    /// such a page in its own units as if they were points. All 1 when qpdf cannot read the file
    /// (import refuses such a scan by name, from `assemblySummary()`).
    private var userUnits: [Double] { (try? assembly.get())?.userUnits ?? [] }

    /// Finds the pages that are one scanned JPEG each, read with qpdf on first use.
    private lazy var scanImages = ScanImageReader(path: path, password: password)

    /// The JPEG page `index` consists of, when it is nothing else (see `ScanImageReader`).
    func wholePageJPEG(page index: Int) -> ScanJPEG? { scanImages?.wholePageJPEG(page: index) }

    /// Opens the PDF at `path` (`poppler_document_new_from_file`). Files with a broken cross-reference
    /// table are repaired by poppler and open normally; a file with only owner restrictions opens
    /// without a password.
    public init(path: String, password: String? = nil) throws(PDFError) {
        PopplerSetUp.once()
        try Self.checkLooksLikePDF(path)
        var error: UnsafeMutablePointer<GError>?
        guard let uri = takeGString(g_filename_to_uri(path.absolutePath, nil, &error)) else {
            throw .unreadable(path: path, reason: GLibError.take(error)?.message ?? "bad file name")
        }
        guard let document = poppler_document_new_from_file(uri, password, &error) else {
            let failure = GLibError.take(error)
            if failure?.isPopplerEncrypted == true {
                throw password == nil ? .passwordRequired(path: path) : .wrongPassword(path: path)
            }
            throw .damaged(path: path, detail: failure?.message ?? "poppler could not open it")
        }
        self.handle = document
        self.path = path
        self.password = password
    }

    deinit { g_object_unref(UnsafeMutableRawPointer(handle)) }

    /// Number of pages.
    public var pageCount: Int { Int(poppler_document_get_n_pages(handle)) }

    /// The page at `index` (0-based). A page tree that loops or is cut short reports more pages
    /// than poppler can reach: such a page is refused as damage, never trusted.
    public func page(at index: Int) throws(PDFError) -> PDFPage {
        guard index >= 0 && index < pageCount, let page = poppler_document_get_page(handle, Int32(index)) else {
            throw .damaged(path: path, detail: "page \(index + 1) of \(pageCount) cannot be reached: its page tree is broken")
        }
        return PDFPage(handle: page, document: self, index: index)
    }

    /// The /UserUnit of page `index`, read by qpdf when first asked (measuring or rendering a page),
    /// not when a page is only reached: a merge, which measures nothing, reads each file with qpdf once.
    func userUnit(ofPage index: Int) -> Double { userUnits.indices.contains(index) ? userUnits[index] : 1 }

    /// How page assembly (qpdf) reads the same file — its page count and units — for checking that
    /// every export will be able to copy its pages; throws qpdf's error when it cannot read them.
    public func assemblySummary() throws(AssemblyError) -> AssemblyCheck.Summary { try assembly.get() }

    /// The document outline (bookmarks), with the 0-based page index each entry opens.
    public var outline: [PDFOutlineItem] {
        guard let iterator = poppler_index_iter_new(handle) else { return [] }
        defer { poppler_index_iter_free(iterator) }
        return PDFOutlineItem.read(iterator)
    }

    /// A file that is not a PDF is refused before poppler sees it, so the user hears "not a PDF"
    /// rather than poppler's "damaged". PDF readers accept the header within the first 1 KiB.
    private static func checkLooksLikePDF(_ path: String) throws(PDFError) {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
            throw .fileNotFound(path: path)
        }
        if isFolder.boolValue { throw .unreadable(path: path, reason: "it is a folder") }
        guard let file = FileHandle(forReadingAtPath: path) else {
            throw .unreadable(path: path, reason: "permission denied")
        }
        defer { try? file.close() }
        let head = (try? file.read(upToCount: 1024)) ?? Data()
        guard head.range(of: Data("%PDF-".utf8)) != nil else { throw .notAPDF(path: path) }
    }
}

extension String {
    /// The path made absolute against the current directory (GLib's URI conversion needs one).
    var absolutePath: String {
        hasPrefix("/") ? self : FileManager.default.currentDirectoryPath + "/" + self
    }
}
