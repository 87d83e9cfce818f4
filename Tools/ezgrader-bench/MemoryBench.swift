import Foundation
import ScanFactory

/// Peak memory of the commands that read a whole class or a whole document: `new`, `export pdf`
/// (every student's graded PDF and the combined document) and `export csv` on scanned classes of
/// two sizes, and `new` of a long born-digital booklet class. Each should be bounded by a page,
/// not by the class or the document: the same ceiling at every size.
enum MemoryBench {
    /// The ceiling every case is held to.
    static let ceilingBytes = 100 * 1_048_576

    static func run(binary: String, classSizes: [Int], pages: Int, bookletPages: Int, bookletStudents: Int, in workFolder: String) throws {
        print("## peak memory (GNU time's maximum resident set of the command), ceiling \(megabytes(ceilingBytes)) MB")
        print("case".padding(toLength: 52, withPad: " ", startingAt: 0) + "time s   peak MB")
        var over: [String] = []
        let report = { (name: String, measured: Measurement) in
            print(name.padding(toLength: 52, withPad: " ", startingAt: 0) + String(format: "%-9.2f", measured.seconds)
                + megabytes(measured.peakBytes) + (measured.peakBytes > ceilingBytes ? "  over" : ""))
            if measured.peakBytes > ceilingBytes { over.append(name) }
        }
        for students in classSizes {
            let files = try ClassGenerator.scannedClass(students: students, pages: pages, in: workFolder)
            let project = "\(workFolder)/out/memory-\(students)x\(pages).ezgrader"
            let out = "\(workFolder)/out/memory-\(students)x\(pages)"
            try? FileManager.default.removeItem(atPath: project)
            try? FileManager.default.removeItem(atPath: out)
            report("new, \(students) × \(pages) scanned", try measure([binary, "new", project] + files + ["--grader", "bench"]))
            _ = try measure([binary, "question", "add", project, "--page", "1", "--at", "476,80", "--max", "4", "--grader", "bench"])
            _ = try measure([binary, "score", project, "--student", "Student 0001", "--question", "p1q1", "3", "--grader", "bench"])
            report("export pdf --all --combined, \(students) × \(pages)",
                   try measure([binary, "export", "pdf", project, "--out", out, "--all", "--combined", "\(out)/class.pdf"]))
            report("export csv, \(students) × \(pages)", try measure([binary, "export", "csv", project, "-o", "\(out)/scores.csv"]))
            try? FileManager.default.removeItem(atPath: project)
            try? FileManager.default.removeItem(atPath: out)
        }
        let booklets = try bornDigitalClass(students: bookletStudents, pages: bookletPages, in: workFolder)
        let project = "\(workFolder)/out/memory-booklets.ezgrader"
        try? FileManager.default.removeItem(atPath: project)
        report("new, \(bookletStudents) × \(bookletPages)-page born-digital booklets",
               try measure([binary, "new", project] + booklets + ["--grader", "bench"]))
        try? FileManager.default.removeItem(atPath: project)
        print(over.isEmpty ? "every case within the ceiling\n" : "over the ceiling: \(over.joined(separator: "; "))\n")
    }

    /// `students` typed booklets of `pages` pages, generated once.
    private static func bornDigitalClass(students: Int, pages: Int, in workFolder: String) throws -> [String] {
        let folder = "\(workFolder)/born-digital-\(students)x\(pages)"
        let files = (1...students).map { String(format: "\(folder)/Student %02d.pdf", $0) }
        if FileManager.default.fileExists(atPath: "\(folder)/.complete") { return files }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for (index, file) in files.enumerated() {
            try ScanFactory.writeBornDigitalBooklet(to: URL(fileURLWithPath: file), studentName: "Student \(index + 1)", pageCount: pages)
        }
        _ = FileManager.default.createFile(atPath: "\(folder)/.complete", contents: nil)
        return files
    }
}
