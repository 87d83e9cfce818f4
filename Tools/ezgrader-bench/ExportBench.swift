import Foundation

/// `ezgrader export pdf` (every student's graded PDF plus the combined class document) next to
/// qpdf assembling the same pages: once as one combined file, and once producing the same files
/// (a copy per student, then the combined document).
enum ExportBench {
    static func run(binary: String, files: [String], pages: Int, runs: Int, in workFolder: String, inputBytes: Int) throws {
        let project = "\(workFolder)/export-\(files.count)x\(pages).ezgrader"
        let out = "\(workFolder)/out"
        try? FileManager.default.removeItem(atPath: project)
        let rubric = "\(workFolder)/bench-rubric.yaml"
        try ("questions:\n" + (1...pages).flatMap { page in
            ["  - page: \(page)\n    at: 476,80\n    max: 4\n", "  - page: \(page)\n    at: 476,420\n    max: 6\n"]
        }.joined()).write(toFile: rubric, atomically: true, encoding: .utf8)
        _ = try measure([binary, "new", project] + files + ["--rubric", rubric])
        _ = try measure([binary, "score", project, "--student", "Student 0001", "--question", "p1q1", "3"])
        _ = try measure([binary, "note", "add", project, "--student", "Student 0002", "--page", "1", "--at", "100,300", "Check the units — 单位"])

        let perStudentCopies = files.enumerated().map { "qpdf '\($1)' '\(out)/qpdf-student-\($0).pdf'" }.joined(separator: "; ")
        let combinedPicks = files.map { "'\($0)'" }.joined(separator: " ")
        let cases = [
            BenchCase(tool: "qpdf, combined only", command: ["/usr/bin/qpdf", "--empty", "--pages"] + files + ["--", "\(out)/qpdf-combined.pdf"]),
            BenchCase(tool: "qpdf, same files", command: ["/bin/sh", "-c",
                "\(perStudentCopies); qpdf --empty --pages \(combinedPicks) -- '\(out)/qpdf-same-files.pdf'"],
                      output: "\(out)/qpdf-same-files.pdf"),
            BenchCase(tool: "ezgrader export pdf", command: [binary, "export", "pdf", project, "--out", "\(out)/graded", "--all",
                                                             "--order", "per-student", "--combined", "\(out)/ezgrader-combined.pdf"],
                      output: "\(out)/ezgrader-combined.pdf"),
        ]
        let results = try BenchCase.runAlternating(cases, runs: runs)
        Report.print(title: "export pdf: \(files.count) graded PDFs + the combined document (output = combined file only)",
                     results: results, inputBytes: inputBytes)
    }
}
