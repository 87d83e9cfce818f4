import Foundation
import ScanFactory

/// `ezgrader new --bulk` on one bulk scan of a whole class (codes read, pages sorted, one booklet
/// per copy assembled) next to qpdf splitting the same file by explicit page ranges, and the same
/// at half the class size so a peak memory that grows with the class shows.
enum BulkBench {
    static func run(binary: String, copies: Int, pages: Int, runs: Int, in workFolder: String) throws {
        for (count, dpi) in [(copies / 2, 150.0), (copies, 150), (copies / 2, 300)] where count > 0 {
            let scan = try bulkScan(binary: binary, copies: count, pages: pages, dpi: dpi, in: workFolder)
            let out = "\(workFolder)/out/bulk-\(count)x\(pages)-\(Int(dpi))dpi"
            try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
            let ranges = (0..<count).map { "qpdf --empty --pages '\(scan)' \($0 * pages + 1)-\(($0 + 1) * pages) -- '\(out)/qpdf-\($0 + 1).pdf'" }
            let project = "\(out)/bulk.ezgrader"
            let cases = [
                BenchCase(tool: "qpdf, page ranges", command: ["/bin/sh", "-c", ranges.joined(separator: "; ")], output: "\(out)/qpdf-1.pdf"),
                BenchCase(tool: "qpdf --split-pages", command: ["/usr/bin/qpdf", "--split-pages=\(pages)", scan, "\(out)/split-%d.pdf"],
                          output: scan),
                BenchCase(tool: "ezgrader new --bulk", command: ["/bin/sh", "-c", "rm -rf '\(project)' && '\(binary)' new '\(project)' --bulk '\(scan)'"],
                          output: "\(project)/scans/copy-0001.pdf"),
            ]
            let results = try BenchCase.runAlternating(cases, runs: runs)
            Report.print(title: "bulk scan at \(Int(dpi)) dpi split into \(count) copies × \(pages) pages (\(count * pages) pages in one PDF; "
                         + "output = copy 1)", results: results, inputBytes: try fileSize(scan))
            let seconds = results[2].seconds
            print(String(format: "ezgrader read %.1f pages/s (codes found on every page: %@)", Double(count * pages) / seconds,
                         try allPlaced(binary: binary, project: project, copies: count) ? "yes" : "NO"))
            let perPage = results.map { String(format: "%@ %.1f ms", $0.tool, 1000 * $0.cpuSeconds / Double(count * pages)) }
            print("processor time a page (user + system): " + perPage.joined(separator: ", ") + "\n")
        }
    }

    /// Prepares `copies` coded copies of a marked exam and scans them in order at `dpi` (every
    /// 97th sheet upside down), once; cached.
    private static func bulkScan(binary: String, copies: Int, pages: Int, dpi: Double, in workFolder: String) throws -> String {
        let folder = "\(workFolder)/bulk-\(copies)x\(pages)" + (dpi == 150 ? "" : "-\(Int(dpi))dpi")
        let scan = "\(folder)/scan.pdf"
        if FileManager.default.fileExists(atPath: "\(folder)/.complete") { return scan }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        FileHandle.standardError.write(Data("generating a bulk scan of \(copies) copies × \(pages) pages in \(folder) …\n".utf8))
        try ScanFactory.writeMarkedExam(to: URL(fileURLWithPath: "\(folder)/exam.pdf"), pageCount: pages)
        _ = try measure([binary, "prepare", "\(folder)/exam.pdf", "--copies", "\(copies)", "--exam-id", "BENCH", "-o", "\(folder)/print.pdf"])
        let sheets = (0..<copies * pages).map { BulkSheet.printed(pageIndex: $0, upsideDown: $0 % 97 == 50) }
        try ScanFactory.writeBulkScan(of: "\(folder)/print.pdf", sheets: sheets, to: URL(fileURLWithPath: scan), style: ScanStyle(dpi: dpi, jpegQuality: ScanStyle.benchmark.jpegQuality), seed: 2026)
        _ = FileManager.default.createFile(atPath: "\(folder)/.complete", contents: nil)
        return scan
    }

    /// True when the project has a booklet for every copy.
    private static func allPlaced(binary: String, project: String, copies: Int) throws -> Bool {
        (1...copies).allSatisfy { FileManager.default.fileExists(atPath: String(format: "\(project)/scans/copy-%04d.pdf", $0)) }
    }
}
