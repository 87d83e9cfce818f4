import Foundation
import GraderAnalysis
import GraderCore
import GraderPDF

/// The statistics report of a project: what `ezgrader stats` shows, and its HTML or PDF file.
public enum StatisticsReport {
    /// The file kinds a report can be written as, by the output's extension.
    public enum Format: String, Sendable, CaseIterable {
        /// One self-contained HTML page (inline SVG charts).
        case html
        /// A PDF drawn with cairo, on the class's paper (Letter or A4).
        case pdf

        /// The format `path` asks for by its extension (.html, .htm or .pdf), or the error naming them.
        public init(path: String) throws(StatisticsReportError) {
            switch (path as NSString).pathExtension.lowercased() {
            case "html", "htm": self = .html
            case "pdf": self = .pdf
            default: throw .unknownFormat(path: path)
            }
        }
    }

    /// Writes `analysis` as a report at `path` (HTML or PDF by its extension), atomically: a
    /// failed write leaves nothing under that name. `title` names the exam; a PDF goes on `paper`.
    public static func write(_ analysis: ExamAnalysis, title: String, paper: PaperSize = .a4, to path: String) throws(StatisticsReportError) {
        let format = try Format(path: path)
        let document = analysis.report(title: title)
        do {
            switch format {
            case .html: try AtomicFile.write(Data(document.html.utf8), to: path)
            case .pdf: try ReportPDFWriter.write(document, paper: paper, to: path)
            }
        } catch PDFError.drawingFailed(_, let detail) {
            throw .writeFailed(path: path, detail: detail)
        } catch let error as FileWriteError {
            throw .writeFailed(path: path, detail: error.cause)
        } catch {
            throw .writeFailed(path: path, detail: (error as NSError).localizedFailureReason ?? error.localizedDescription)
        }
    }
}
