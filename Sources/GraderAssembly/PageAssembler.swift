import Foundation
import GraderFiles
internal import CQPDF

/// Copies original pages into a new PDF at the object level (qpdf's `addPage` of foreign pages):
/// content streams and images are copied byte for byte, never decoded or re-rendered; a page's
/// overlay (the grade layer) is laid over it as a Form XObject.
public enum PageAssembler {
    /// The most source files one write with overlays (or one split) keeps open: qpdf reads a
    /// source's objects until the output is written.
    static let maxOpenSources = 400

    /// Writes `plan` to `outputPath` atomically: written under a temporary name in the same folder,
    /// which is checked (a full disk leaves a short file without its %%EOF) and renamed over
    /// `outputPath` only once complete. On failure nothing is left behind. A plan without overlays
    /// (a combined document) is written page by page as its sources are read, one at a time; pages
    /// with overlays are built by qpdf in memory (a student's booklet and its grade layer), at
    /// most `maxOpenSources` sources. Page labels and an outline are for plans without overlays.
    public static func write(_ plan: MergePlan, to outputPath: String) throws(AssemblyError) {
        guard plan.pageLabels.isEmpty || plan.pageLabels.count == plan.pages.count else {
            throw .badPlan("\(plan.pageLabels.count) labels for \(plan.pages.count) pages")
        }
        guard plan.pages.contains(where: { $0.overlay != nil }) else { return try concatenate(plan, to: outputPath) }
        guard plan.pageLabels.isEmpty && plan.outline.isEmpty else { throw .badPlan("page labels or an outline with overlays") }
        guard plan.sources.count <= maxOpenSources else { throw .badPlan("\(plan.sources.count) sources with overlays; at most \(maxOpenSources)") }
        let output = try QPDFHandle(emptyFor: outputPath)
        var sources: [QPDFHandle] = []
        for source in plan.sources {
            sources.append(try QPDFHandle(reading: source.path, password: source.password))
        }
        try copyPages(plan.pages, from: sources, into: output)
        try layOverlays(plan.pages, on: try outputPages(output), from: sources, into: output)
        try writeAtomically(output, to: outputPath)
    }

    static func copyPages(_ pages: [MergePlan.Page], from sources: [QPDFHandle], into output: QPDFHandle) throws(AssemblyError) {
        for pick in pages {
            guard sources.indices.contains(pick.source) else { throw .badPlan("no source \(pick.source)") }
            let source = sources[pick.source]
            guard pick.pageIndex >= 0 && pick.pageIndex < source.pageCount else {
                throw .badPlan("'\(source.path)' has no page \(pick.pageIndex + 1)")
            }
            let page = qpdf_get_page_n(source.data, pick.pageIndex)
            try source.check { .readFailed(path: source.path, detail: $0) }
            if qpdf_add_page(output.data, source.data, page, QPDF_FALSE) & QPDF_ERRORS != 0 {
                throw .readFailed(path: source.path, detail: output.lastError)
            }
            qpdf_oh_release(source.data, page)
            // A page scanned upside down is turned upright by its /Rotate (before the overlays, which
            // are laid upright over the page as then displayed); its content stays untouched.
            guard pick.turn % 90 == 0 else { throw .badPlan("a page can only be turned by a multiple of 90°, not \(pick.turn)°") }
            if pick.turn % 360 != 0 { try turn(lastPageOf: output, by: pick.turn) }
        }
    }

    /// Adds `degrees` (a multiple of 90) to the /Rotate of the output's last page (which qpdf gave its inherited value).
    private static func turn(lastPageOf output: QPDFHandle, by degrees: Int) throws(AssemblyError) {
        let q = output.data
        let page = qpdf_get_page_n(q, output.pageCount - 1)
        let rotate = qpdf_oh_get_key(q, page, "/Rotate")
        let now = qpdf_oh_is_number(q, rotate) != 0 ? Int(qpdf_oh_get_numeric_value(q, rotate).rounded()) : 0
        let turned = ((now + degrees) % 360 + 360) % 360
        qpdf_oh_replace_key(q, page, "/Rotate", qpdf_oh_new_integer(q, Int64(turned)))
        try output.check { .writeFailed(path: output.path, detail: $0) }
    }

    private static func layOverlays(_ pages: [MergePlan.Page], on pageObjects: [qpdf_oh], from sources: [QPDFHandle], into output: QPDFHandle) throws(AssemblyError) {
        let overlayer = PageOverlayer(output: output, sources: sources)
        for (pick, page) in zip(pages, pageObjects) {
            if let overlay = pick.overlay { try overlayer.lay(overlay, over: page) }
        }
    }

    private static func outputPages(_ output: QPDFHandle) throws(AssemblyError) -> [qpdf_oh] {
        let pages = (0..<output.pageCount).map { qpdf_get_page_n(output.data, $0) }
        try output.check { .writeFailed(path: output.path, detail: $0) }
        return pages
    }

    static func writeAtomically(_ output: QPDFHandle, to outputPath: String) throws(AssemblyError) {
        let temporary = AtomicFile.temporaryPath(for: outputPath)
        defer { unlink(temporary) }
        // qpdf keeps the file name's pointer until qpdf_write returns, so the C string must live that long.
        let status = temporary.withCString { name in
            var status = qpdf_init_write(output.data, name)
            if status & QPDF_ERRORS == 0 {
                // Keep every stream's bytes as they are (no decode / re-compress), like a byte copy.
                qpdf_set_stream_data_mode(output.data, qpdf_s_preserve)
                qpdf_set_object_stream_mode(output.data, qpdf_o_generate)
                // The /ID from the file's content, not the clock: the same pages give the same bytes,
                // so a re-export of unchanged work is not taken for a regrade (`return` compares digests).
                qpdf_set_deterministic_ID(output.data, QPDF_TRUE)
                status = qpdf_write(output.data)
            }
            return status
        }
        if status & QPDF_ERRORS != 0 { throw .writeFailed(path: outputPath, detail: output.lastError) }
        do throws(FileWriteError) {
            try AtomicFile.commit(temporary, to: outputPath, expecting: .pdf)
        } catch {
            throw .writeFailed(path: outputPath, detail: error.cause)
        }
    }
}
